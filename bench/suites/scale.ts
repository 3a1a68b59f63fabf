import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  heapAfterGc,
  newProbedPage,
  probeStart,
  probeStop,
  readNumber,
  settledCount,
  waitForCount,
} from '../lib/browser.ts';
import {
  openLogFile,
  openSession,
  SELECTORS,
  setLogCapacity,
  showNetwork,
} from '../lib/console-page.ts';
import { logLineBytes, telemetryEventBytes } from '../lib/firehose-bytes.ts';
import { heapPerByte } from '../lib/goals.ts';
import type { ScaleResult } from '../lib/results.ts';
import { BENCH_TOKEN } from '../lib/server.ts';
import { latency, spread } from '../lib/stats.ts';
import { tapTelemetry } from '../lib/telemetry-tap.ts';
import { runWriter } from '../lib/writer.ts';
import { onLiveTimeline, type BenchContext } from './ingest.ts';

const MB = 1024 * 1024;
/** The largest log cap the dashboard offers; the timeline keeps 100,000 events by default. */
const LOG_CAPACITY = 1_000_000;

/**
 * Events published while the timeline follows them, every row drawn as it comes: what a person
 * watching a busy session holds, where the firehose's events arrive in floods and few are drawn.
 */
const FOLLOW = { rate: 1_000, durationMs: 20_000 };

/** How long the Network view is left to make its rows before its heap is taken. */
const NETWORK_SETTLE_MS = 2_000;

/**
 * Heap after GC of a timeline that followed `FOLLOW` events, over its heap before them, and their
 * JSON bytes as a second reader of the stream counted them (each event object as on the wire).
 */
function followingHeap(context: BenchContext): Promise<NonNullable<ScaleResult['following']>> {
  const { server } = context;
  return onLiveTimeline(context, async (page, sessionId) => {
    const retained = () => readNumber(page, SELECTORS.timelineCounts, 'data-retained');
    const before = await settledCount(retained, 500, 10_000);
    const baseline = await heapAfterGc(page);
    const tap = await tapTelemetry(server, sessionId);
    try {
      await runWriter({
        kind: 'publish',
        url: `${server.baseUrl}/api/browsers/${sessionId}/telemetry/events`,
        token: BENCH_TOKEN,
        ...FOLLOW,
      });
      const received = await settledCount(retained, 1_000, 30_000);
      const heap = await heapAfterGc(page);
      const seen = tap.read();
      return {
        rate: FOLLOW.rate,
        events: received - before,
        tapped: seen.events,
        bytes: seen.bytes,
        heapMb: heap / MB,
        baselineHeapMb: baseline / MB,
      };
    } finally {
      tap.stop();
    }
  });
}

/** The cue a log tab shows while its filter still tests older lines (log-filters.tsx). */
export const FILTER_PENDING = '[data-testid="log-filter-progress"]';

/**
 * Times one edit of an input, from the edit to the next frame (bench/page/probe.js); with
 * `pending`, to the first frame without it in the page: a filter's whole work where it shows its
 * first matches before it has tested every line.
 */
async function timeInput(
  page: Page,
  label: string,
  value: string,
  pending?: string,
): Promise<number> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('id');
  if (!id) throw new Error(`the input labelled ${label} has no id`);
  return page.evaluate<number>(
    `window.__bench.timeInput(${JSON.stringify(`[id="${id}"]`)}, ${JSON.stringify(value)}, ${JSON.stringify(pending ?? null)})`,
  );
}

/** Applies `value` then clears it, `runs` times; the times of applying it (see `timeInput`). */
export async function timeQuery(
  page: Page,
  label: string,
  value: string,
  runs: number,
  pending?: string,
): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    times.push(await timeInput(page, label, value, pending));
    await page.waitForTimeout(150);
    await timeInput(page, label, '');
    await page.waitForTimeout(150);
  }
  return times;
}

