/**
 * The retained events of a timeline, gathered for its overview in one pass: the time and lane of
 * each event, the error, navigation and screenshot markers (the newest of each kind), and the
 * marks a person set. Binning them is overview.ts's part.
 */
import { isTopLevelNavigation, overviewLane, type OverviewColumns } from './overview-columns';
import type { TimelineSource } from './types';

/** A timeline, with the overview's columns and its marks where its buffer keeps them. */
export interface OverviewSource extends TimelineSource {
  readonly overviewColumns?: OverviewColumns;
  readonly marks?: { readonly length: number; at(position: number): number | undefined };
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

export const OVERVIEW_MARKER_CAP = 5_000;
/** Categories beyond this many distinct ones share the lane `other` (keeps the strip bounded). */
export const OVERVIEW_MAX_LANES = 24;

// Scratch space reused across calls (computeOverview gathers and bins synchronously, so it is
// never shared mid-call): the first pass records each event's ts and lane here, so binning needs
// no second pass over the timeline and allocates nothing per event.
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

/** The marks of a timeline: from its buffer's list when it keeps one, else by a visit. */
export function gatherMarks(source: OverviewSource): OverviewMark[] {
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

/** `Gathered`, with the ts and lane of each event: the first `totals.events` of `ts` and `lane`. */
export interface GatheredEvents extends Gathered {
  readonly ts: Float64Array;
  readonly lane: Uint8Array;
}

/**
 * The retained events of `source`, from its buffer's columns when it keeps them, else by a visit.
 * `ts` and `lane` are reused: they hold these events until the next gathering.
 */
export function gatherEvents(source: OverviewSource): GatheredEvents {
  const { overviewColumns } = source;
  const gathered = overviewColumns ? gatherColumns(source, overviewColumns) : gatherItems(source);
  return {
    ...gathered,
    errors: trimCapped(gathered.errors),
    navigations: trimCapped(gathered.navigations),
    screenshots: trimCapped(gathered.screenshots),
    ts: scratchTs,
    lane: scratchLane,
  };
}
