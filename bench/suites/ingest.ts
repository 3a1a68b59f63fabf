import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  newProbedPage,
  probeStart,
  probeStop,
  readNumber,
  settledCount,
  waitForCount,
  type ProbeRecord,
} from '../lib/browser.ts';
import { openLogFile, openSession, SELECTORS } from '../lib/console-page.ts';
import type { IngestResult } from '../lib/results.ts';
import { BENCH_TOKEN, type BenchServer } from '../lib/server.ts';
import { latency, overallRate, spread, windowRates } from '../lib/stats.ts';
import { runWriter, type WriterJob } from '../lib/writer.ts';

export interface BenchContext {
  server: BenchServer;
  browser: Browser;
  /** How long each rate or firehose runs. */
  durationMs: number;
  log: (message: string) => void;
}

/** A lag p95 above this means the view fell behind the writer. */
export const KEPT_UP_LAG_MS = 1_000;
const LOG_PATH = '/var/log/bench/app.log';

export function summarize(
  base: Pick<IngestResult, 'client' | 'stream' | 'source' | 'targetRate' | 'written' | 'writeRate'>,
  delivered: number,
  record: ProbeRecord,
  following: boolean,
): IngestResult {
  const lag = record.lags.length > 0 ? latency(record.lags) : null;
  const allDelivered = delivered === base.written;
  const current = lag === null ? following : following && lag.p95 <= KEPT_UP_LAG_MS;
  return {
    ...base,
    delivered,
    rate: spread(windowRates(record.samples)),
    overallRate: overallRate(record.samples),
    lag,
    frames: latency(record.frameIntervals),
    longTasks: { count: record.longTasks.length, max: Math.max(0, ...record.longTasks) },
    keptUp: allDelivered && current,
  };
}

function streamUrl(sessionId: string, stream: 'logs' | 'telemetry'): string {
  return stream === 'logs'
    ? `/api/browsers/${sessionId}/logs/stream?source=path&path=${encodeURIComponent(LOG_PATH)}&follow=true`
    : `/api/browsers/${sessionId}/telemetry/stream`;
}

/** The bare page reading `count` firehose frames; resolves with its sustained rate. */
async function bareOnce(
  context: BenchContext,
  stream: 'logs' | 'telemetry',
  count: number,
): Promise<IngestResult> {
  const { server, browser } = context;
  const sessionId = await server.createSession();
  await server.armFirehose(sessionId, stream, count);
  const page = await newProbedPage(browser);
  try {
    await page.goto(`${server.baseUrl}/console-config.json`);
    const options = {
      url: streamUrl(sessionId, stream),
      token: BENCH_TOKEN,
      expected: count,
      timeoutMs: context.durationMs * 4 + 30_000,
    };
    const result = await page.evaluate<{ count: number; samples: [number, number][] }>(
      `window.__bareRead(${JSON.stringify(options)})`,
    );
    return summarize(
      { client: 'bare', stream, source: 'firehose', targetRate: 0, written: count, writeRate: 0 },
      result.count,
      { frameIntervals: [], longTasks: [], lags: [], samples: result.samples },
      true,
    );
  } finally {
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
  }
}

/** Frames for about `durationMs` at the rate a short first run reached. */
async function calibrated(
  context: BenchContext,
  probe: (count: number) => Promise<IngestResult>,
  first: number,
): Promise<IngestResult> {
  const trial = await probe(first);
  const rate = trial.overallRate > 0 ? trial.overallRate : first;
  const count = Math.max(first, Math.round((rate * context.durationMs) / 1_000));
  context.log(
    `  calibrated at ${Math.round(rate).toLocaleString('en-US')}/s: ${count.toLocaleString('en-US')} frames`,
  );
  return probe(count);
}

export function measureBare(
  context: BenchContext,
  stream: 'logs' | 'telemetry',
): Promise<IngestResult> {
  return calibrated(context, (count) => bareOnce(context, stream, count), 400_000);
}

const following = async (page: Page, stream: 'logs' | 'telemetry'): Promise<boolean> => {
  const paused = stream === 'logs' ? 'log-paused-bar' : 'timeline-paused-bar';
  return (await page.locator(`[data-testid="${paused}"]`).count()) === 0;
};

