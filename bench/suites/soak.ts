/**
 * The soak (`--soak`): on a console server of its own whose sessions have browsers (its telemetry
 * ring at the default size, as users run it), the dashboard opened on the demo session (its
 * browser browsing the demo shop in a loop, as `npm start` runs it) with a log tab following a
 * service's log (a line a second, and a screenful before it) and the Screen panel showing the live
 * view, left open for `minutes`. A sample at the start and one each minute: the page's JS heap
 * after GC, its DOM nodes, the server's resident memory and its descendants', and the data the
 * page gained meanwhile (the log's lines, the session's events, counted by a second reader of its
 * telemetry stream), which it keeps by design up to its caps. The timeline keeps the dashboard's
 * smallest choice of items, reached within the soak at the demo's pace (about 550 events a
 * minute): from then on a heap that still grows is not the events kept.
 */
import { appendFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { heapAfterGc } from '../lib/browser.ts';
import { openLogFile, openSession, SELECTORS, setTimelineKeep } from '../lib/console-page.ts';
import { createRandom, epochMs, logLine } from '../lib/lines.ts';
import { readMemory } from '../lib/process-memory.ts';
import type { SoakResult, SoakSample } from '../lib/results.ts';
import { startBenchServer } from '../lib/server.ts';
import { tapTelemetry, type TelemetryTap } from '../lib/telemetry-tap.ts';

/** The reference server's demo session (REFERENCE_DEMO_SESSION unset). */
const DEMO_SESSION = 'demo';
const LOG_PATH = '/var/log/bench/service.log';
/** Lines in the log before the tab opens: more than the view shows, so rows are recycled from the start. */
const LINES_BEFORE = 500;
/** A quiet service's pace; a timer in this thread keeps it. */
const LINE_EVERY_MS = 1_000;
const LIVE_VIEW = 'iframe[title^="Live view"]';
const MB = 2 ** 20;
/** The Timeline view's smallest Keep choice. */
export const SOAK_TIMELINE_KEEP = 10_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Frames the Screen panel's live view has drawn, or null when it shows none. */
async function liveViewFrames(page: Page): Promise<number | null> {
  const frames = await page
    .frameLocator(LIVE_VIEW)
    .locator('canvas')
    .getAttribute('data-frames', { timeout: 5_000 })
    .catch(() => null);
  return frames === null ? null : Number(frames);
}

/** Opens the Screen panel if the page has it closed, and waits for the live view's first frame. */
async function showScreen(page: Page): Promise<void> {
  const toggle = page.locator('button[aria-controls="session-screen"]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const deadline = Date.now() + 30_000;
  while (((await liveViewFrames(page)) ?? 0) === 0) {
    if (Date.now() > deadline)
      throw new Error('the Screen panel’s live view drew no frame within 30 s');
    await sleep(250);
  }
}

/** UTF-8 bytes of the log's lines: the file less its newlines. */
async function logBytes(file: string): Promise<number | null> {
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) return null;
  let newlines = 0;
  for (const byte of bytes) if (byte === 10) newlines += 1;
  return bytes.length - newlines;
}

async function sample(
  page: Page,
  minute: number,
  pid: number,
  file: string,
  tap: TelemetryTap,
): Promise<SoakSample> {
  const heap = await heapAfterGc(page);
  const { domNodes, logLines } = await page.evaluate(
    (selector) => ({
      domNodes: document.getElementsByTagName('*').length,
      logLines: Number(document.querySelector(selector)?.getAttribute('data-retained') ?? NaN),
    }),
    SELECTORS.logCounts,
  );
  const memory = readMemory(pid);
  const lines = await logBytes(file);
  const events = tap.read();
  return {
    minute,
    heapMb: heap / MB,
    domNodes,
    serverRssMb: memory ? memory.own / MB : null,
    descendantsRssMb: memory ? memory.descendants / MB : null,
    logLines: Number.isFinite(logLines) ? logLines : null,
    logBytesMb: lines === null ? null : lines / MB,
    timelineEvents: events.events,
    timelineBytesMb: events.bytes / MB,
    liveViewFrames: await liveViewFrames(page),
  };
}

export async function measureSoak(
  context: { browser: Browser; log: (message: string) => void },
  options: { port: number; minutes: number },
): Promise<SoakResult> {
  const server = await startBenchServer(options.port, { browsers: true, defaultRing: true });
  try {
    const record = (await (await server.api(`/browsers/${DEMO_SESSION}`)).json()) as {
      browser_live_view_url?: string;
      browser_unavailable_reason?: string;
    };
    if (!record.browser_live_view_url)
      throw new Error(
        `the demo session has no browser to show: ${record.browser_unavailable_reason ?? 'no live view'}`,
      );
    const file = server.sessionFile(DEMO_SESSION, LOG_PATH);
    await mkdir(path.dirname(file), { recursive: true });
    const random = createRandom(0x50a4);
    const stamp = epochMs();
    await writeFile(
      file,
      Array.from({ length: LINES_BEFORE }, (_, n) => `${logLine(n, stamp, random)}\n`).join(''),
    );
    const page = await context.browser.newPage({ viewport: { width: 1400, height: 900 } });
    let written = LINES_BEFORE;
    let writer: NodeJS.Timeout | undefined;
    let tap: TelemetryTap | undefined;
    try {
      tap = await tapTelemetry(server, DEMO_SESSION);
      writer = setInterval(() => {
        appendFileSync(file, `${logLine(written, epochMs(), random)}\n`);
        written += 1;
      }, LINE_EVERY_MS);
      await openSession(page, server.baseUrl, DEMO_SESSION);
      await setTimelineKeep(page, SOAK_TIMELINE_KEEP);
      await openLogFile(page, LOG_PATH, 'start');
      await showScreen(page);
      const samples: SoakSample[] = [];
      const started = performance.now();
      for (let minute = 0; minute <= options.minutes; minute += 1) {
        await sleep(started + minute * 60_000 - performance.now());
        const taken = await sample(page, minute, server.pid, file, tap);
        samples.push(taken);
        context.log(
          `  minute ${minute}: heap ${taken.heapMb.toFixed(1)} MB, ${taken.domNodes.toLocaleString('en-US')} DOM nodes, ` +
            `server RSS ${taken.serverRssMb?.toFixed(0) ?? '–'} MB (its browsers ${taken.descendantsRssMb?.toFixed(0) ?? '–'} MB), ` +
            `${taken.logLines ?? '–'} log lines, ${taken.timelineEvents ?? '–'} events since open ` +
            `(${taken.timelineBytesMb?.toFixed(1) ?? '–'} MB), ${taken.liveViewFrames ?? '–'} live view frames`,
        );
      }
      return {
        minutes: options.minutes,
        timelineKeep: SOAK_TIMELINE_KEEP,
        sessionId: DEMO_SESSION,
        logPath: LOG_PATH,
        samples,
      };
    } finally {
      clearInterval(writer);
      tap?.stop();
      await page.close();
    }
  } finally {
    await server.stop();
  }
}