/** Scrolls the log list from the bottom to the top in `ms`, one step per frame. */
async function scrollThrough(page: Page, ms: number): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    const list = document.querySelector(${JSON.stringify(SELECTORS.logList)});
    const start = performance.now();
    const top = list.scrollHeight - list.clientHeight;
    const step = () => {
      const progress = Math.min(1, (performance.now() - start) / ${ms});
      list.scrollTop = top * (1 - progress);
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  })`);
}

export async function measureScale(
  context: BenchContext,
  options: { logLines: number; telemetryEvents: number; runs: number },
): Promise<ScaleResult> {
  const { server, browser } = context;
  const sessionId = await server.createSession();
  const page = await newProbedPage(browser);
  try {
    await openSession(page, server.baseUrl, sessionId);

    // a log tab holding every one of `logLines` lines: the cap is set (in a first tab) beforehand
    const first = server.sessionFile(sessionId, '/var/log/bench/first.log');
    await mkdir(path.dirname(first), { recursive: true });
    await writeFile(first, '');
    await openLogFile(page, '/var/log/bench/first.log', 'new');
    await setLogCapacity(page, LOG_CAPACITY);
    // the page before the lines: the session and an empty log tab open
    const baselineHeap = await heapAfterGc(page);
    await server.armFirehose(sessionId, 'logs', options.logLines);
    const loadStarted = Date.now();
    await openLogFile(page, '/var/log/bench/scale.log', 'new');
    const lines = await waitForCount(
      () => readNumber(page, SELECTORS.logCounts, 'data-retained'),
      options.logLines,
      10_000,
      180_000,
    );
    const logLoadMs = Date.now() - loadStarted;
    const logHeap = await heapAfterGc(page);
    // the tab keeps the newest lines: the last `retained` of the firehose's
    const retained = Math.min(lines, options.logLines);
    const logBytes = logLineBytes(options.logLines - retained, options.logLines);
    context.log(
      `  ${lines.toLocaleString('en-US')} lines of ${(logBytes / MB).toFixed(1)} MB, heap ${(logHeap / MB).toFixed(0)} MB (${(baselineHeap / MB).toFixed(1)} MB before them)`,
    );

    const filterMs = await timeQuery(page, 'Show only lines matching', 'checkout', options.runs);
    const filterSettledMs = await timeQuery(
      page,
      'Show only lines matching',
      'checkout',
      options.runs,
      FILTER_PENDING,
    );
    const searchMs = await timeQuery(page, 'Search', 'timeout', options.runs);

    await probeStart(page, {});
    await scrollThrough(page, 3_000);
    const scroll = await probeStop(page);

    // the timeline holding `telemetryEvents` events, in a fresh page so the heaps do not add up
    const telemetrySession = await server.createSession();
    const timelinePage = await newProbedPage(browser);
    let telemetryHeap: number;
    let networkHeap: number;
    let telemetryBaseline: number;
    let events: number;
    try {
      // the page before the events: the session's timeline, empty; then the page opened again
      // on it with the firehose armed, so that its next telemetry stream is the firehose
      await openSession(timelinePage, server.baseUrl, telemetrySession);
      telemetryBaseline = await heapAfterGc(timelinePage);
      await openSession(timelinePage, server.baseUrl, telemetrySession, 'memory', () =>
        server.armFirehose(telemetrySession, 'telemetry', options.telemetryEvents),
      );
      events = await waitForCount(
        () => readNumber(timelinePage, SELECTORS.timelineCounts, 'data-retained'),
        options.telemetryEvents,
        10_000,
        180_000,
      );
      telemetryHeap = await heapAfterGc(timelinePage);
      // the same events with the Network view open: a row for every request, made by a paced
      // pass over the timeline, which the view repeats while it is open
      await showNetwork(timelinePage);
      await timelinePage.waitForTimeout(NETWORK_SETTLE_MS);
      networkHeap = await heapAfterGc(timelinePage);
    } finally {
      await timelinePage.close();
      await server.api(`/browsers/${telemetrySession}`, { method: 'DELETE' });
    }

    // the timeline keeps the newest events: the last `kept` of the firehose's
    const kept = Math.min(events, options.telemetryEvents);
    const telemetryBytes = telemetryEventBytes(
      options.telemetryEvents - kept,
      options.telemetryEvents,
    );
    context.log(
      `  ${events.toLocaleString('en-US')} events of ${(telemetryBytes / MB).toFixed(1)} MB, heap ${(telemetryHeap / MB).toFixed(0)} MB (${(telemetryBaseline / MB).toFixed(1)} MB before them)`,
    );
    const following = await followingHeap(context);
    context.log(
      `  following ${following.events.toLocaleString('en-US')} events at ${following.rate.toLocaleString('en-US')}/s: ${(following.bytes / MB).toFixed(1)} MB, heap ${heapPerByte(following.heapMb, following.baselineHeapMb, following.bytes).toFixed(2)}× of it`,
    );
    return {
      logLines: lines,
      logBytes,
      logHeapMb: logHeap / MB,
      logLoadMs,
      filterMs: spread(filterMs),
      filterSettledMs: spread(filterSettledMs),
      searchMs: spread(searchMs),
      scrollFrames: latency(scroll.frameIntervals),
      scrollLongTasks: { count: scroll.longTasks.length, max: Math.max(0, ...scroll.longTasks) },
      telemetryEvents: events,
      telemetryBytes,
      telemetryHeapMb: telemetryHeap / MB,
      networkHeapMb: networkHeap / MB,
      baselineHeapMb: baselineHeap / MB,
      telemetryBaselineHeapMb: telemetryBaseline / MB,
      following,
    };
  } finally {
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
  }
}
