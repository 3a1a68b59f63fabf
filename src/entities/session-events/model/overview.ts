/**
 * The overview of a whole timeline: per-category event density in time bins, plus the markers
 * drawn on top (errors, top-level navigations, screenshots). Pure; computed in one pass over the
 * retained events (over the typed columns a live buffer keeps, when it has them), with no
 * allocation per event beyond the capped marker arrays. That pass is in overview-gather.ts; the
 * binning of what it gathered is here.
 */
import { KNOWN_CATEGORIES } from './catalogue';
import { AGENT_LANE } from './overview-columns';
import {
  gatherEvents,
  gatherMarks,
  type OverviewMark,
  type OverviewMarker,
  type OverviewScreenshot,
  type OverviewSource,
  type OverviewTotals,
} from './overview-gather';

export interface OverviewLane {
  category: string;
  /** Events per time bin. */
  bins: Uint32Array;
  /** Largest bin count of the lane. */
  max: number;
  /** A lane from outside the timeline (a log stream): its name and colour variable. */
  label?: string;
  colorVar?: string;
  /** Error lines per time bin, for a lane that marks them. */
  errorBins?: Uint32Array;
}

/**
 * A lane drawn from outside the timeline, on the same time axis: the lines of an open log stream.
 * `forEach` visits the time (Unix µs) of each retained line and whether it is an error.
 */
export interface OverviewExtraLane {
  id: string;
  label: string;
  colorVar: string;
  forEach(visit: (tsUs: number, error: boolean) => void): void;
}

export interface Overview {
  /** Time range (Unix µs) from the earliest to the latest event; 0..0 when there is none. */
  startUs: number;
  endUs: number;
  /** One lane per category present, in display order; empty when there is no event. */
  lanes: OverviewLane[];
  /** The newest `OVERVIEW_MARKER_CAP` of each kind, oldest first. */
  errors: OverviewMarker[];
  navigations: OverviewMarker[];
  screenshots: OverviewScreenshot[];
  /** The marks a person set, oldest first. */
  marks: OverviewMark[];
  /** Uncapped counts, for summaries. */
  totals: OverviewTotals;
}

/** A range of zero length (one event, or all at the same instant) is widened to this. */
export const OVERVIEW_MIN_SPAN_US = 1_000_000;

/** Lanes in a fixed order: the known categories, the agent's commands right after interactions. */
const KNOWN_ORDER: ReadonlyMap<string, number> = new Map(
  KNOWN_CATEGORIES.flatMap((category) =>
    category === 'interaction' ? [category, AGENT_LANE] : [category],
  ).map((lane, position) => [lane, position]),
);

function normalizeBins(widthBins: number): number {
  return Number.isFinite(widthBins) ? Math.max(1, Math.floor(widthBins)) : 1;
}

function binIndex(tsUs: number, startUs: number, scale: number, bins: number): number {
  const bin = Math.floor((tsUs - startUs) * scale);
  return bin < 0 ? 0 : bin >= bins ? bins - 1 : bin;
}

function laneOrder(names: readonly string[]): number[] {
  const rank = (name: string): number => KNOWN_ORDER.get(name) ?? KNOWN_ORDER.size;
  return names
    .map((_, lane) => lane)
    .sort((a, b) => {
      const nameA = names[a] ?? '';
      const nameB = names[b] ?? '';
      return rank(nameA) - rank(nameB) || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0);
    });
}

function emptyOverview(): Overview {
  return {
    startUs: 0,
    endUs: 0,
    lanes: [],
    errors: [],
    navigations: [],
    screenshots: [],
    marks: [],
    totals: { events: 0, errors: 0, navigations: 0, screenshots: 0 },
  };
}

/**
 * Bins the retained events of `source` into `widthBins` equal time bins per category. Only
 * `event` items with a finite ts count; gaps, markers and unreadable items are not events.
 */
