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

/**
 * The first minute at which the session had sent at least as many events as the timeline keeps,
 * so that it kept its cap from then on; undefined when that never came, or came too late to leave
 * three samples to judge.
 */
export function capMinute(soak: SoakResult): number | undefined {
  const keep = soak.timelineKeep;
  if (keep === undefined) return undefined;
  const reached = soak.samples.find((s) => s.timelineEvents !== null && s.timelineEvents >= keep);
  if (!reached) return undefined;
  const after = soak.samples.filter((s) => s.minute >= reached.minute).length;
  return after >= 3 ? reached.minute : undefined;
}

export function soakGoals(soak: SoakResult | null): GoalResult[] {
  if (!soak) return [];
  const settled = settleMinute(soak.minutes);
  const capped = capMinute(soak);
  // once the timeline holds its cap, what it keeps no longer grows: judged from then on
  const from = capped === undefined ? settled : Math.max(settled, capped);
  const { samples } = soak;
  const line = (pick: (sample: SoakSample) => number | null): Line | null =>
    fittedLine(series(samples, pick), from);
  const heap = line((s) => s.heapMb);
  const dom = line((s) => s.domNodes);
  const rss = line((s) => s.serverRssMb);
  const browsers = line((s) => s.descendantsRssMb);
  const judged = soak.minutes >= GOALS.soakShortestJudgedMinutes;
  const flat =
    heap && dom && rss
      ? rise(heap) <= GOALS.soakHeapRise &&
        rise(rss) <= GOALS.soakRssRise &&
        rise(dom) <= GOALS.soakDomRise
      : null;
  const first = samples.find((s) => s.minute >= from);
  const last = samples[samples.length - 1];
  // what the page gained and keeps by design, beside what its heap gained
  let kept = '';
  if (capped !== undefined && soak.timelineKeep !== undefined) {
    kept = `; the timeline kept its cap of ${int(soak.timelineKeep)} items from minute ${capped} (the session had sent ${int(first?.timelineEvents ?? 0)} events by minute ${from}), so the heap is judged from minute ${from}`;
  } else if (first && last && first.timelineEvents !== null && last.timelineEvents !== null) {
    const eventsMb = (last.timelineBytesMb ?? 0) - (first.timelineBytesMb ?? 0);
    const heapMb = heap ? heap.last - heap.first : Number.NaN;
    kept =
      `; meanwhile the session sent ${int(last.timelineEvents - first.timelineEvents)} events (${oneDecimal(eventsMb)} MB of JSON), which the timeline keeps up to its cap` +
      (eventsMb > 0 && Number.isFinite(heapMb)
        ? `: the heap gained ${(heapMb / eventsMb).toFixed(2)} MB per MB of them`
        : '');
  }
  return [
    {
      goal: `soak: the demo session with a log tab and the Screen panel open, ${soak.minutes} min: from minute ${GOALS.soakSettleMinutes} (or once the timeline holds its cap) to the end (least-squares line) page heap and server RSS ≤ ${GOALS.soakHeapRise}×, DOM nodes ≤ ${GOALS.soakDomRise}×`,
      measured:
        `minute ${from} to ${last?.minute ?? '–'} on the line: heap ${describe(heap, oneDecimal, ' MB')}, DOM nodes ${describe(dom, int)}, ` +
        `server RSS ${describe(rss, int, ' MB')}; its browsers ${describe(browsers, int, ' MB')} (not judged)${kept}` +
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
