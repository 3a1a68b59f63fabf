import { CdpConnection } from '../browser/cdp-connection.ts';

/** What the driver needs from the session's browser. */
export interface DrivenBrowser {
  /**
   * Where the driver connects while the browser runs: the session's `cdp_ws_url`, as an agent
   * would, so that its commands show in the telemetry (`cdp_command`) like any automation's.
   */
  readonly cdpUrl: string | undefined;
  writeClipboard(text: string): Promise<void>;
}

/** One step of the demo: what a person would do next on the demo site, at a person's pace. */
type Step =
  | { goto: string }
  | { click: string }
  | { type: string; into: string }
  | { scroll: number }
  | { paste: string; into: string }
  | { wait: number };

/** The demo's loop through the shop: browsing, the failing buttons, the account form, a paste. */
export const DEMO_SCRIPT: readonly Step[] = [
  { goto: 'index.html' },
  { wait: 2500 },
  { scroll: 900 },
  { wait: 1500 },
  { scroll: -900 },
  { wait: 1200 },
  { click: 'a[href="products.html"]' },
  { wait: 2500 },
  { click: '#add-to-cart' },
  { wait: 1800 },
  { click: '#load-recommendations' },
  { wait: 2200 },
  { click: '#refresh-prices' },
  { wait: 2200 },
  { click: '#schedule-sync' },
  { wait: 2500 },
  { click: 'a[href="account.html"]' },
  { wait: 2500 },
  { type: 'ada@example.test', into: '#email' },
  { type: 'correct horse battery', into: '#password' },
  { type: 'Leave it with the concierge.', into: '#notes' },
  { wait: 800 },
  { paste: ' Gate code 4521.', into: '#notes' },
  { wait: 1200 },
  { click: '#save' },
  { wait: 3000 },
];

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** One CDP session on the browser's first page, with the few inputs a person makes. */
class PageHand {
  private constructor(
    private readonly connection: CdpConnection,
    private readonly sessionId: string,
  ) {}

  static async open(url: string): Promise<PageHand> {
    const connection = await CdpConnection.connect(url);
    const { targetInfos } = await connection.send<{
      targetInfos: { targetId: string; type: string }[];
    }>('Target.getTargets');
    let page = targetInfos.find((target) => target.type === 'page');
    if (!page) {
      const created = await connection.send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
      });
      page = { targetId: created.targetId, type: 'page' };
    }
    const { sessionId } = await connection.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: page.targetId,
      flatten: true,
    });
    return new PageHand(connection, sessionId);
  }

  get closed(): boolean {
    return this.connection.isClosed;
  }

  close(): void {
    this.connection.close();
  }

  private send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}) {
    return this.connection.send<T>(method, params, this.sessionId);
  }

  goto(url: string): Promise<unknown> {
    return this.send('Page.navigate', { url });
  }

  /** The centre of the element in the viewport, after scrolling it into view. */
  private async centre(selector: string): Promise<{ x: number; y: number } | undefined> {
    const { result } = await this.send<{ result: { value?: { x: number; y: number } | null } }>(
      'Runtime.evaluate',
      {
        expression: `(() => {
          const element = document.querySelector(${JSON.stringify(selector)});
          if (!element) return null;
          element.scrollIntoView({ block: 'center', inline: 'center' });
          const box = element.getBoundingClientRect();
          return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        })()`,
        returnByValue: true,
      },
    );
    return result.value ?? undefined;
  }

  async click(selector: string): Promise<void> {
    const at = await this.centre(selector);
    if (!at) return;
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', ...at });
    const press = { ...at, button: 'left', clickCount: 1 };
    await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...press });
    await this.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...press });
  }

  async type(text: string, signal: AbortSignal): Promise<void> {
    for (const char of text) {
      if (signal.aborted) return;
      await this.send('Input.dispatchKeyEvent', { type: 'keyDown', key: char, text: char });
      await this.send('Input.dispatchKeyEvent', { type: 'keyUp', key: char });
      await sleep(90, signal);
    }
  }

  async pasteShortcut(): Promise<void> {
    const key = { key: 'v', code: 'KeyV', windowsVirtualKeyCode: 86, modifiers: 2 };
    await this.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key, commands: ['paste'] });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  }

  async scroll(deltaY: number, signal: AbortSignal): Promise<void> {
    const steps = 6;
    for (let index = 0; index < steps && !signal.aborted; index++) {
      await this.send('Input.dispatchMouseEvent', {
        type: 'mouseWheel',
        x: 640,
        y: 360,
        deltaX: 0,
        deltaY: deltaY / steps,
      });
      await sleep(60, signal);
    }
  }
}

/**
 * Plays the demo script in the session's browser, forever, at a person's pace: the demo session
 * keeps producing real console errors, network traffic, navigations and interactions while the
 * machine stays quiet. It reconnects when the browser restarts.
 */
export function startDemoDriver(
  browser: DrivenBrowser,
  siteUrl: string,
  script: readonly Step[] = DEMO_SCRIPT,
): { stop(): void } {
  const abort = new AbortController();
  const { signal } = abort;
  let hand: PageHand | undefined;

  const run = async (step: Step, page: PageHand): Promise<void> => {
    if ('goto' in step) await page.goto(new URL(step.goto, siteUrl).href);
    else if ('click' in step) await page.click(step.click);
    else if ('type' in step) {
      await page.click(step.into);
      await page.type(step.type, signal);
    } else if ('paste' in step) {
      await browser.writeClipboard(step.paste);
      await page.click(step.into);
      await page.pasteShortcut();
    } else if ('scroll' in step) await page.scroll(step.scroll, signal);
    else await sleep(step.wait, signal);
  };

  const loop = async (): Promise<void> => {
    while (!signal.aborted) {
      try {
        const url = browser.cdpUrl;
        if (!url) {
          await sleep(1000, signal);
          continue;
        }
        hand = await PageHand.open(url);
        while (!signal.aborted && !hand.closed) {
          for (const step of script) {
            if (signal.aborted || hand.closed) break;
            await run(step, hand);
          }
        }
      } catch {
        // The browser went away mid-step (a crash or a restart): start over once it is back.
      } finally {
        hand?.close();
        hand = undefined;
      }
      await sleep(1000, signal);
    }
  };
  void loop();
  return {
    stop() {
      abort.abort();
      hand?.close();
    },
  };
}
