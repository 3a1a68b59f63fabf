import { nowMicros } from '../clock.ts';
import type { CollectedEvent, PageTarget } from './page-target.ts';

/** At most one screenshot per this interval; a request inside it is taken when it ends. */
export const SCREENSHOT_INTERVAL_MS = 2000;
/** Base64 PNG length kept under this so the event stays under the 1 MB envelope limit. */
export const SCREENSHOT_MAX_BASE64 = 900 * 1024;
const SCALES = [0.75, 0.5, 0.35, 0.25];

/** Captures a PNG of the page's viewport, scaled down until it fits `maxBase64` characters. */
export async function capturePng(
  page: PageTarget,
  maxBase64 = SCREENSHOT_MAX_BASE64,
): Promise<string | undefined> {
  const full = await page.send<{ data: string }>('Page.captureScreenshot', { format: 'png' });
  if (full.data.length <= maxBase64) return full.data;
  const metrics = await page.send<{
    cssLayoutViewport?: { clientWidth: number; clientHeight: number };
  }>('Page.getLayoutMetrics');
  const width = metrics.cssLayoutViewport?.clientWidth ?? 1280;
  const height = metrics.cssLayoutViewport?.clientHeight ?? 720;
  for (const scale of SCALES) {
    const scaled = await page.send<{ data: string }>('Page.captureScreenshot', {
      format: 'png',
      clip: { x: 0, y: 0, width, height, scale },
    });
    if (scaled.data.length <= maxBase64) return scaled.data;
  }
  return undefined;
}

/** Takes `monitor_screenshot`s on request, throttled and coalesced for the whole browser. */
export class Screenshots {
  private last = -Infinity;
  private busy = false;
  private pending: PageTarget | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly emit: (event: CollectedEvent) => void,
    private readonly capture: (page: PageTarget) => Promise<string | undefined> = capturePng,
    private readonly intervalMs = SCREENSHOT_INTERVAL_MS,
  ) {}

  /** Asks for a screenshot of `page`: now, or when the interval allows (the latest ask wins). */
  request(page: PageTarget): void {
    if (this.disposed) return;
    this.pending = page;
    this.schedule();
  }

  /** The page went away: a screenshot still waiting for it is dropped. */
  forget(page: PageTarget): void {
    if (this.pending === page) this.pending = undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.pending = undefined;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.busy || this.timer !== undefined || !this.pending) return;
    const wait = this.last + this.intervalMs - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.schedule();
      }, wait);
      return;
    }
    const page = this.pending;
    this.pending = undefined;
    this.busy = true;
    this.last = performance.now();
    // stamped when the capture starts, so stamps are as far apart as the captures
    const ts = nowMicros();
    this.capture(page)
      .then(
        (png) => {
          if (png && !this.disposed) {
            this.emit({
              ts,
              type: 'monitor_screenshot',
              category: 'screenshot',
              source: { kind: 'cdp', event: 'Page.captureScreenshot' },
              data: { png },
            });
          }
        },
        () => undefined,
      )
      .finally(() => {
        this.busy = false;
        this.schedule();
      });
  }
}
