// The live view against a real session browser, driven through the official SDK: its URL and
// origin, its credential, JPEG frames while the page moves, a click and keys that reach the page
// (and follow a new tab), a read-only viewer that reaches nothing, the page itself in a browser,
// the viewers' telemetry events, and what a viewer is told when the session ends.
import type Kernel from '@onkernel/sdk';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TelemetryEnvelope } from '../../../src/types/api.ts';
import { sleep } from '../../testing/event-log.ts';
import { until, ViewerClient } from '../../testing/live-view-client.ts';
import {
  startReference,
  TEST_TOKEN,
  type ReferenceHarness,
  sdkClient,
} from '../../testing/reference-harness.ts';
import { refusedUpgradeStatus } from '../../testing/ws-upgrade.ts';
import { findChromium } from '../browser/chromium-process.ts';

const lookup = findChromium();
if (lookup.path === undefined)
  console.warn(`live-view.test.ts: real browser tests skipped: ${lookup.reason}`);

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** A page that never stops moving, with a button that counts its clicks and a text field. */
const ANIMATED = `<!doctype html><style>
  body { margin: 0; background: #fff }
  #go { position: absolute; left: 100px; top: 100px; width: 200px; height: 100px }
  #field { position: absolute; left: 400px; top: 100px; width: 200px; height: 40px }
  #box { position: absolute; top: 400px; width: 80px; height: 80px; background: #c33 }
</style>
<button id="go">Go</button><input id="field"><div id="box"></div>
<script>
  window.clicks = 0;
  document.getElementById('go').addEventListener('click', () => { window.clicks += 1; });
  let step = 0;
  (function move() {
    document.getElementById('box').style.left = ((step += 7) % 1100) + 'px';
    requestAnimationFrame(move);
  })();
</script>`;

const ANIMATED_URL = `data:text/html;base64,${Buffer.from(ANIMATED).toString('base64')}`;

/** Where the button's centre is, as fractions of a 1280×720 viewport. */
const BUTTON = { x: 200 / 1280, y: 150 / 720 };
const FIELD = { x: 500 / 1280, y: 120 / 720 };

describe('a session without a browser', () => {
  it('has no live view, and the server opens no listener for one', async () => {
    const h = await startReference();
    try {
      const client = sdkClient(h);
      const session = await client.browsers.create({});
      expect(session.browser_live_view_url).toBeUndefined();
      expect(h.reference.liveView).toBeUndefined();
      expect(h.reference.getSession(session.session_id)?.browser).toBeUndefined();
    } finally {
      await h.close();
    }
  });
});

