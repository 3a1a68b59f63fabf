/**
 * The overview of a whole timeline: per-category event density in time bins, plus the markers
 * drawn on top (errors, top-level navigations, screenshots). Pure; computed in one pass over the
 * retained events (over the typed columns a live buffer keeps, when it has them), with no
 * allocation per event beyond the capped marker arrays.
 */
import { KNOWN_CATEGORIES } from './catalogue';
import {
  AGENT_LANE,
  isTopLevelNavigation,
  overviewLane,
  type OverviewColumns,
} from './overview-columns';
import type { TimelineSource } from './types';

/** A timeline, with the overview's columns and its marks where its buffer keeps them. */
export interface OverviewSource extends TimelineSource {
  readonly overviewColumns?: OverviewColumns;
  readonly marks?: { readonly length: number; at(position: number): number | undefined };
}

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

export interface OverviewMarker {
  tsUs: number;
  /** Absolute timeline index of the event. */
  index: number;
}

/** A named moment a person set, drawn as a flag. */
export interface OverviewMark extends OverviewMarker {
  name: string;
}

export interface OverviewScreenshot extends OverviewMarker {
  /** Object URL of the PNG when it was computed; null once released. */
  url: string | null;
}

export interface OverviewTotals {
  events: number;
  errors: number;
  navigations: number;
  screenshots: number;
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

export const OVERVIEW_MARKER_CAP = 5_000;
/** Categories beyond this many distinct ones share the lane `other` (keeps the strip bounded). */
export const OVERVIEW_MAX_LANES = 24;
/** A range of zero length (one event, or all at the same instant) is widened to this. */
export const OVERVIEW_MIN_SPAN_US = 1_000_000;

/** Lanes in a fixed order: the known categories, the agent's commands right after interactions. */
const KNOWN_ORDER: ReadonlyMap<string, number> = new Map(
  KNOWN_CATEGORIES.flatMap((category) =>
    category === 'interaction' ? [category, AGENT_LANE] : [category],
  ).map((lane, position) => [lane, position]),
);

// Scratch space reused across calls (the function is synchronous, so never shared mid-call):
// the first pass records each event's ts and lane here, so binning needs no second pass over
// the timeline and allocates nothing per event.
let scratchTs = new Float64Array(0);
let scratchLane = new Uint8Array(0);

function ensureScratch(size: number): void {
  if (scratchTs.length >= size) return;
  const capacity = Math.max(1024, size, scratchTs.length * 2);
  const ts = new Float64Array(capacity);
  const lane = new Uint8Array(capacity);
  ts.set(scratchTs);
  lane.set(scratchLane);
  scratchTs = ts;
  scratchLane = lane;
}

/** Keeps the newest `cap` entries with amortised O(1) pushes. */
function pushCapped<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length >= OVERVIEW_MARKER_CAP * 2) list.splice(0, list.length - OVERVIEW_MARKER_CAP);
}

function trimCapped<T>(list: T[]): T[] {
  if (list.length > OVERVIEW_MARKER_CAP) list.splice(0, list.length - OVERVIEW_MARKER_CAP);
  return list;
}

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

/** The marks of a timeline: from its buffer's list when it keeps one, else by a visit. */
function gatherMarks(source: OverviewSource): OverviewMark[] {
  const marks: OverviewMark[] = [];
  const add = (index: number): void => {
    const item = source.item(index);
    if (item?.kind === 'marker' && item.marker === 'mark')
      marks.push({ tsUs: item.tsUs, index, name: item.text });
  };
  if (source.marks) {
    for (let at = 0; at < source.marks.length; at += 1) add(source.marks.at(at) ?? -1);
  } else {
    source.forEach((item) => {
      if (item.kind === 'marker' && item.marker === 'mark') add(item.index);
    });
  }
  return marks;
}

/** The retained events, gathered before binning: ts and lane of each in the scratch arrays. */
interface Gathered {
  names: string[];
  errors: OverviewMarker[];
  navigations: OverviewMarker[];
  screenshots: OverviewScreenshot[];
  totals: OverviewTotals;
  minUs: number;
  maxUs: number;
}

/** Lanes in order of first appearance; categories past the limit share the lane `other`. */
function laneAssigner(names: string[]): (category: string) => number {
  const laneOf = new Map<string, number>();
  return (category) => {
    let lane = laneOf.get(category);
    if (lane !== undefined) return lane;
    const overflow = names.length >= OVERVIEW_MAX_LANES - 1;
    const name = overflow ? 'other' : category;
    lane = laneOf.get(name);
    if (lane === undefined) {
      lane = names.length;
      names.push(name);
      laneOf.set(name, lane);
    }
    laneOf.set(category, lane);
    return lane;
  };
}

