/** The session's screen as measured (#32): its table and its goals. */
import { int, ms, shareBeside, textTable } from './format.ts';
import { GOALS } from './goals.ts';
import type { GoalResult, ScreenResult } from './results.ts';

const percent = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(1)}%`;

/** Delivered rate of the firehose as a share of the same run's bare page. */
function shares(screen: ScreenResult): { without: number; recording: number } {
  const { bare, without, recording } = screen.firehose;
  const of = (rate: number): number => (bare.overallRate > 0 ? rate / bare.overallRate : 0);
  return { without: of(without.overallRate), recording: of(recording.overallRate) };
}

export function screenTable(screen: ScreenResult): string {
  const { latency: seen, cpu, firehose } = screen;
  const share = shares(screen);
  const rows = [
    ['session screen', 'figure'],
    [
      `live view: change to painted, p50 / p95 / max, ms (${seen.ms.n} of ${seen.changes} changes)`,
      `${ms(seen.ms.p50)} / ${ms(seen.ms.p95)} / ${ms(seen.ms.max)}`,
    ],
  ];
  for (const row of cpu.rows)
    rows.push([
      `page animating, ${row.viewers} viewer${row.viewers === 1 ? '' : 's'}: CPU server / browser (${cpu.seconds} s)${row.framesPerSecond === null ? '' : ', frames/s a viewer'}`,
      `${percent(row.serverPct)} / ${percent(row.browserPct)}${row.framesPerSecond === null ? '' : `, ${row.framesPerSecond.toFixed(1)}`}`,
    ]);
  rows.push(
    ['telemetry firehose, bare page, per s', int(firehose.bare.overallRate)],
    [
      'telemetry firehose, no recording: per s (of bare)',
      `${int(firehose.without.overallRate)} (${Math.round(share.without * 100)}%)`,
    ],
    [
      'telemetry firehose, recording: per s (of bare)',
      `${int(firehose.recording.overallRate)} (${Math.round(share.recording * 100)}%)`,
    ],
    [
      'CPU while the firehose ran, server / its browsers and ffmpeg: no recording, recording',
      `${percent(firehose.cpuWithout?.serverPct)} / ${percent(firehose.cpuWithout?.descendantsPct)}, ${percent(firehose.cpuRecording?.serverPct)} / ${percent(firehose.cpuRecording?.descendantsPct)}`,
    ],
    [
      'the recording: seconds, MP4 bytes',
      `${firehose.recorded.seconds.toFixed(1)}, ${firehose.recorded.bytes === null ? 'not written' : int(firehose.recorded.bytes)}`,
    ],
  );
  return textTable(rows);
}

export function screenGoals(screen: ScreenResult | null): GoalResult[] {
  if (!screen) return [];
  const { latency: seen, firehose } = screen;
  const share = shares(screen);
  const ratio = share.without > 0 ? share.recording / share.without : 0;
  const allDelivered = (r: typeof firehose.without): boolean => r.delivered === r.written;
  return [
    {
      goal: `live view: a change on the page painted in the viewer, p95 ≤ ${GOALS.liveViewP95Ms} ms, none missed`,
      measured: `p95 ${ms(seen.ms.p95)} ms (p50 ${ms(seen.ms.p50)}), ${seen.ms.n} of ${seen.changes} changes painted`,
      met: seen.missed === 0 && seen.ms.p95 <= GOALS.liveViewP95Ms,
    },
    {
      goal: `telemetry firehose with a recording running ≥ ${Math.round(GOALS.firehoseRecordingShareOfWithout * 100)}% of without (shares of the bare page), every event delivered`,
      measured: `${Math.round(share.recording * 100)}% of the bare page with, ${Math.round(share.without * 100)}% without: ${shareBeside(ratio, GOALS.firehoseRecordingShareOfWithout)}; delivered all: ${allDelivered(firehose.recording) && allDelivered(firehose.without) ? 'yes' : 'no'}`,
      met:
        allDelivered(firehose.recording) &&
        allDelivered(firehose.without) &&
        ratio >= GOALS.firehoseRecordingShareOfWithout,
    },
  ];
}
