/**
 * The page visits of a timeline: one per top-level navigation of a tab, with what happened during
 * it (console errors, failed requests, layout shifts) and its web vitals worked out as Chrome
 * defines them. Pure; one pass over the retained items. Only navigations, page metrics and errors
 * are parsed (they are few); other events are placed by their time.
 */
import { isRecord } from '../../../lib/is-record';
import { pageDataSent, readEvent } from './event-item';
import { pageDataOf, type PageData } from './page-facts';
import { isTopLevelNavigation } from './overview-columns';
import type { TimeRange } from './timeline-filter';
import { sliceOver, type DerivedPass } from './derived-pass';
import type { EventItem, TimelineItem, TimelineSource } from './types';

export const LCP_EXPLAINED =
  'Largest Contentful Paint: when the largest image or text block of the page was rendered ' +
  '(its load time when the page gave no render time), counted from the start of the navigation ' +
  '(its document request). Good under 2.5 s, poor over 4 s.';
export const CLS_EXPLAINED =
  'Cumulative Layout Shift: how much the page moved under the reader, as Chrome counts it: the ' +
  'largest burst of layout shifts (gaps under 1 s, at most 5 s long), leaving out shifts right ' +
  'after input. Good under 0.1, poor over 0.25.';

export interface LargestPaint {
  /** Render time (or load time, for an image without render timing) after the navigation, ms. */
  ms: number;
  /** Which time it is: `render` or, when the page gave none, `load`. */
  basis: 'render' | 'load';
  size: number;
  elementId: string | null;
  url: string | null;
  /** Timeline index of the `page_lcp` event. */
  index: number;
}

export interface PageVisit {
  /** Timeline index of the navigation. */
  index: number;
  targetId: string | null;
  navSeq: number | null;
  url: string;
  title: string | null;
  /** When the navigation started: its document request when seen, else the navigation. */
  startUs: number;
  /** The next navigation of the same tab; null while it is the tab's current page. */
  endUs: number | null;
  /** The last event seen during the visit. */
  lastUs: number;
  errors: number;
  failedRequests: number;
  layoutShifts: number;
  /** DOMContentLoaded and load after the start, ms. */
  domContentLoadedMs: number | null;
  loadMs: number | null;
  lcp: LargestPaint | null;
  /** Cumulative layout shift: the largest session window of shifts without recent input. */
  cls: number;
}

interface Shift {
  atMs: number;
  value: number;
}

interface Building extends PageVisit {
  loaderId: string | null;
  shifts: Shift[];
}

type Data = PageData;

const str = (data: Data, key: string): string | null =>
  typeof data[key] === 'string' && data[key] !== '' ? (data[key] as string) : null;
const num = (data: Data, key: string): number | null =>
  typeof data[key] === 'number' && Number.isFinite(data[key]) ? (data[key] as number) : null;

/** The fields read of an event's data (page-facts.ts): as the worker sent them, or parsed here. */
function readData(item: EventItem): Data {
  return pageDataSent(item) ?? pageDataOf(readEvent(item).data);
}

/**
 * The fields the last pass over a source read, by item: a pass runs every half second over every
 * retained item, and a live item keeps no parsed event, so without them each pass parsed every
 * error, navigation and page metric again. Only the fields read are kept, not the event's data (a
 * stack trace, say), and only for the items the last pass met: an evicted item's fields go with
 * the next pass.
 */
const lastRead = new WeakMap<TimelineSource, Map<EventItem, Data>>();

/** Layout shifts are grouped into windows: a gap under 1 s, at most 5 s long (Chrome's CLS). */
const SESSION_GAP_MS = 1_000;
const SESSION_MAX_MS = 5_000;

/** The largest session window's sum of shifts (those without recent input only). */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  const sorted = [...shifts].sort((a, b) => a.atMs - b.atMs);
  let best = 0;
  let sum = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of sorted) {
    if (shift.atMs - previous >= SESSION_GAP_MS || shift.atMs - windowStart >= SESSION_MAX_MS) {
      sum = 0;
      windowStart = shift.atMs;
    }
    sum += shift.value;
    previous = shift.atMs;
    best = Math.max(best, sum);
  }
  return best;
}