export function computeOverview(
  source: OverviewSource,
  widthBins: number,
  extra: readonly OverviewExtraLane[] = [],
): Overview {
  const bins = normalizeBins(widthBins);
  const gathered = gatherEvents(source);
  const { names, totals, ts: eventTs, lane: eventLane } = gathered;
  let { minUs, maxUs } = gathered;
  const marks = gatherMarks(source);
  for (const mark of marks) {
    if (mark.tsUs < minUs) minUs = mark.tsUs;
    if (mark.tsUs > maxUs) maxUs = mark.tsUs;
  }
  // the extra lanes widen the range: one pass for their ends, one to bin them
  let extraLines = 0;
  for (const lane of extra) {
    lane.forEach((tsUs) => {
      if (!Number.isFinite(tsUs)) return;
      extraLines += 1;
      if (tsUs < minUs) minUs = tsUs;
      if (tsUs > maxUs) maxUs = tsUs;
    });
  }

  if (totals.events === 0 && extraLines === 0 && marks.length === 0) return emptyOverview();
  const startUs = minUs;
  const endUs = maxUs > minUs ? maxUs : minUs + OVERVIEW_MIN_SPAN_US;
  const scale = bins / (endUs - startUs);
  const counts = names.map(() => new Uint32Array(bins));
  for (let i = 0; i < totals.events; i += 1) {
    const laneBins = counts[eventLane[i] ?? 0];
    if (!laneBins) continue;
    const bin = binIndex(eventTs[i] ?? startUs, startUs, scale, bins);
    laneBins[bin] = (laneBins[bin] ?? 0) + 1;
  }
  const lanes = laneOrder(names).map((lane): OverviewLane => {
    const laneBins = counts[lane] ?? new Uint32Array(bins);
    let max = 0;
    for (const count of laneBins) if (count > max) max = count;
    return { category: names[lane] ?? 'other', bins: laneBins, max };
  });
  for (const lane of extra) lanes.push(binExtraLane(lane, startUs, scale, bins));
  return {
    startUs,
    endUs,
    lanes,
    errors: gathered.errors,
    navigations: gathered.navigations,
    screenshots: gathered.screenshots,
    marks,
    totals,
  };
}

function binExtraLane(
  lane: OverviewExtraLane,
  startUs: number,
  scale: number,
  bins: number,
): OverviewLane {
  const counts = new Uint32Array(bins);
  const errorBins = new Uint32Array(bins);
  lane.forEach((tsUs, error) => {
    if (!Number.isFinite(tsUs)) return;
    const bin = binIndex(tsUs, startUs, scale, bins);
    counts[bin] = (counts[bin] ?? 0) + 1;
    if (error) errorBins[bin] = (errorBins[bin] ?? 0) + 1;
  });
  let max = 0;
  for (const count of counts) if (count > max) max = count;
  return {
    category: `log:${lane.id}`,
    label: lane.label,
    colorVar: lane.colorVar,
    bins: counts,
    max,
    errorBins,
  };
}

/** The bin (0..widthBins-1) holding `tsUs`; times outside the range clamp to the edges. */
export function binOf(overview: Overview, tsUs: number, widthBins: number): number {
  const bins = normalizeBins(widthBins);
  const span = overview.endUs - overview.startUs;
  if (!(span > 0) || !Number.isFinite(tsUs)) return 0;
  return binIndex(tsUs, overview.startUs, bins / span, bins);
}

/** The time (Unix µs) at `fraction` (0 = start, 1 = end, clamped) of the overview's range. */
export function timeAt(overview: Overview, fraction: number): number {
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return overview.startUs + f * (overview.endUs - overview.startUs);
}

/** Where `tsUs` falls in the range, as a fraction clamped to 0..1. */
export function fractionOf(overview: Overview, tsUs: number): number {
  const span = overview.endUs - overview.startUs;
  if (!(span > 0) || !Number.isFinite(tsUs)) return 0;
  return Math.min(1, Math.max(0, (tsUs - overview.startUs) / span));
}
