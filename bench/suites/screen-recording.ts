/**
 * The telemetry firehose beside a recording: on one server with session browsers, the bare page
 * reads the firehose, then Session Console does, in rounds, without a recording and with one
 * running (a session's animating page recorded through `POST /browsers/{id}/replays`, stopped
 * after), the same page animating in both; each is a share of this run's bare page.
 */
import { readFileSync } from 'node:fs';
import { cpuShare, readCpu, type CpuReading, type CpuShare } from '../lib/process-cpu.ts';
import type { IngestResult, RecordingRound, ScreenResult } from '../lib/results.ts';
import { roundShare } from '../lib/report-screen.ts';
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

/** A recording started on `sessionId`, and how to stop it and learn what it wrote. */
async function startRecording(
  server: BenchServer,
  sessionId: string,
): Promise<{ id: string; stop(): Promise<ScreenResult['firehose']['recorded']> }> {
  const response = await server.api(`/browsers/${sessionId}/replays`, {
    method: 'POST',
    body: '{}',
  });
  if (!response.ok)
    throw new Error(`start recording: HTTP ${response.status} ${await response.text()}`);
  const { replay_id: id } = (await response.json()) as { replay_id: string };
  const startedAt = performance.now();
  return {
    id,
    async stop() {
      await server.api(`/browsers/${sessionId}/replays/${id}/stop`, { method: 'POST' });
      const seconds = (performance.now() - startedAt) / 1_000;
      return { seconds, bytes: await videoBytes(server, sessionId, id) };
    },
  };
}

/**
 * The telemetry firehose beside a recording in `rounds` rounds: the bare page once, then in each
 * round Session Console without and with a recording (a new one each round, stopped after), which
 * of the two goes first alternating, as the firehose rows do (one pair moved by up to 31 points
 * between full runs).
 */
export async function measureFirehoseBesideRecording(
  context: BenchContext,
  rounds: number,
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
    const measured: {
      round: RecordingRound;
      cpuWithout: ScreenResult['firehose']['cpuWithout'];
      cpuRecording: ScreenResult['firehose']['cpuRecording'];
      recorded: ScreenResult['firehose']['recorded'];
    }[] = [];
    for (let index = 0; index < rounds; index += 1) {
      const recordingFirst = index % 2 === 1;
      const label = rounds > 1 ? `, round ${index + 1}` : '';
      let without: Awaited<ReturnType<typeof firehoseWithCpu>> | undefined;
      let recording: Awaited<ReturnType<typeof firehoseWithCpu>> | undefined;
      let recorded: ScreenResult['firehose']['recorded'] = { seconds: 0, bytes: null };
      for (const withRecording of recordingFirst ? [true, false] : [false, true]) {
        if (!withRecording) {
          context.log(`  Session Console, telemetry firehose, no recording${label}`);
          without = await firehoseWithCpu(quiet);
          continue;
        }
        const started = await startRecording(server, recordedId);
        context.log(`  Session Console, telemetry firehose, recording ${started.id}${label}`);
        recording = await firehoseWithCpu(quiet);
        recorded = await started.stop();
      }
      if (!without || !recording) throw new Error('a round measured only one of its two runs');
      // what the recording cost while the firehose ran: the server's descendants (its browsers
      // and ffmpeg) above the run without, and ffmpeg's own part
      const extra = (recording.cpu?.descendantsPct ?? NaN) - (without.cpu?.descendantsPct ?? NaN);
      const round: RecordingRound = {
        without: without.result,
        recording: recording.result,
        recordingFirst,
        extraCpuPct: Number.isFinite(extra) ? extra : null,
        ffmpegPct: recording.ffmpegPct,
      };
      const perMinute = (pct: number | null): string =>
        pct === null ? '–' : `${((pct / 100) * 60).toFixed(1)} s`;
      context.log(
        `  without ${Math.round(without.result.overallRate)}/s, recording ${Math.round(recording.result.overallRate)}/s (${(roundShare(round) * 100).toFixed(0)}%), bare ${Math.round(bare.overallRate)}/s; video ${recorded.seconds.toFixed(0)} s, ${recorded.bytes ?? '–'} bytes`,
      );
      context.log(
        `  recording's CPU per recorded minute: ${perMinute(round.extraCpuPct)} in all (${round.extraCpuPct?.toFixed(1) ?? '–'}% of a core), ffmpeg ${perMinute(round.ffmpegPct)}`,
      );
      measured.push({ round, cpuWithout: without.cpu, cpuRecording: recording.cpu, recorded });
    }
    const byShare = [...measured].sort((a, b) => roundShare(a.round) - roundShare(b.round));
    const median = byShare[Math.floor((byShare.length - 1) / 2)];
    if (!median) throw new Error('no round of the firehose beside a recording was measured');
    return {
      bare,
      without: median.round.without,
      recording: median.round.recording,
      rounds: measured.map((entry) => entry.round),
      cpuWithout: median.cpuWithout,
      cpuRecording: median.cpuRecording,
      recorded: median.recorded,
    };
  } finally {
    await driven.close();
    await server.api(`/browsers/${recordedId}`, { method: 'DELETE' });
  }
}
