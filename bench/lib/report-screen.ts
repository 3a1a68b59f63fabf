/** The session's screen as measured (#32): its table and its goals. */
import { int, ms, shareBeside, textTable } from './format.ts';
import { GOALS } from './goals.ts';
import type { GoalResult, IngestResult, RecordingRound, ScreenResult } from './results.ts';

const percent = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(1)}%`;

/** Delivered rate of the firehose as a share of the same run's bare page. */
function shares(screen: ScreenResult): { without: number; recording: number } {
  const { bare, without, recording } = screen.firehose;
  const of = (rate: number): number => (bare.overallRate > 0 ? rate / bare.overallRate : 0);
  return { without: of(without.overallRate), recording: of(recording.overallRate) };
}

/** A round's share: the rate with a recording over the rate without (0 when none without). */
export const roundShare = (round: Pick<RecordingRound, 'without' | 'recording'>): number =>
  round.without.overallRate > 0 ? round.recording.overallRate / round.without.overallRate : 0;

/** The rounds of the firehose beside a recording; one made of the pair, for older results. */
function roundsOf(screen: ScreenResult): Pick<RecordingRound, 'without' | 'recording'>[] {
  const { rounds, without, recording } = screen.firehose;
  return rounds && rounds.length > 0 ? rounds : [{ without, recording }];
}

/** The median of the rounds' shares (the lower middle one of an even count). */
export function medianRoundShare(screen: ScreenResult): number {
  const sorted = roundsOf(screen)
    .map(roundShare)
    .sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
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
    ...(roundsOf(screen).length > 1
      ? [
          [
            'each round: per s without, with a recording (share of without)',
            roundsOf(screen)
              .map(
                (round) =>
                  `${int(round.without.overallRate)}, ${int(round.recording.overallRate)} (${Math.round(roundShare(round) * 100)}%)`,
              )
              .join('; '),
          ],
        ]
      : []),
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
  const { latency: seen } = screen;
  const share = shares(screen);
  const rounds = roundsOf(screen);
  const ratio = medianRoundShare(screen);
  const allDelivered = (r: IngestResult): boolean => r.delivered === r.written;
  const everyDelivered = rounds.every(
    (round) => allDelivered(round.without) && allDelivered(round.recording),
  );
  const ofRounds =
    rounds.length > 1
      ? ` (median of ${rounds.length} rounds: ${rounds.map((round) => `${Math.round(roundShare(round) * 100)}%`).join(', ')})`
      : '';
  return [
    {
      goal: `live view: a change on the page painted in the viewer, p95 ≤ ${GOALS.liveViewP95Ms} ms, none missed`,
      measured: `p95 ${ms(seen.ms.p95)} ms (p50 ${ms(seen.ms.p50)}), ${seen.ms.n} of ${seen.changes} changes painted`,
      met: seen.missed === 0 && seen.ms.p95 <= GOALS.liveViewP95Ms,
    },
    {
      goal: `telemetry firehose with a recording running ≥ ${Math.round(GOALS.firehoseRecordingShareOfWithout * 100)}% of without (shares of the bare page), every event delivered`,
      measured: `${Math.round(share.recording * 100)}% of the bare page with, ${Math.round(share.without * 100)}% without: ${shareBeside(ratio, GOALS.firehoseRecordingShareOfWithout)}${ofRounds}; delivered all: ${everyDelivered ? 'yes' : 'no'}`,
      met: everyDelivered && ratio >= GOALS.firehoseRecordingShareOfWithout,
    },
  ];
}