/** The visits of `source`, oldest first. */
export function computePages(source: TimelineSource): PageVisit[] {
  const pass = pagesPass(source);
  source.forEach(pass.visit);
  return pass.result();
}

/** computePages a slice at a time (derived-pass.ts), for a live timeline's views. */
export function slicedPages(source: TimelineSource): DerivedPass<PageVisit[]> {
  const pass = pagesPass(source);
  return sliceOver(source, pass.visit, pass.result);
}

/** A pass that makes the visits: `visit` each retained item, oldest first, then `result`. */
function pagesPass(source: TimelineSource): {
  visit: (item: TimelineItem) => void;
  result: () => PageVisit[];
} {
  const before = lastRead.get(source);
  const read = new Map<EventItem, Data>();
  const dataOf = (item: EventItem): Data => {
    const data = before?.get(item) ?? readData(item);
    read.set(item, data);
    return data;
  };
  const visits: Building[] = [];
  const currentByTarget = new Map<string, Building>();
  const byNav = new Map<string, Building>();
  const requestStart = new Map<string, number>();
  const titles = new Map<string, { title: string; url: string | null }>();
  let latest: Building | undefined;

  const visitFor = (data: Data | null): Building | undefined => {
    if (data) {
      const target = str(data, 'target_id');
      const navSeq = num(data, 'nav_seq');
      if (target !== null && navSeq !== null) {
        const exact = byNav.get(`${target}\n${navSeq}`);
        if (exact) return exact;
      }
      if (target !== null) return currentByTarget.get(target) ?? latest;
    }
    return latest;
  };

  const visit = (item: TimelineItem): void => {
    if (item.kind !== 'event') return;
    if (item.type === 'network_request' && item.requestId !== null) {
      if (!requestStart.has(item.requestId)) requestStart.set(item.requestId, item.tsUs);
      if (latest) latest.lastUs = Math.max(latest.lastUs, item.tsUs);
      return;
    }
    if (item.type === 'page_tab_opened') {
      const data = dataOf(item);
      const target = str(data, 'target_id');
      const title = str(data, 'title');
      if (target !== null && title !== null) titles.set(target, { title, url: str(data, 'url') });
      return;
    }
    if (isTopLevelNavigation(item)) {
      const data = dataOf(item);
      const targetId = str(data, 'target_id');
      const loaderId = str(data, 'loader_id');
      const navSeq = num(data, 'nav_seq');
      const requested = loaderId === null ? undefined : requestStart.get(loaderId);
      const startUs =
        requested !== undefined && requested <= item.tsUs && item.tsUs - requested < 120e6
          ? requested
          : item.tsUs;
      // a document request comes right before its navigation: older ones are not needed again
      requestStart.clear();
      const previous = targetId === null ? undefined : currentByTarget.get(targetId);
      if (previous) previous.endUs = startUs;
      const visit: Building = {
        index: item.index,
        targetId,
        navSeq,
        url: str(data, 'url') ?? '',
        title: null,
        startUs,
        endUs: null,
        lastUs: item.tsUs,
        errors: 0,
        failedRequests: 0,
        layoutShifts: 0,
        domContentLoadedMs: null,
        loadMs: null,
        lcp: null,
        cls: 0,
        loaderId,
        shifts: [],
      };
      if (targetId !== null) {
        currentByTarget.set(targetId, visit);
        // the title a tab opened with belongs to the page it opened on
        const opened = titles.get(targetId);
        if (opened && opened.url === visit.url) visit.title = opened.title;
        if (navSeq !== null) byNav.set(`${targetId}\n${navSeq}`, visit);
      }
      visits.push(visit);
      latest = visit;
      return;
    }
    const parsed =
      item.error ||
      item.type === 'page_lcp' ||
      item.type === 'page_layout_shift' ||
      item.type === 'page_dom_content_loaded' ||
      item.type === 'page_load';
    const data = parsed ? dataOf(item) : null;
    const visit = visitFor(data);
    if (!visit) return;
    visit.lastUs = Math.max(visit.lastUs, item.tsUs);
    if (!data) return;
    const sinceStartMs = (item.tsUs - visit.startUs) / 1000;
    if (item.error) {
      if (item.category === 'console') visit.errors += 1;
      else if (item.category === 'network') visit.failedRequests += 1;
    }
    switch (item.type) {
      case 'page_dom_content_loaded':
        visit.domContentLoadedMs ??= sinceStartMs;
        break;
      case 'page_load':
        visit.loadMs ??= sinceStartMs;
        break;
      case 'page_layout_shift': {
        visit.layoutShifts += 1;
        const details = isRecord(data.layout_shift_details) ? data.layout_shift_details : {};
        const value = num(details, 'value') ?? 0;
        if (details.had_recent_input === true) break;
        const time = num(data, 'time');
        visit.shifts.push({
          atMs: time !== null && time > 0 ? time * 1000 : item.tsUs / 1000,
          value,
        });
        break;
      }
      case 'page_lcp': {
        const details = isRecord(data.lcp_details) ? data.lcp_details : {};
        const render = num(details, 'render_time');
        const load = num(details, 'load_time');
        const basis = render !== null && render > 0 ? 'render' : 'load';
        const seconds = basis === 'render' ? render : load;
        if (seconds === null || seconds <= 0) break;
        const ms = seconds * 1000 - visit.startUs / 1000;
        // a time that is not after the start (another clock) is not a measure of this visit
        if (ms < 0 || ms > 10 * 60_000) break;
        visit.lcp = {
          ms,
          basis,
          size: num(details, 'size') ?? 0,
          elementId: str(details, 'element_id'),
          url: str(details, 'url'),
          index: item.index,
        };
        break;
      }
    }
  };
  const result = (): PageVisit[] => {
    lastRead.set(source, read);
    return visits.map(({ loaderId: _loader, shifts, ...made }) => ({
      ...made,
      cls: cumulativeLayoutShift(shifts),
    }));
  };
  return { visit, result };
}