describe.skipIf(!lookup.path)('the live view (real Chromium)', () => {
  let h: ReferenceHarness;
  let client: Kernel;
  let id: string;
  let liveUrl: string;
  let agent: Browser;
  let page: Page;
  let viewerBrowser: Browser | undefined;

  const clicks = (on: Page = page): Promise<number> =>
    on.evaluate(() => (window as unknown as { clicks: number }).clicks);

  const history = async (): Promise<TelemetryEnvelope['event'][]> => {
    const response = await h.call(`/browsers/${id}/telemetry/events?since=1h&limit=1000`);
    return ((await response.json()) as TelemetryEnvelope[]).map((envelope) => envelope.event);
  };

  beforeAll(async () => {
    h = await startReference({ browser: true });
    client = sdkClient(h, 20_000);
    const session = await client.browsers.create({
      telemetry: { browser: { interaction: { enabled: true } } },
    });
    id = session.session_id;
    liveUrl = session.browser_live_view_url ?? '';
    agent = await chromium.connectOverCDP(session.cdp_ws_url);
    const tab = agent.contexts()[0]?.pages()[0];
    if (!tab) throw new Error('the session browser has no tab');
    page = tab;
    await page.goto(ANIMATED_URL);
  }, 60_000);

  afterAll(async () => {
    await viewerBrowser?.close().catch(() => undefined);
    await agent?.close().catch(() => undefined);
    await h?.close();
  }, 30_000);

  it('is on an origin of its own, with its own credential', async () => {
    const live = new URL(liveUrl);
    const api = new URL(h.api);
    expect(live.protocol).toBe('http:');
    expect(live.hostname).toBe(api.hostname);
    expect(live.port).not.toBe(api.port);
    expect(live.origin).toBe(h.reference.liveView?.originFor(api.host));
    expect(live.pathname).toBe(`/live/${id}/`);
    const credential = live.searchParams.get('jwt') ?? '';
    expect(credential.length).toBeGreaterThanOrEqual(20);
    expect(credential).not.toBe(TEST_TOKEN);
    expect(liveUrl).not.toContain(TEST_TOKEN);
    // the same URL whichever way the session is read
    expect((await client.browsers.retrieve(id)).browser_live_view_url).toBe(liveUrl);

    const response = await fetch(liveUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const script = await fetch(new URL('live-view.js', liveUrl));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('refuses a wrong or missing credential (page and socket) and an unknown session', async () => {
    const wrong = liveUrl.replace(/jwt=[\w-]+/, 'jwt=not-the-credential');
    const missing = liveUrl.replace(/\?.*$/, '');
    const bearer = liveUrl.replace(/jwt=[\w-]+/, `jwt=${TEST_TOKEN}`);
    for (const url of [wrong, missing, bearer]) {
      expect((await fetch(url)).status).toBe(401);
      expect(await refusedUpgradeStatus(ViewerClient.socketUrl(url))).toBe(401);
    }
    const unknown = liveUrl.replace(`/live/${id}/`, '/live/no-such-session/');
    expect((await fetch(unknown)).status).toBe(404);
    expect(await refusedUpgradeStatus(ViewerClient.socketUrl(unknown))).toBe(404);
  });

  it('sends JPEG frames several times a second while the page moves', async () => {
    const viewer = await ViewerClient.open(liveUrl);
    try {
      await viewer.waitForFrames(1);
      const start = performance.now();
      const before = viewer.frames.length;
      await sleep(2_000);
      const got = viewer.frames.slice(before);
      const perSecond = got.length / ((performance.now() - start) / 1000);
      console.log(`live view: ${perSecond.toFixed(1)} frames/s while the page animates`);
      expect(perSecond).toBeGreaterThanOrEqual(5);
      for (const frame of viewer.frames)
        expect(frame.jpeg.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
      expect(viewer.texts.map((text) => JSON.parse(text) as unknown)).toContainEqual({
        type: 'hello',
        readOnly: false,
      });
    } finally {
      await viewer.close();
    }
  });

  it('forwards a click and keys to the page; a read-only viewer forwards nothing', async () => {
    const viewer = await ViewerClient.open(liveUrl);
    const watcher = await ViewerClient.open(liveUrl, true);
    try {
      await Promise.all([viewer.waitForFrames(1), watcher.waitForFrames(1)]);
      const before = await clicks();
      viewer.click(BUTTON);
      await until(clicks, (n) => n === before + 1);
      viewer.click(FIELD);
      viewer.type('hi');
      await until(
        () => page.evaluate(() => (document.getElementById('field') as HTMLInputElement).value),
        (value) => value === 'hi',
      );

      // the read-only viewer sends the same, and the server drops all of it
      watcher.click(BUTTON);
      watcher.click(FIELD);
      watcher.type('xyz');
      await watcher.waitForFrames(watcher.frames.length + 5);
      await sleep(300);
      expect(await clicks()).toBe(before + 1);
      expect(
        await page.evaluate(() => (document.getElementById('field') as HTMLInputElement).value),
      ).toBe('hi');
      expect(watcher.frames.length).toBeGreaterThan(5);
    } finally {
      await viewer.close();
      await watcher.close();
    }
    const events = await until(history, (list) =>
      list.some((event) => event.type === 'live_view_disconnect' && event.data?.read_only === true),
    );
    const clicked = events.filter((event) => event.type === 'interaction_click');
    expect(clicked.length).toBeGreaterThanOrEqual(1);
    const readOnlyEnd = events.find(
      (event) => event.type === 'live_view_disconnect' && event.data?.read_only === true,
    );
    expect(readOnlyEnd?.data).toMatchObject({ inputs_forwarded: 0, reason: 'viewer_closed' });
    expect(Number(readOnlyEnd?.data?.inputs_ignored)).toBeGreaterThanOrEqual(6);
  });

  it('follows the newest tab, and goes back when it closes', async () => {
    const viewer = await ViewerClient.open(liveUrl);
    const context = agent.contexts()[0];
    if (!context) throw new Error('no browser context');
    const second = await context.newPage();
    try {
      await second.goto(ANIMATED_URL);
      const first = await clicks();
      await until(
        async () => {
          viewer.click(BUTTON);
          await sleep(200);
          return clicks(second);
        },
        (n) => n > 0,
      );
      expect(await clicks()).toBe(first);
      await second.close();
      await until(
        async () => {
          viewer.click(BUTTON);
          await sleep(200);
          return clicks();
        },
        (n) => n > first,
      );
    } finally {
      await viewer.close();
    }
  });

  it('the page shows the screen and forwards a click; read-only it only shows', async () => {
    viewerBrowser = await chromium.launch({
      executablePath: lookup.path,
      env: { ...process.env, ...(lookup.path ? lookup.env : {}) },
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const viewerPage = await viewerBrowser.newPage({ viewport: { width: 1280, height: 720 } });
    const problems: string[] = [];
    viewerPage.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    viewerPage.on('pageerror', (error) => problems.push(error.message));
    await viewerPage.goto(liveUrl);
    const canvas = viewerPage.locator('#screen');
    await until(
      async () => Number(await canvas.getAttribute('data-frames')),
      (n) => n >= 3,
    );
    expect(await viewerPage.locator('#status').isHidden()).toBe(true);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the canvas is not shown');
    const before = await clicks();
    await viewerPage.mouse.click(box.x + box.width * BUTTON.x, box.y + box.height * BUTTON.y);
    await until(clicks, (n) => n === before + 1);

    await viewerPage.goto(`${liveUrl}&readOnly=true`);
    await until(
      async () => Number(await canvas.getAttribute('data-frames')),
      (n) => n >= 3,
    );
    expect(await viewerPage.locator('#mode').textContent()).toBe('View only');
    await viewerPage.mouse.click(box.x + box.width * BUTTON.x, box.y + box.height * BUTTON.y);
    await sleep(500);
    expect(await clicks()).toBe(before + 1);
    expect(problems).toEqual([]);
    await viewerPage.close();
  }, 40_000);

  it('keeps its viewers while the browser restarts after a crash', async () => {
    const viewer = await ViewerClient.open(liveUrl);
    try {
      await viewer.waitForFrames(1);
      const browser = h.reference.getSession(id)?.browser;
      const crashed = browser?.crash();
      expect(crashed).toEqual(expect.any(Number));
      await until(
        () => browser?.pid,
        (pid) => pid !== undefined && pid !== crashed,
      );
      // the relaunched browser's tab, on the same socket
      await viewer.waitForFrames(viewer.frames.length + 1);
      expect(viewer.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      await viewer.close();
    }
  });

  it('tells viewers (a socket, the page) that the session ended; their events are in the history', async () => {
    const viewer = await ViewerClient.open(liveUrl);
    await viewer.waitForFrames(1);
    await until(history, (list) => list.filter((e) => e.type === 'live_view_connect').length >= 8);
    const events = await history();
    const connects = events.filter((event) => event.type === 'live_view_connect');
    const disconnects = events.filter((event) => event.type === 'live_view_disconnect');
    for (const event of [...connects, ...disconnects]) {
      expect(event.category).toBe('connection');
      expect(event.data).toMatchObject({
        connection_id: expect.any(String),
        read_only: expect.any(Boolean),
      });
    }
    // every viewer so far (six sockets, the page twice, this one) came and, but for this one, went
    expect(connects.length).toBe(disconnects.length + 1);
    expect(disconnects.every((event) => typeof event.data?.duration_ms === 'number')).toBe(true);
    expect(new Set(connects.map((event) => event.data?.connection_id)).size).toBe(connects.length);

    if (!viewerBrowser) throw new Error('the viewer browser did not start');
    const shown = await viewerBrowser.newPage();
    await shown.goto(liveUrl);
    await until(
      async () => Number(await shown.locator('#screen').getAttribute('data-frames')),
      (n) => n >= 1,
    );

    await client.browsers.deleteByID(id);
    expect(await viewer.closed).toBe(4000);
    expect((await fetch(liveUrl)).status).toBe(404);
    await until(
      () => shown.locator('#status').textContent(),
      (text) => text === 'The session has ended.',
    );
    // the ended session's history: both viewers left as it ended
    const final = await history();
    const ended = final.filter(
      (event) => event.type === 'live_view_disconnect' && event.data?.reason === 'session_ended',
    );
    expect(ended).toHaveLength(2);
    expect(final.filter((event) => event.type === 'live_view_connect')).toHaveLength(9);
    expect(final.filter((event) => event.type === 'live_view_disconnect')).toHaveLength(9);
  });
});
