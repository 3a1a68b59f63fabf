import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TEST_IDS } from '../../src/config/test-ids.ts';
import {
  heapAfterGc,
  newProbedPage,
  probeStart,
  probeStop,
  readNumber,
  settledCount,
  waitForCount,
} from '../lib/browser.ts';
import { openLogFile, openSession, SELECTORS, setLogCapacity } from '../lib/console-page.ts';
import type { TogetherResult } from '../lib/results.ts';
import { BENCH_TOKEN } from '../lib/server.ts';
import { latency, spread } from '../lib/stats.ts';
import { runWriter } from '../lib/writer.ts';
import type { BenchContext } from './ingest.ts';
import { FILTER_PENDING, timeQuery } from './scale.ts';

const ALL_LIST = `[data-testid="${TEST_IDS.allList}"]`;
const ALL_PAUSED = `[data-testid="${TEST_IDS.allPausedBar}"]`;
const LOG_PATH = '/var/log/bench/together.log';
const MB = 2 ** 20;
/** What both filters are asked: a word in about one line in ten and in many event summaries. */
const QUERY = 'checkout';
/** How long a view is left after it is shown before its filter is timed. */
const SETTLE_MS = 1_000;

async function showAll(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'All' }).click();
  await page.locator(ALL_LIST).waitFor();
}

/** Waits until the All view lists `count` rows. */
function allRows(page: Page, count: number): Promise<number> {
  return waitForCount(() => readNumber(page, ALL_LIST, 'data-count'), count, 2_000, 120_000);
}

/**
 * The All view while a file is tailed at `lineRate` lines/s and telemetry is published at
 * `eventRate` events/s, both at once: every row placed, the frames, the lag from write to screen
 * (the view holds live rows 750 ms on purpose, so that rows of one moment meet).
 */
async function measureLive(
  context: BenchContext,
  lineRate: number,
  eventRate: number,
): Promise<TogetherResult['live']> {
  const { server, browser } = context;
  const sessionId = await server.createSession();
  const file = server.sessionFile(sessionId, LOG_PATH);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, '');
  const page = await newProbedPage(browser);
  try {
    await openSession(page, server.baseUrl, sessionId);
    await page.locator(`${SELECTORS.status}[data-status="live"]`).first().waitFor();
    await openLogFile(page, LOG_PATH, 'new');
    await showAll(page);
    const read = () => readNumber(page, ALL_LIST, 'data-received');
    const before = await settledCount(read, 500, 10_000);
    await probeStart(page, {
      lines: ALL_LIST,
      count: { selector: ALL_LIST, attribute: 'data-received' },
    });
    const [lines, events] = await Promise.all([
      runWriter({ kind: 'file', file, rate: lineRate, durationMs: context.durationMs }),
      runWriter({
        kind: 'publish',
        url: `${server.baseUrl}/api/browsers/${sessionId}/telemetry/events`,
        token: BENCH_TOKEN,
        rate: eventRate,
        durationMs: context.durationMs,
      }),
    ]);
    const written = lines.written + events.written;
    const reached = await waitForCount(read, before + written, 3_000, 60_000);
    await page.waitForTimeout(1_000);
    const record = await probeStop(page);
    const following = (await page.locator(ALL_PAUSED).count()) === 0;
    const frames = latency(record.frameIntervals);
    const delivered = reached - before;
    return {
      lineRate,
      eventRate,
      written,
      delivered,
      lag: record.lags.length > 0 ? latency(record.lags) : null,
      frames,
      longTasks: {
        count: record.longTasks.length,
        max: Math.max(0, ...record.longTasks),
      },
      following,
    };
  } finally {
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
    await rm(file, { force: true });
  }
}

/**
 * One session holding `events` telemetry events and a log stream of `lines` lines: the time of the
 * same text filter in the log view (those lines alone) and in the All view (lines and events).
 */
