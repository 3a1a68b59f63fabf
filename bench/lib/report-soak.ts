/** The soak as measured: its samples as a compact table, and its goal (flat after five minutes). */
import { int, textTable } from './format.ts';
import { GOALS } from './goals.ts';
import type { GoalResult, SoakResult, SoakSample } from './results.ts';

/** A measure's least-squares line, read at the first and the last minute it was fitted over. */
export interface Line {
  from: number;
  to: number;
  first: number;
  last: number;
}

/**
 * The least-squares line through the points at or after `from` (x: minute, y: the measure); null
 * with fewer than three. A line rather than the last sample against the fifth: one sample is one
 * moment (a collection that came late, a burst of rows, a heavier page of the demo's loop), while
 * a leak is a trend that every sample after the fifth minute adds to.
 */
export function fittedLine(
  points: readonly (readonly [number, number])[],
  from: number,
): Line | null {
  const used = points.filter(([x, y]) => x >= from && Number.isFinite(x) && Number.isFinite(y));
  if (used.length < 3) return null;
  const meanX = used.reduce((sum, [x]) => sum + x, 0) / used.length;
  const meanY = used.reduce((sum, [, y]) => sum + y, 0) / used.length;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of used) {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (y - meanY);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  const start = (used[0] as readonly [number, number])[0];
  const end = (used[used.length - 1] as readonly [number, number])[0];
  return {
    from: start,
    to: end,
    first: meanY + slope * (start - meanX),
    last: meanY + slope * (end - meanX),
  };
}

/** The minute the soak is judged from: the fifth, or half of a run too short to judge. */
export function settleMinute(minutes: number): number {
  return minutes >= GOALS.soakShortestJudgedMinutes
    ? GOALS.soakSettleMinutes
    : Math.floor(minutes / 2);
}

/**
 * The page heap beyond what the data it gained may take under the heap goals (the session's
 * events at 1.5× their JSON bytes, the log's lines at 1.1× theirs). The page keeps that data by
 * design, up to its caps (100,000 events take the demo's pace more than an hour to reach), and
 * data kept grows with time as a leak does, so only the heap beyond it can tell one.
 */
export function heapBeyondData(sample: SoakSample): number {
  return (
    sample.heapMb -
    GOALS.telemetryHeapPerByte * (sample.timelineBytesMb ?? 0) -
    GOALS.logHeapPerByte * (sample.logBytesMb ?? 0)
  );
}

const series = (
  samples: readonly SoakSample[],
  pick: (sample: SoakSample) => number | null,
): [number, number][] => samples.map((sample) => [sample.minute, pick(sample) ?? Number.NaN]);

const rise = (line: Line | null): number =>
  line && line.first > 0 ? line.last / line.first : Number.NaN;

function describe(line: Line | null, format: (n: number) => string, unit = ''): string {
  return line
    ? `${format(line.first)} → ${format(line.last)}${unit} (×${rise(line).toFixed(2)})`
    : '–';
}

const oneDecimal = (value: number): string => value.toFixed(1);
const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}`;

export function soakGoals(soak: SoakResult | null): GoalResult[] {
  if (!soak) return [];
  const from = settleMinute(soak.minutes);
  const { samples } = soak;
  const heap = fittedLine(
    series(samples, (s) => s.heapMb),
    from,
  );
  const beyond = fittedLine(series(samples, heapBeyondData), from);
  const dom = fittedLine(
    series(samples, (s) => s.domNodes),
    from,
  );
  const rss = fittedLine(
    series(samples, (s) => s.serverRssMb),
    from,
  );
  const browsers = fittedLine(
    series(samples, (s) => s.descendantsRssMb),
    from,
  );
  const gained = beyond ? beyond.last - beyond.first : Number.NaN;
  const allowed = heap ? (GOALS.soakHeapRise - 1) * heap.first : Number.NaN;
  const judged = soak.minutes >= GOALS.soakShortestJudgedMinutes;
  const flat =
    heap && beyond && dom && rss
      ? gained <= allowed && rise(rss) <= GOALS.soakRssRise && rise(dom) <= GOALS.soakDomRise
      : null;
  const first = samples.find((s) => s.minute >= from);
  const last = samples[samples.length - 1];
  const events =
    first && last && last.timelineEvents !== null && first.timelineEvents !== null
      ? `; the session sent ${int(last.timelineEvents - first.timelineEvents)} events meanwhile (${oneDecimal((last.timelineBytesMb ?? 0) - (first.timelineBytesMb ?? 0))} MB of JSON), which the timeline keeps`
      : '';
  return [
    {
      goal: `soak: the demo session with a log tab and the Screen panel open, ${soak.minutes} min: from minute ${GOALS.soakSettleMinutes} to the end (least-squares line) page heap beyond its data's allowance gains ≤ ${Math.round((GOALS.soakHeapRise - 1) * 100)}% of the heap, server RSS ≤ ${GOALS.soakRssRise}×, DOM nodes ≤ ${GOALS.soakDomRise}×`,
      measured:
        `minute ${from} to ${last?.minute ?? '–'} on the line: heap ${describe(heap, oneDecimal, ' MB')}, beyond its data ${Number.isFinite(gained) ? `${signed(gained)} MB (at most +${oneDecimal(allowed)})` : '–'}, ` +
        `DOM nodes ${describe(dom, int)}, server RSS ${describe(rss, int, ' MB')}; its browsers ${describe(browsers, int, ' MB')} (not judged)${events}` +
        (judged ? '' : `; a run under ${GOALS.soakShortestJudgedMinutes} min is shown, not judged`),
      met: judged ? flat : null,
    },
  ];
}

/** The samples of the first two minutes, every fifth minute, and the last. */
export function soakTable(soak: SoakResult): string {
  const rows = [
    [
      'minute',
      'page heap MB',
      'beyond its data MB',
      'DOM nodes',
      'server RSS MB',
      'its browsers RSS MB',
      'log lines',
      'events since open (MB)',
      'live view frames',
    ],
  ];
  const last = soak.samples[soak.samples.length - 1];
  const value = (n: number | null, format: (n: number) => string): string =>
    n === null ? '–' : format(n);
  for (const sample of soak.samples) {
    if (sample.minute > 2 && sample.minute % 5 !== 0 && sample !== last) continue;
    rows.push([
      String(sample.minute),
      oneDecimal(sample.heapMb),
      oneDecimal(heapBeyondData(sample)),
      int(sample.domNodes),
      value(sample.serverRssMb, int),
      value(sample.descendantsRssMb, int),
      value(sample.logLines, int),
      sample.timelineEvents === null
        ? '–'
        : `${int(sample.timelineEvents)} (${oneDecimal(sample.timelineBytesMb ?? 0)})`,
      value(sample.liveViewFrames, int),
    ]);
  }
  return textTable(rows);
}
