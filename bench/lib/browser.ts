import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/env.ts';
import { projectRoot } from './server.ts';

const PROBE = path.join(projectRoot, 'bench/page/probe.js');
const BARE_READER = path.join(projectRoot, 'bench/page/bare-reader.js');

/** What the page probe hands over at the end of a measurement (bench/page/probe.js). */
export interface ProbeRecord {
  frameIntervals: number[];
  longTasks: number[];
  lags: number[];
  samples: [number, number][];
}

export interface ProbeStart {
  /** Element new lines are added under: each one's `t=` stamp gives a lag sample. */
  lines?: string;
  /** Where the delivered count is read, sampled every 100 ms ('lines': the lines seen). */
  count?: { selector: string; attribute?: string } | 'lines';
}

/** Headless Chromium as the e2e tests launch it, with a precise heap and a forced GC available. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(
    chromiumLaunchOptions(['--enable-precise-memory-info', '--js-flags=--expose-gc']),
  );
}

export async function newProbedPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; firstSeen?: string } = {},
): Promise<Page> {
  const page = await browser.newPage({
    viewport: options.viewport ?? { width: 1400, height: 900 },
  });
  if (options.firstSeen !== undefined)
    await page.addInitScript(`window.__benchFirst = ${JSON.stringify(options.firstSeen)};`);
  await page.addInitScript({ path: PROBE });
  await page.addInitScript({ path: BARE_READER });
  return page;
}

export async function probeStart(page: Page, options: ProbeStart): Promise<void> {
  await page.evaluate(`window.__bench.start(${JSON.stringify(options)})`);
}

export async function probeStop(page: Page): Promise<ProbeRecord> {
  return page.evaluate<ProbeRecord>('window.__bench.stop()');
}

export async function readNumber(
  page: Page,
  selector: string,
  attribute?: string,
): Promise<number> {
  return page.evaluate<number>(
    `window.__bench.readNumber(${JSON.stringify(selector)}, ${JSON.stringify(attribute ?? null)})`,
  );
}

/** JS heap in use after a full garbage collection, with the bytes ArrayBuffers hold, in bytes. */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = (await cdp.send('Runtime.getHeapUsage')) as {
      usedSize: number;
      backingStorageSize?: number;
    };
    // the bytes of ArrayBuffers live outside the JS heap: counted, since the log store keeps its
    // columns (and lines outside Latin-1) in typed arrays
    return usage.usedSize + (usage.backingStorageSize ?? 0);
  } finally {
    await cdp.detach();
  }
}

/** Waits until `read()` returns at least `target` or nothing changed for `idleMs`. */
/**
 * The count once it has stopped changing for `quietMs`: the baseline of a measurement. Read at a
 * moment instead, it can miss items still on their way (a session's own opening requests become
 * `api_call` events a few milliseconds after its stream goes live), which then count as delivered
 * by the writer and make a row read "not kept up" with more delivered than written.
 */
export async function settledCount(
  read: () => Promise<number>,
  quietMs: number,
  timeoutMs: number,
  pollMs = 50,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const value = await read();
    if (value !== last) {
      last = value;
      since = Date.now();
    }
  }
  return last;
}

export async function waitForCount(
  read: () => Promise<number>,
  target: number,
  idleMs: number,
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let changedAt = Date.now();
  for (;;) {
    const value = await read();
    if (Number.isFinite(value) && value >= target) return value;
    if (value !== last) {
      last = value;
      changedAt = Date.now();
    }
    if (Date.now() - changedAt > idleMs || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
