import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  heapAfterGc,
  newProbedPage,
  probeStart,
  probeStop,
  readNumber,
  waitForCount,
} from '../lib/browser.ts';
import { openLogFile, openSession, SELECTORS, setLogCapacity } from '../lib/console-page.ts';
import type { ScaleResult } from '../lib/results.ts';
import { latency, spread } from '../lib/stats.ts';
import type { BenchContext } from './ingest.ts';

const MB = 1024 * 1024;
/** The largest log cap the dashboard offers; the timeline keeps 100,000 events by default. */
const LOG_CAPACITY = 1_000_000;

/** Times one edit of an input, from the edit to the next frame (bench/page/probe.js). */
async function timeInput(page: Page, label: string, value: string): Promise<number> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('id');
  if (!id) throw new Error(`the input labelled ${label} has no id`);
  return page.evaluate<number>(
    `window.__bench.timeInput(${JSON.stringify(`[id="${id}"]`)}, ${JSON.stringify(value)})`,
  );
}

/** Applies `value` then clears it, `runs` times; the times of applying it. */
export async function timeQuery(
  page: Page,
  label: string,
  value: string,
  runs: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    times.push(await timeInput(page, label, value));
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
    const baselineHeap = await heapAfterGc(page);

    // a log tab holding every one of `logLines` lines: the cap is set (in a first tab) beforehand
    const first = server.sessionFile(sessionId, '/var/log/bench/first.log');
    await mkdir(path.dirname(first), { recursive: true });
    await writeFile(first, '');
    await openLogFile(page, '/var/log/bench/first.log', 'new');
    await setLogCapacity(page, LOG_CAPACITY);
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
    context.log(`  ${lines.toLocaleString('en-US')} lines, heap ${(logHeap / MB).toFixed(0)} MB`);

    const filterMs = await timeQuery(page, 'Show only lines matching', 'checkout', options.runs);
    const searchMs = await timeQuery(page, 'Search', 'timeout', options.runs);

    await probeStart(page, {});
    await scrollThrough(page, 3_000);
    const scroll = await probeStop(page);

    // the timeline holding `telemetryEvents` events, in a fresh page so the heaps do not add up
    const telemetrySession = await server.createSession();
    const timelinePage = await newProbedPage(browser);
    let telemetryHeap: number;
    let events: number;
    try {
      await server.armFirehose(telemetrySession, 'telemetry', options.telemetryEvents);
      await openSession(timelinePage, server.baseUrl, telemetrySession);
      events = await waitForCount(
        () => readNumber(timelinePage, SELECTORS.timelineCounts, 'data-retained'),
        options.telemetryEvents,
        10_000,
        180_000,
      );
      telemetryHeap = await heapAfterGc(timelinePage);
    } finally {
      await timelinePage.close();
      await server.api(`/browsers/${telemetrySession}`, { method: 'DELETE' });
    }

    return {
      logLines: lines,
      logHeapMb: logHeap / MB,
      logLoadMs,
      filterMs: spread(filterMs),
      searchMs: spread(searchMs),
      scrollFrames: latency(scroll.frameIntervals),
      scrollLongTasks: { count: scroll.longTasks.length, max: Math.max(0, ...scroll.longTasks) },
      telemetryEvents: events,
      telemetryHeapMb: telemetryHeap / MB,
      baselineHeapMb: baselineHeap / MB,
    };
  } finally {
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
  }
}
