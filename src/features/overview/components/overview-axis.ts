import { clockSeconds } from '../../../entities/session-events/model/overview-summary';

export interface AxisTick {
  tsUs: number;
  /** Local clock time `HH:MM:SS`. */
  label: string;
}

/** Tick spacings in seconds, from which the smallest that keeps labels apart is chosen. */
const STEPS_S = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400,
];
const MIN_LABEL_SPACING_PX = 90;

/**
 * Time ticks on round local clock times between `startUs` and `endUs`, spaced at least ~90 px
 * apart on a plot `plotWidth` px wide. When no round time falls in the range (a sub-second
 * range), the start is the only tick.
 */
export function axisTicks(startUs: number, endUs: number, plotWidth: number): AxisTick[] {
  if (!Number.isFinite(startUs) || !Number.isFinite(endUs) || endUs < startUs) return [];
  const maxTicks = Math.max(1, Math.floor(plotWidth / MIN_LABEL_SPACING_PX));
  const startMs = startUs / 1000;
  const endMs = endUs / 1000;
  const stepS = STEPS_S.find((step) => (endMs - startMs) / (step * 1000) <= maxTicks) ?? 86_400;
  const stepMs = stepS * 1000;
  // align to the local clock: shift by the zone's offset, round up, shift back
  const offsetMs = -new Date(startMs).getTimezoneOffset() * 60_000;
  const ticks: AxisTick[] = [];
  let t = Math.ceil((startMs + offsetMs) / stepMs) * stepMs - offsetMs;
  for (; t <= endMs && ticks.length <= maxTicks + 1; t += stepMs) {
    ticks.push({ tsUs: t * 1000, label: clockSeconds(t * 1000) });
  }
  if (ticks.length === 0) ticks.push({ tsUs: startUs, label: clockSeconds(startUs) });
  return ticks;
}