/**
 * The time range of one visit ("Only this page", the waterfall's page): from its start to the
 * millisecond before the next page of its tab started, so the next page's document request is
 * not in it (ranges hold whole milliseconds, as the URL keeps them); to its last event while
 * it is the tab's page.
 */
export function visitRange(visit: Pick<PageVisit, 'startUs' | 'endUs' | 'lastUs'>): TimeRange {
  if (visit.endUs === null) return { fromUs: visit.startUs, toUs: visit.lastUs };
  const beforeNext = Math.floor(visit.endUs / 1000) * 1000 - 1;
  return { fromUs: visit.startUs, toUs: Math.max(visit.startUs, beforeNext) };
}

/** Pages whose DOMContentLoaded and load a waterfall marks at most: more is a barcode. */
export const MARKED_PAGES_MAX = 3;

/**
 * The visits a waterfall marks DOMContentLoaded and load for: those that start in the chosen
 * time range (a page chosen, or a brushed span of a few), else the one a selected request was
 * made on; none when no page is in focus or more than MARKED_PAGES_MAX are, so that a span of
 * many pages is not drawn as a barcode of lines.
 */
export function pagesInFocus(
  visits: readonly PageVisit[],
  range: TimeRange | null,
  selectedAtUs: number | null,
): PageVisit[] {
  let chosen: PageVisit[];
  if (range) chosen = visits.filter((v) => v.startUs >= range.fromUs && v.startUs <= range.toUs);
  else if (selectedAtUs !== null)
    chosen = visits.filter((visit) => {
      const span = visitRange(visit);
      return selectedAtUs >= span.fromUs && selectedAtUs <= span.toUs;
    });
  else chosen = [];
  return chosen.length > MARKED_PAGES_MAX ? [] : chosen;
}

/** The page the browser shows now: the newest visit that has not been left. */
export function currentPage(visits: readonly PageVisit[]): PageVisit | null {
  for (let at = visits.length - 1; at >= 0; at -= 1) {
    const visit = visits[at] as PageVisit;
    if (visit.endUs === null) return visit;
  }
  return null;
}

/** Tabs seen in the retained events (each with a navigation of its own). */
export function tabCount(visits: readonly PageVisit[]): number {
  return new Set(visits.map((visit) => visit.targetId ?? '')).size;
}
