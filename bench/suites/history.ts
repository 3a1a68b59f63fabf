import type { Page } from '@playwright/test';
import { heapAfterGc, newProbedPage } from '../lib/browser.ts';
import { openSession, SELECTORS } from '../lib/console-page.ts';
import { createRandom, epochMs, telemetryEvent } from '../lib/lines.ts';
import type { HistoryResult } from '../lib/results.ts';
import { BENCH_TOKEN } from '../lib/server.ts';
import { spread } from '../lib/stats.ts';
import type { BenchContext } from './ingest.ts';

/** What the dashboard asks for per page of history (HISTORY_PAGE_SIZE), and the bare page too. */
const PAGE_SIZE = 100;
const PUBLISH_BATCH = 5_000;
const HISTORY = '[data-testid="history-status"]';

async function publish(context: BenchContext, sessionId: string, count: number): Promise<void> {
  const random = createRandom(11);
  for (let from = 0; from < count; from += PUBLISH_BATCH) {
    const events = Array.from({ length: Math.min(PUBLISH_BATCH, count - from) }, (_, at) =>
      telemetryEvent(from + at, epochMs(), random),
    );
    const response = await context.server.api(`/browsers/${sessionId}/telemetry/events`, {
      method: 'POST',
      body: JSON.stringify(events),
    });
    if (!response.ok) throw new Error(`publish: HTTP ${response.status}`);
  }
}

/**
 * The bare page: reads every page of the history from the same server, as the dashboard does
 * (fetch and JSON.parse, following X-Next-Offset), and renders nothing. Returns events and ms.
 */
async function readBare(page: Page, sessionId: string): Promise<{ events: number; ms: number }> {
  return page.evaluate(
    async ({ sessionId, token, limit }) => {
      const started = performance.now();
      let events = 0;
      let offset: string | null = null;
      for (;;) {
        const query =
          offset === null ? `since=720h&limit=${limit}` : `offset=${offset}&limit=${limit}`;
        const response: Response = await fetch(
          `/api/browsers/${sessionId}/telemetry/events?${query}`,
          {
            headers: { Authorization: `Bearer ${token}` },
          },
        );
        const page = JSON.parse(await response.text()) as unknown[];
        events += page.length;
        offset =
          response.headers.get('x-has-more') === 'true'
            ? response.headers.get('x-next-offset')
            : null;
        if (offset === null || offset === '0') break;
      }
      return { events, ms: performance.now() - started };
    },
    { sessionId, token: BENCH_TOKEN, limit: PAGE_SIZE },
  );
}

/** Events the history status of the open timeline says were read, and whether it is done. */
async function historyRead(page: Page): Promise<{ loaded: number; done: boolean }> {
  const text = (await page.locator(HISTORY).textContent()) ?? '';
  const loaded = Number(/([\d,]+) events/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
  return { loaded, done: text.includes('History: ') };
}

/**
 * In the page: from the moment the timeline's missed count first reaches `missed` to the moment it
 * is 0 again (the gap filled from the history), in ms.
 */
function timeGapFill(page: Page, missed: number): Promise<number> {
  // a string: the bundler would name an inner function with a helper the page does not have
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const selector = ${JSON.stringify(SELECTORS.timelineCounts)};
    let seen = null;
    const started = performance.now();
    const look = () => {
      const value = Number(document.querySelector(selector)?.getAttribute('data-missed') ?? 0);
      if (seen === null && value >= ${missed}) seen = performance.now();
      if (seen !== null && value === 0) return resolve(performance.now() - seen);
      if (performance.now() - started > 60000)
        return reject(new Error('the gap was not filled (missed ' + value + ')'));
      requestAnimationFrame(look);
    };
    look();
  })`);
}

/**
 * An ended session of `events` events opened from its history (first page on screen, all of it
 * read, against a bare page reading the same pages; heap after), and a gap of `gap` events the
 * live stream dropped filled from the history, `runs` times.
 */
export async function measureHistory(
  context: BenchContext,
  options: { events: number; gap: number; runs: number },
): Promise<HistoryResult> {
  const { server, browser } = context;
  const ended = await server.createSession();
  await publish(context, ended, options.events);
  await server.api(`/browsers/${ended}`, { method: 'DELETE' });

  const bare = await browser.newPage();
  const bareRuns: { events: number; ms: number }[] = [];
  try {
    await bare.goto(`${server.baseUrl}/`);
    for (let run = 0; run < options.runs; run += 1) bareRuns.push(await readBare(bare, ended));
  } finally {
    await bare.close();
  }

  const firstPage: number[] = [];
  const loadMs: number[] = [];
  let heapBytes = 0;
  let loaded = 0;
  for (let run = 0; run < options.runs; run += 1) {
    const page = await newProbedPage(browser, { firstSeen: SELECTORS.timelineRow });
    try {
      const opened = { at: 0 };
      await openSession(page, server.baseUrl, ended, 'memory', async () => {
        opened.at = await page.evaluate(() => performance.now());
      });
      await page.locator(SELECTORS.timelineRow).first().waitFor();
      firstPage.push((await page.evaluate<number>('window.__bench.firstSeen()')) - opened.at);
      await page.waitForFunction(
        (selector) => document.querySelector(selector)?.textContent?.includes('History: '),
        HISTORY,
        { timeout: 600_000, polling: 50 },
      );
      const done = await page.evaluate(() => performance.now());
      loadMs.push(done - opened.at);
      loaded = (await historyRead(page)).loaded;
      if (run === options.runs - 1) heapBytes = await heapAfterGc(page);
    } finally {
      await page.close();
    }
  }

  const gapMs: number[] = [];
  const live = await server.createSession();
  const page = await browser.newPage();
  try {
    await openSession(page, server.baseUrl, live);
    await page.locator(`${SELECTORS.status}[data-status="live"]`).first().waitFor();
    // an event first, so that what the stream then drops is a gap after it, not older events
    await publish(context, live, 1);
    await page.locator(SELECTORS.timelineRow).first().waitFor();
    for (let run = 0; run < options.runs; run += 1) {
      const fault = await server.api(`/browsers/${live}/faults`, {
        method: 'POST',
        body: JSON.stringify({ action: 'drop_events', events: options.gap }),
      });
      if (!fault.ok) throw new Error(`drop_events: HTTP ${fault.status}`);
      const [filled] = await Promise.all([
        timeGapFill(page, options.gap),
        publish(context, live, options.gap + 1),
      ]);
      gapMs.push(filled);
    }
  } finally {
    await page.close();
    await server.api(`/browsers/${live}`, { method: 'DELETE' });
  }

  const bareMs = spread(bareRuns.map((run) => run.ms));
  const consoleMs = spread(loadMs);
  return {
    events: loaded,
    bareEvents: bareRuns[0]?.events ?? 0,
    firstPageMs: spread(firstPage),
    loadMs: consoleMs,
    bareMs,
    rate: (loaded / consoleMs.median) * 1_000,
    bareRate: ((bareRuns[0]?.events ?? 0) / bareMs.median) * 1_000,
    heapMb: heapBytes / 1024 ** 2,
    gapEvents: options.gap,
    gapFillMs: spread(gapMs),
  };
}