async function measureFilter(
  context: BenchContext,
  options: { lines: number; events: number; runs: number },
): Promise<TogetherResult['filter']> {
  const { server, browser } = context;
  const sessionId = await server.createSession();
  const page = await newProbedPage(browser);
  try {
    await server.armFirehose(sessionId, 'telemetry', options.events);
    await openSession(page, server.baseUrl, sessionId);
    const events = await waitForCount(
      () => readNumber(page, SELECTORS.timelineCounts, 'data-retained'),
      options.events,
      10_000,
      180_000,
    );
    // the cap goes up in a first tab, then the firehose fills a second one
    const first = server.sessionFile(sessionId, '/var/log/bench/first.log');
    await mkdir(path.dirname(first), { recursive: true });
    await writeFile(first, '');
    await openLogFile(page, '/var/log/bench/first.log', 'new');
    await setLogCapacity(page, options.lines);
    await server.armFirehose(sessionId, 'logs', options.lines);
    await openLogFile(page, '/var/log/bench/scale.log', 'new');
    const lines = await waitForCount(
      () => readNumber(page, SELECTORS.logCounts, 'data-retained'),
      options.lines,
      10_000,
      180_000,
    );
    const heapBeforeAll = await heapAfterGc(page);
    const built = Date.now();
    await showAll(page);
    const rows = await allRows(page, lines + events);
    const buildMs = Date.now() - built;
    const heapWithAll = await heapAfterGc(page);
    context.log(
      `  All view built in ${buildMs} ms; heap ${(heapBeforeAll / MB).toFixed(0)} MB before it, ${(heapWithAll / MB).toFixed(0)} MB with it (${((heapWithAll - heapBeforeAll) / rows).toFixed(0)} bytes a row)`,
    );
    // the two views in turn, one filter each, on the same heap (the All view's rows kept while the
    // log view is shown): measured one after the other, the log view's ran before the All view
    // existed, on a heap a third smaller, and the machine's drift fell on one view alone
    const logMs: number[] = [];
    const allMs: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      await page.getByRole('tab', { name: 'Logs' }).click();
      await page.getByLabel('Show only lines matching', { exact: true }).waitFor();
      // what a view does once shown (its first frames, rows held for their moment) is not the filter's
      await page.waitForTimeout(SETTLE_MS);
      // the log view shows the newest lines' matches first and tests the older ones after
      // (log-tab-controller.ts paceFilter), the All view tests every row in one task: what is
      // compared is the whole of each filter's work, to the first frame with every line tested
      logMs.push(...(await timeQuery(page, 'Show only lines matching', QUERY, 1, FILTER_PENDING)));
      await showAll(page);
      await allRows(page, lines + events);
      await page.waitForTimeout(SETTLE_MS);
      allMs.push(...(await timeQuery(page, 'Search events and lines', QUERY, 1)));
    }
    return {
      lines,
      events,
      rows,
      buildMs,
      heapBeforeAllMb: heapBeforeAll / MB,
      heapWithAllMb: heapWithAll / MB,
      logMs: spread(logMs),
      allMs: spread(allMs),
    };
  } finally {
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
  }
}

export async function measureTogether(
  context: BenchContext,
  options: { lineRate: number; eventRate: number; lines: number; events: number; runs: number },
): Promise<TogetherResult> {
  context.log(
    `  All view live: a file at ${options.lineRate.toLocaleString('en-US')} lines/s and telemetry at ${options.eventRate.toLocaleString('en-US')} events/s`,
  );
  const live = await measureLive(context, options.lineRate, options.eventRate);
  context.log(
    `  ${live.delivered.toLocaleString('en-US')} of ${live.written.toLocaleString('en-US')} rows, frame p95 ${live.frames.p95.toFixed(1)} ms`,
  );
  context.log(
    `  filter: ${options.lines.toLocaleString('en-US')} lines and ${options.events.toLocaleString('en-US')} events`,
  );
  const filter = await measureFilter(context, options);
  context.log(
    `  log view ${filter.logMs.median.toFixed(0)} ms, All view ${filter.allMs.median.toFixed(0)} ms`,
  );
  return { live, filter };
}