function emptyGathered(): Gathered {
  return {
    names: [],
    errors: [],
    navigations: [],
    screenshots: [],
    totals: { events: 0, errors: 0, navigations: 0, screenshots: 0 },
    minUs: Number.POSITIVE_INFINITY,
    maxUs: Number.NEGATIVE_INFINITY,
  };
}

/** Any timeline: one visit of every retained item. */
function gatherItems(source: TimelineSource): Gathered {
  ensureScratch(Math.max(0, source.next - source.first));
  const gathered = emptyGathered();
  const { totals, errors, navigations, screenshots } = gathered;
  const laneOf = laneAssigner(gathered.names);
  source.forEach((item) => {
    if (item.kind !== 'event' || !Number.isFinite(item.tsUs)) return;
    const ts = item.tsUs;
    ensureScratch(totals.events + 1);
    scratchTs[totals.events] = ts;
    scratchLane[totals.events] = laneOf(overviewLane(item));
    totals.events += 1;
    if (ts < gathered.minUs) gathered.minUs = ts;
    if (ts > gathered.maxUs) gathered.maxUs = ts;
    if (item.error) {
      totals.errors += 1;
      pushCapped(errors, { tsUs: ts, index: item.index });
    }
    if (isTopLevelNavigation(item)) {
      totals.navigations += 1;
      pushCapped(navigations, { tsUs: ts, index: item.index });
    }
    if (item.type === 'monitor_screenshot' && item.screenshot) {
      totals.screenshots += 1;
      pushCapped(screenshots, { tsUs: ts, index: item.index, url: item.screenshot.url });
    }
  });
  return gathered;
}

/** The newest `OVERVIEW_MARKER_CAP` indexes of a list, with their times. */
function newestMarkers(
  list: OverviewColumns['errors'],
  columns: OverviewColumns,
): OverviewMarker[] {
  const markers: OverviewMarker[] = [];
  for (let at = Math.max(0, list.length - OVERVIEW_MARKER_CAP); at < list.length; at += 1) {
    const index = list.at(at) ?? 0;
    markers.push({ tsUs: columns.tsAt(index), index });
  }
  return markers;
}

/** A live buffer: two typed arrays and the marker lists, no item visited but the markers'. */
function gatherColumns(source: TimelineSource, columns: OverviewColumns): Gathered {
  ensureScratch(Math.max(0, source.next - source.first));
  const gathered = emptyGathered();
  const laneOf = laneAssigner(gathered.names);
  const laneOfId: number[] = [];
  let events = 0;
  let minUs = Number.POSITIVE_INFINITY;
  let maxUs = Number.NEGATIVE_INFINITY;
  for (let index = source.first; index < source.next; index += 1) {
    const ts = columns.tsAt(index);
    if (Number.isNaN(ts)) continue;
    const id = columns.categoryAt(index);
    let lane = laneOfId[id];
    if (lane === undefined) {
      lane = laneOf(columns.categoryName(id));
      laneOfId[id] = lane;
    }
    scratchTs[events] = ts;
    scratchLane[events] = lane;
    events += 1;
    if (ts < minUs) minUs = ts;
    if (ts > maxUs) maxUs = ts;
  }
  gathered.minUs = minUs;
  gathered.maxUs = maxUs;
  gathered.totals = {
    events,
    errors: columns.errors.length,
    navigations: columns.navigations.length,
    screenshots: columns.screenshots.length,
  };
  gathered.errors = newestMarkers(columns.errors, columns);
  gathered.navigations = newestMarkers(columns.navigations, columns);
  gathered.screenshots = newestMarkers(columns.screenshots, columns).map((marker) => {
    const item = source.item(marker.index);
    const url = item?.kind === 'event' ? (item.screenshot?.url ?? null) : null;
    return { ...marker, url };
  });
  return gathered;
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
  const { overviewColumns } = source;
  const gathered = overviewColumns ? gatherColumns(source, overviewColumns) : gatherItems(source);
  const { names, totals } = gathered;
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
    const laneBins = counts[scratchLane[i] ?? 0];
    if (!laneBins) continue;
    const bin = binIndex(scratchTs[i] ?? startUs, startUs, scale, bins);
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
    errors: trimCapped(gathered.errors),
    navigations: trimCapped(gathered.navigations),
    screenshots: trimCapped(gathered.screenshots),
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