/** Session Console reading `count` firehose frames into a log tab or the timeline. */
async function consoleFirehoseOnce(
  context: BenchContext,
  stream: 'logs' | 'telemetry',
  count: number,
): Promise<IngestResult> {
  const { server, browser } = context;
  const sessionId = await server.createSession();
  const page = await newProbedPage(browser);
  const counts = stream === 'logs' ? SELECTORS.logCounts : SELECTORS.timelineCounts;
  try {
    if (stream === 'logs') {
      await openSession(page, server.baseUrl, sessionId);
      await server.armFirehose(sessionId, stream, count);
      await probeStart(page, { count: { selector: counts, attribute: 'data-received' } });
      await openLogFile(page, LOG_PATH, 'new');
    } else {
      await server.armFirehose(sessionId, stream, count);
      await openSession(page, server.baseUrl, sessionId, 'memory', () =>
        probeStart(page, { count: { selector: counts, attribute: 'data-received' } }),
      );
    }
    const delivered = await waitForCount(
      () => readNumber(page, counts, 'data-received'),
      count,
      5_000,
      context.durationMs * 6 + 30_000,
    );
    await page.waitForTimeout(500);
    const record = await probeStop(page);
    return summarize(
      {
        client: 'console',
        stream,
        source: 'firehose',
        targetRate: 0,
        written: count,
        writeRate: 0,
      },
      delivered,
      record,
      await following(page, stream),
    );
  } finally {
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
  }
}

export function measureConsoleFirehose(
  context: BenchContext,
  stream: 'logs' | 'telemetry',
): Promise<IngestResult> {
  return calibrated(context, (count) => consoleFirehoseOnce(context, stream, count), 200_000);
}

/**
 * Measures one page while the writer runs `job`: the count the page shows at `counts` before and
 * after, each line's lag under `lines`, frames and long tasks.
 */
async function measureWriting(
  page: Page,
  options: {
    lines: string;
    counts: string;
    job: WriterJob;
    base: Pick<IngestResult, 'client' | 'stream' | 'source'>;
    /** Items the session adds per writer request (the server's own `api_call` events). */
    perRequest?: number;
  },
): Promise<IngestResult> {
  const read = () => readNumber(page, options.counts, 'data-received');
  const before = await settledCount(read, 500, 10_000);
  await probeStart(page, {
    lines: options.lines,
    count: { selector: options.counts, attribute: 'data-received' },
  });
  const report = await runWriter(options.job);
  const extra = report.requests * (options.perRequest ?? 0);
  const reached = await waitForCount(read, before + report.written + extra, 3_000, 60_000);
  await page.waitForTimeout(300);
  const record = await probeStop(page);
  return summarize(
    {
      ...options.base,
      targetRate: options.job.rate,
      written: report.written,
      writeRate: report.rate,
    },
    reached - before - extra,
    record,
    await following(page, options.base.stream),
  );
}

/** Session Console tailing a file the writer appends to at `rate` lines/s (0: flat out). */
export async function measureConsoleTail(
  context: BenchContext,
  rate: number,
): Promise<IngestResult> {
  const { server, browser } = context;
  const sessionId = await server.createSession();
  const file = server.sessionFile(sessionId, LOG_PATH);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, '');
  const page = await newProbedPage(browser);
  try {
    await openSession(page, server.baseUrl, sessionId);
    await openLogFile(page, LOG_PATH, 'new');
    return await measureWriting(page, {
      lines: SELECTORS.logList,
      counts: SELECTORS.logCounts,
      job: { kind: 'file', file, rate, durationMs: context.durationMs },
      base: { client: 'console', stream: 'logs', source: 'tail' },
    });
  } finally {
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
    await rm(file, { force: true });
  }
}

/**
 * Runs `measure` on a new session's timeline, open in a page of its own and live; the page is
 * closed and the session deleted afterwards.
 */
export async function onLiveTimeline<T>(
  context: BenchContext,
  measure: (page: Page, sessionId: string) => Promise<T>,
): Promise<T> {
  const { server, browser } = context;
  const sessionId = await server.createSession();
  const page = await newProbedPage(browser);
  try {
    await openSession(page, server.baseUrl, sessionId);
    await page.locator(`${SELECTORS.status}[data-status="live"]`).first().waitFor();
    return await measure(page, sessionId);
  } finally {
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
  }
}

/** Session Console's timeline while the writer publishes events at `rate`/s (0: flat out). */
export function measureConsolePublish(context: BenchContext, rate: number): Promise<IngestResult> {
  return onLiveTimeline(context, (page, sessionId) =>
    measureWriting(page, {
      lines: SELECTORS.timelineList,
      counts: SELECTORS.timelineCounts,
      job: {
        kind: 'publish',
        url: `${context.server.baseUrl}/api/browsers/${sessionId}/telemetry/events`,
        token: BENCH_TOKEN,
        rate,
        durationMs: context.durationMs,
      },
      base: { client: 'console', stream: 'telemetry', source: 'publish' },
      // publishing is a platform call: an event of the opt-in platform category, off here, so a
      // publish request adds nothing to the timeline
      perRequest: 0,
    }),
  );
}
