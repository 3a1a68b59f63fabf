/**
 * The telemetry firehose beside a recording: on one server with session browsers, the bare page
 * reads the firehose, then Session Console does without a recording and with one running (a
 * session's animating page recorded through `POST /browsers/{id}/replays`, stopped after), the
 * same page animating in both; the two are shares of this run's bare page.
 */
import { readFileSync } from 'node:fs';
import { cpuShare, readCpu, type CpuReading, type CpuShare } from '../lib/process-cpu.ts';
import type { IngestResult, ScreenResult } from '../lib/results.ts';
import type { BenchServer } from '../lib/server.ts';
import { ANIMATED_PAGE, driveSession, withScreenClosed } from '../lib/session-screen.ts';
import { measureBare, measureConsoleFirehose, type BenchContext } from './ingest.ts';

const asPercent = (share: CpuShare | null) =>
  share && { serverPct: share.ownPct, descendantsPct: share.descendantsPct };

/** The share of one core the server's ffmpeg descendants used between two readings. */
function ffmpegPct(before: CpuReading | null, after: CpuReading | null): number | null {
  if (!before || !after) return null;
  let seconds = 0;
  for (const [pid, used] of after.descendants) {
    let name: string;
    try {
      name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (name === 'ffmpeg') seconds += used - (before.descendants.get(pid) ?? 0);
  }
  return (seconds / ((after.at - before.at) / 1_000)) * 100;
}

/** The firehose measured with the server's CPU (and its descendants', ffmpeg's apart) over it. */
async function firehoseWithCpu(context: BenchContext): Promise<{
  result: IngestResult;
  cpu: ScreenResult['firehose']['cpuWithout'];
  ffmpegPct: number | null;
}> {
  const before = readCpu(context.server.pid);
  const result = await measureConsoleFirehose(context, 'telemetry');
  const after = readCpu(context.server.pid);
  return {
    result,
    cpu: asPercent(cpuShare(before, after)),
    ffmpegPct: ffmpegPct(before, after),
  };
}

/** The finished recording's size, once written (null if it is not within 30 s). */
async function videoBytes(
  server: BenchServer,
  sessionId: string,
  replayId: string,
): Promise<number | null> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await server.api(`/browsers/${sessionId}/replays/${replayId}`);
    if (response.status === 200) return (await response.arrayBuffer()).byteLength;
    await response.body?.cancel();
    if (response.status !== 202) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

export async function measureFirehoseBesideRecording(
  context: BenchContext,
): Promise<ScreenResult['firehose']> {
  const { server } = context;
  // the dashboard's Screen panel closed, as in the firehose rows of sessions without a browser
  const quiet: BenchContext = { ...context, browser: withScreenClosed(context.browser) };
  const recordedId = await server.createSession();
  const driven = await driveSession(server, recordedId);
  try {
    await driven.tab.setContent(ANIMATED_PAGE);
    context.log('  bare page, telemetry firehose');
    const bare = await measureBare(quiet, 'telemetry');
    context.log('  Session Console, telemetry firehose, no recording');
    const without = await firehoseWithCpu(quiet);
    const response = await server.api(`/browsers/${recordedId}/replays`, {
      method: 'POST',
      body: '{}',
    });
    if (!response.ok)
      throw new Error(`start recording: HTTP ${response.status} ${await response.text()}`);
    const { replay_id: replayId } = (await response.json()) as { replay_id: string };
    const startedAt = performance.now();
    context.log(`  Session Console, telemetry firehose, recording ${replayId}`);
    const recording = await firehoseWithCpu(quiet);
    await server.api(`/browsers/${recordedId}/replays/${replayId}/stop`, { method: 'POST' });
    const seconds = (performance.now() - startedAt) / 1_000;
    const bytes = await videoBytes(server, recordedId, replayId);
    context.log(
      `  without ${Math.round(without.result.overallRate)}/s, recording ${Math.round(recording.result.overallRate)}/s, bare ${Math.round(bare.overallRate)}/s; video ${seconds.toFixed(0)} s, ${bytes ?? '–'} bytes`,
    );
    // what the recording cost while the firehose ran: the server's descendants (its browsers and
    // ffmpeg) above the run without, and ffmpeg's own part, as CPU seconds per recorded minute
    const extra = (recording.cpu?.descendantsPct ?? NaN) - (without.cpu?.descendantsPct ?? NaN);
    const perMinute = (pct: number | null): string =>
      pct === null || !Number.isFinite(pct) ? '–' : `${((pct / 100) * 60).toFixed(1)} s`;
    context.log(
      `  recording's CPU per recorded minute: ${perMinute(extra)} in all (${extra.toFixed(1)}% of a core), ffmpeg ${perMinute(recording.ffmpegPct)}`,
    );
    return {
      bare,
      without: without.result,
      recording: recording.result,
      cpuWithout: without.cpu,
      cpuRecording: recording.cpu,
      recorded: { seconds, bytes },
    };
  } finally {
    await driven.close();
    await server.api(`/browsers/${recordedId}`, { method: 'DELETE' });
  }
}
