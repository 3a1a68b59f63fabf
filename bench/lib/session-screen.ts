/**
 * A session browser's screen for the benchmark: its tab driven over the session's `cdp_ws_url`
 * as an agent drives it, the pages it shows (one colour that changes on demand, or an animation),
 * and its live view (`browser_live_view_url`) opened read-only in a page of the benchmark's
 * Chromium, whose canvas is watched for a colour.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import type { BenchServer } from './server.ts';

/** A full-window colour, changed by `paintColour`. */
export const COLOUR_PAGE = `<!doctype html><body style="margin:0">
<div id="fill" style="position:fixed;inset:0;background:rgb(128,128,128)"></div></body>`;

/**
 * A page that changes every frame as a busy page does: text that counts, a box that moves (laid
 * out and painted again each frame, not only composited).
 */
export const ANIMATED_PAGE = `<!doctype html><body style="margin:0;font:20px sans-serif;background:#f4f4f0">
<h1 style="margin:16px">Orders</h1><p id="clock" style="margin:16px"></p>
<div id="box" style="position:absolute;top:160px;width:160px;height:120px;background:#2a6fd6"></div>
<script>
const box = document.getElementById('box');
const clock = document.getElementById('clock');
const step = (time) => {
  box.style.left = (Math.abs(((time / 4) % 2000) - 1000)) + 'px';
  clock.textContent = 'frame at ' + time.toFixed(1) + ' ms';
  requestAnimationFrame(step);
};
requestAnimationFrame(step);
</script></body>`;

/** The session's tab, driven as an agent drives it, and how to let go of it. */
export interface DrivenSession {
  tab: Page;
  liveViewUrl: string;
  close(): Promise<void>;
}

export async function driveSession(server: BenchServer, sessionId: string): Promise<DrivenSession> {
  const response = await server.api(`/browsers/${sessionId}`);
  const record = (await response.json()) as {
    cdp_ws_url?: string;
    browser_live_view_url?: string;
    browser_unavailable_reason?: string;
  };
  if (!record.cdp_ws_url || !record.browser_live_view_url)
    throw new Error(
      `session ${sessionId} has no browser to show: ${record.browser_unavailable_reason ?? 'no live view'}`,
    );
  const agent = await chromium.connectOverCDP(record.cdp_ws_url);
  const context = agent.contexts()[0] ?? (await agent.newContext());
  const tab = context.pages()[0] ?? (await context.newPage());
  return {
    tab,
    liveViewUrl: record.browser_live_view_url,
    close: () => agent.close().catch(() => undefined),
  };
}

/** Sets the colour page's colour; resolves with the wall-clock ms (to the µs) it was set at. */
export function paintColour(tab: Page, rgb: readonly [number, number, number]): Promise<number> {
  return tab.evaluate((colour) => {
    const fill = document.getElementById('fill');
    if (fill) fill.style.background = `rgb(${colour.join(',')})`;
    return performance.timeOrigin + performance.now();
  }, rgb);
}

/**
 * In the live view page: `__screenWatch(rgb, timeoutMs)` checks the canvas's middle pixel at
 * every animation frame from now and settles `__screenSeen` with the wall-clock ms of the first
 * frame that paints it within a JPEG's tolerance of `rgb` (null after the timeout).
 */
const WATCHER = `window.__screenWatch = (rgb, timeoutMs) => {
  window.__screenSeen = new Promise((resolve) => {
    const canvas = document.getElementById('screen');
    const context = canvas.getContext('2d');
    const started = performance.now();
    const look = () => {
      const [r, g, b] = context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
      if (Math.abs(r - rgb[0]) <= 48 && Math.abs(g - rgb[1]) <= 48 && Math.abs(b - rgb[2]) <= 48)
        return resolve(performance.timeOrigin + performance.now());
      if (performance.now() - started > timeoutMs) return resolve(null);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}`;

/** The frames the live view page has drawn so far. */
export function framesDrawn(viewer: Page): Promise<number> {
  return viewer.evaluate<number>(
    `Number(document.getElementById('screen')?.dataset.frames ?? '0')`,
  );
}

/** The live view opened read-only in a page of its own, once its first frame is drawn. */
export async function openViewer(browser: Browser, liveViewUrl: string): Promise<Page> {
  const url = new URL(liveViewUrl);
  url.searchParams.set('readOnly', 'true');
  const viewer = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await viewer.goto(url.toString());
  // polled from here: the page's policy allows no script evaluated inside it (waitForFunction's)
  const deadline = Date.now() + 30_000;
  while ((await framesDrawn(viewer)) === 0) {
    if (Date.now() > deadline) throw new Error('the live view drew no frame within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await viewer.evaluate(WATCHER);
  return viewer;
}

/** Starts watching the viewer's canvas for `rgb` (see WATCHER); `seen` then says when. */
export function watchFor(
  viewer: Page,
  rgb: readonly [number, number, number],
  timeoutMs: number,
): Promise<void> {
  return viewer.evaluate(`window.__screenWatch(${JSON.stringify(rgb)}, ${timeoutMs})`);
}

/** When the watched colour was painted (wall-clock ms), or null if it never was. */
export function seen(viewer: Page): Promise<number | null> {
  return viewer.evaluate<number | null>('window.__screenSeen');
}

const SCREEN_CLOSED = `if (window.localStorage.getItem('session-console.screen-open') === null)
  window.localStorage.setItem('session-console.screen-open', 'false');`;

/**
 * The browser, but every page it opens starts with the session view's Screen panel closed (as
 * the end-to-end tests open it): the dashboard then watches no live view of its own.
 */
export function withScreenClosed(browser: Browser): Browser {
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newPage')
        return async (options?: Parameters<Browser['newPage']>[0]): Promise<Page> => {
          const page = await target.newPage(options);
          await page.addInitScript(SCREEN_CLOSED);
          return page;
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
