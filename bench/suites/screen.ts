/**
 * The session's screen (#32), on a console server of its own whose sessions have browsers: the
 * live view's latency (a page changes colour; from the change to the viewer's canvas painting it),
 * the server's and the session browser's CPU with no, one and five viewers while the page
 * animates, and the telemetry firehose without and with a recording running
 * (screen-recording.ts).
 */
import type { Page } from '@playwright/test';
import { cpuShare, readCpu } from '../lib/process-cpu.ts';
import type { ScreenResult } from '../lib/results.ts';
import { startBenchServer, type BenchServer } from '../lib/server.ts';
import {
  ANIMATED_PAGE,
  COLOUR_PAGE,
  driveSession,
  framesDrawn,
  openViewer,
  paintColour,
  seen,
  watchFor,
  type DrivenSession,
} from '../lib/session-screen.ts';
import { createRandom } from '../lib/lines.ts';
import { latency } from '../lib/stats.ts';
import type { BenchContext } from './ingest.ts';
import { measureFirehoseBesideRecording } from './screen-recording.ts';

/** Colours far apart from each other and from the page's first grey. */
const PALETTE: [number, number, number][] = [
  [220, 40, 40],
  [40, 170, 60],
  [40, 80, 220],
  [240, 200, 40],
  [30, 200, 200],
  [200, 50, 200],
  [250, 250, 250],
  [20, 20, 20],
];
/** A change the viewer has not painted after this counts as missed. */
const MISSED_AFTER_MS = 5_000;
const VIEWER_COUNTS = [0, 1, 5];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `changes` colour changes, 150–400 ms apart: each one's change-to-painted time in the viewer. */
async function measureLatency(
  context: BenchContext,
  driven: DrivenSession,
  changes: number,
): Promise<ScreenResult['latency']> {
  await driven.tab.setContent(COLOUR_PAGE);
  const viewer = await openViewer(context.browser, driven.liveViewUrl);
  const random = createRandom(32);
  const times: number[] = [];
  let missed = 0;
  try {
    for (let change = 0; change < changes; change += 1) {
      const rgb = PALETTE[change % PALETTE.length]!;
      await watchFor(viewer, rgb, MISSED_AFTER_MS);
      const changedAt = await paintColour(driven.tab, rgb);
      const paintedAt = await seen(viewer);
      if (paintedAt === null) missed += 1;
      else times.push(paintedAt - changedAt);
      await sleep(150 + random() * 250);
    }
  } finally {
    await viewer.close();
  }
  const ms = latency(times);
  context.log(
    `  live view: ${times.length} of ${changes} changes painted, p50 ${ms.p50.toFixed(0)} ms, p95 ${ms.p95.toFixed(0)} ms, max ${ms.max.toFixed(0)} ms`,
  );
  return { changes, missed, ms };
}

/** While the page animates: CPU over `seconds` with no viewer, then one, then five. */
async function measureCpu(
  context: BenchContext,
  server: BenchServer,
  driven: DrivenSession,
  seconds: number,
): Promise<ScreenResult['cpu']> {
  await driven.tab.setContent(ANIMATED_PAGE);
  const viewers: Page[] = [];
  const rows: ScreenResult['cpu']['rows'] = [];
  try {
    for (const count of VIEWER_COUNTS) {
      while (viewers.length < count)
        viewers.push(await openViewer(context.browser, driven.liveViewUrl));
      await sleep(1_500);
      const framesBefore = await Promise.all(viewers.map(framesDrawn));
      const before = readCpu(server.pid);
      const started = performance.now();
      await sleep(seconds * 1_000);
      const after = readCpu(server.pid);
      const elapsed = (performance.now() - started) / 1_000;
      const framesAfter = await Promise.all(viewers.map(framesDrawn));
      const share = cpuShare(before, after);
      const drawn = framesAfter.reduce((sum, frames, i) => sum + frames - framesBefore[i]!, 0);
      const row = {
        viewers: count,
        serverPct: share?.ownPct ?? null,
        browserPct: share?.descendantsPct ?? null,
        framesPerSecond: count > 0 ? drawn / count / elapsed : null,
      };
      rows.push(row);
      context.log(
        `  ${count} viewer(s): server ${row.serverPct?.toFixed(1) ?? '–'}%, browser ${row.browserPct?.toFixed(1) ?? '–'}%` +
          (row.framesPerSecond === null ? '' : `, ${row.framesPerSecond.toFixed(1)} frames/s each`),
      );
    }
  } finally {
    for (const viewer of viewers) await viewer.close();
  }
  return { seconds, rows };
}

/**
 * Starts a console server with session browsers on `port` (its demo session ended, so that only
 * the benchmark's sessions run), measures the screen, and stops it.
 */
export async function measureScreen(
  context: BenchContext,
  options: { port: number; changes: number; cpuSeconds: number; rounds: number },
): Promise<ScreenResult> {
  const server = await startBenchServer(options.port, { browsers: true });
  const own: BenchContext = { ...context, server };
  try {
    await server.api('/browsers/demo', { method: 'DELETE' });
    const sessionId = await server.createSession();
    const driven = await driveSession(server, sessionId);
    let result: Omit<ScreenResult, 'firehose'>;
    try {
      context.log(`  live view latency over ${options.changes} colour changes`);
      const measured = await measureLatency(own, driven, options.changes);
      context.log(`  CPU over ${options.cpuSeconds} s, the page animating`);
      result = {
        latency: measured,
        cpu: await measureCpu(own, server, driven, options.cpuSeconds),
      };
    } finally {
      await driven.close();
      await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
    }
    context.log('  telemetry firehose, without and with a recording');
    return { ...result, firehose: await measureFirehoseBesideRecording(own, options.rounds) };
  } finally {
    await server.stop();
  }
}
