// Screenshots of one tab at a pace, as the screen source takes them instead of its screencast
// while only recordings watch a page that keeps painting (screen-sampling.ts says when).
import type { CdpConnection } from './cdp-connection.ts';

/** A screenshot not answered by then has failed (one asked across a navigation may never be). */
const SCREENSHOT_TIMEOUT_MS = 2_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export interface TabScreenshots {
  connection: CdpConnection;
  /** The tab's session on `connection`. */
  sessionId: string;
  /** What `Page.captureScreenshot` is asked for. */
  params: Record<string, unknown>;
  /** The pace: time between two screenshots, read before each. */
  intervalMs(): number;
  /** Whether to go on; checked before and after each screenshot. */
  going(): boolean;
  /** One screenshot (base64 JPEG), `changed` from the one before. */
  onShot(data: string, changed: boolean): void;
  /** A screenshot failed or was not answered: the screenshots stop. */
  onFailure(): void;
}

/**
 * Takes screenshots at the pace (or as fast as the browser answers, when slower) while `going`,
 * one at a time.
 */
export async function takeScreenshots(tab: TabScreenshots): Promise<void> {
  let previous: string | undefined;
  let nextAt = performance.now();
  while (tab.going()) {
    const wait = nextAt - performance.now();
    if (wait > 0) await sleep(wait);
    if (!tab.going()) return;
    nextAt = Math.max(nextAt + tab.intervalMs(), performance.now());
    let data: string;
    try {
      const asked = tab.connection.send<{ data: string }>(
        'Page.captureScreenshot',
        tab.params,
        tab.sessionId,
      );
      ({ data } = await within(asked, SCREENSHOT_TIMEOUT_MS));
    } catch {
      if (tab.going()) tab.onFailure();
      return;
    }
    if (!tab.going()) return;
    tab.onShot(data, data !== previous);
    previous = data;
  }
}
