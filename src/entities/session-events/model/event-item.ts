import type { TelemetryEvent } from '../../../types/api';
import { describeEvent } from './catalogue';
import { decodeEnvelope } from './decode';
import { errorKeyOf } from './error-groups';
import { nameId, type NameCounts } from './name-counts';
import { networkKeys } from './network-keys';
import { pageDataOf, readsPageData, type PageData } from './page-facts';
import { isRecord } from '../../../lib/is-record';
import type { EventItem, ScreenshotImage } from './types';

/** The PNG behind each live object URL, for export (fetching a blob: URL is outside the CSP). */
const blobs = new Map<string, Blob>();

export function imageBlob(url: string): Blob | undefined {
  return blobs.get(url);
}

/** Releases an image's object URL and its bytes. */
export function releaseImage(image: ScreenshotImage): void {
  if (!image.url) return;
  URL.revokeObjectURL(image.url);
  blobs.delete(image.url);
  image.url = null;
}

/** Turns a base64 PNG into an object URL; null when it is not valid base64 or URLs are missing. */
export function imageFromBase64(base64: string): ScreenshotImage | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return imageFromBlob(new Blob([bytes], { type: 'image/png' }));
}

/** An image as an object URL kept for export; null when URLs are missing. */
export function imageFromBlob(blob: Blob): ScreenshotImage | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(blob);
  blobs.set(url, blob);
  return { url, bytes: blob.size };
}

/**
 * A timeline item for a received event: its summary, error flag and level computed once, and a
 * screenshot's PNG moved out of `data` into an object URL. Its search text waits for a search.
 */
export function makeEventItem(
  seq: number,
  event: TelemetryEvent,
  epoch: number,
  receivedUs: number,
): Omit<EventItem, 'index'> {
  let screenshot: ScreenshotImage | undefined;
  const data = event.data;
  if (event.type === 'monitor_screenshot' && data && typeof data.png === 'string') {
    const { png, ...rest } = data;
    event.data = rest;
    screenshot = imageFromBase64(png as string) ?? undefined;
  }
  const described = describeEvent(event);
  return {
    kind: 'event',
    seq,
    epoch,
    event,
    ...eventKeys(event),
    topNavigation: isTopNavigationEvent(event),
    tsUs: Number.isFinite(event.ts) ? event.ts : receivedUs,
    summary: described.summary,
    error: described.error,
    level: described.level,
    ...(screenshot ? { screenshot } : {}),
  };
}

/** The fields an event item keeps of its event, so that passes over every item need not read it. */
export function eventKeys(
  event: TelemetryEvent,
): Pick<EventItem, 'type' | 'category' | 'requestId' | 'redirect'> {
  return { type: event.type, category: event.category, ...networkKeys(event) };
}

/**
 * What the stream worker read from one telemetry frame: everything the timeline needs of the
 * event to count, pair, filter and list it without parsing the frame's text.
 */
export interface ReadEvent {
  seq: number;
  /** `event.ts` as decoded: NaN when missing. */
  ts: number;
  type: string;
  category: string;
  summary: string;
  error: boolean;
  level: string | null;
  requestId: string | null;
  redirect: boolean;
  /** The error group key of a console error, else null. */
  errorKey: string | null;
  /** A navigation of the top frame (EventItem.topNavigation). */
  topNavigation: boolean;
  /** What the page visits read of the event's data, as JSON (page-facts.ts); '' when nothing. */
  pageData: string;
  /** The server dropped the event's data: it was over its limit (`event.truncated`). */
  truncated: boolean;
}

/** Everything an event item keeps of a ReadEvent, worked out in the stream worker. */
export function readEventOf(seq: number, event: TelemetryEvent): ReadEvent {
  const described = describeEvent(event);
  const network = networkKeys(event);
  const topNavigation = isTopNavigationEvent(event);
  const pageData = readsPageData({ type: event.type, error: described.error, topNavigation })
    ? JSON.stringify(pageDataOf(event.data))
    : '';
  // one literal with every field, no spread: this runs for every frame of the stream
  return {
    seq,
    ts: event.ts,
    type: event.type,
    category: event.category,
    summary: described.summary,
    error: described.error,
    level: described.level,
    requestId: network.requestId,
    redirect: network.redirect,
    errorKey: errorKeyOf(event),
    topNavigation,
    pageData,
    truncated: event.truncated === true,
  };
}

/** A `page_navigation` of the top frame, not of an iframe (one with no parent frame). */
export function isTopNavigationEvent(event: TelemetryEvent): boolean {
  if (event.type !== 'page_navigation') return false;
  const parent = event.data?.parent_frame_id;
  return parent === undefined || parent === null || parent === '';
}

/**
 * What an event item of a live stream reads of its frame, by the frame's place `at` in its batch
 * (api/telemetry-batch.ts FrameBatch): the fields the worker read, and the frame's text, decoded
 * from the batch's bytes when read.
 */
export interface EventRows {
  seq(at: number): number;
  /** The event's `ts`, or when its frame arrived when it had none. */
  tsUs(at: number): number;
  type(at: number): string;
  category(at: number): string;
  level(at: number): string | null;
  /** The ids of the type, category and level (name-counts.ts nameId); NO_NAME_ID: no level. */
  typeId(at: number): number;
  categoryId(at: number): number;
  levelId(at: number): number;
  error(at: number): boolean;
  redirect(at: number): boolean;
  topNavigation(at: number): boolean;
  summary(at: number): string;
  requestId(at: number): string | null;
  /** ReadEvent.pageData: '' when none was sent. */
  pageData(at: number): string;
  errorKey(at: number): string | null;
  truncated(at: number): boolean;
  /** The frame's text: the `{"seq":…,"event":{…}}` envelope. */
  text(at: number): string;
}

/** A frame of a live stream: its place in its batch. */
export interface FramePlace {
  readonly batch: EventRows;
  readonly at: number;
}

/** The frame's text: the `{"seq":…,"event":{…}}` envelope. */
export function frameText(frame: FramePlace): string {
  return frame.batch.text(frame.at);
}

function parseEvent(item: { text: string; type: string; category: string }) {
  const decoded = decodeEnvelope(item.text);
  // the worker decoded this very text, so this does not happen; the item stays whole if it does
  if (decoded.ok) return decoded.event;
  return {
    ts: Number.NaN,
    type: item.type,
    category: item.category,
    source: { kind: 'unknown' },
    data: null,
  };
}

/**
 * An event item of a live stream: a place in its batch (EventRows), which holds the fields the
 * worker read and the frame's text, and an item reads them there. It parses the event when
 * something first reads `event` (a row on screen, the detail, an error group): a parsed event is a
 * dozen objects that every garbage collection has to trace or copy. Measured at 150,000 events a
 * second, an item of its own fields was 104 bytes and a boxed time to copy and trace for each
 * event; a place is a third of that (docs/performance.md, 2026-11-27, items that are places).
 */
class LiveEventItem implements EventItem {
  declare readonly kind: 'event';
  index = 0;
  readonly epoch: number;
  private readonly rows: EventRows;
  private readonly at: number;
  haystack?: string = undefined;
  /**
   * A summary written after the item was made, or how to write it when the summary is first read
   * (a failed load named after its request, nameLater).
   */
  private renamed: string | (() => string | null) | undefined = undefined;
  private parsed: TelemetryEvent | undefined = undefined;

  constructor(rows: EventRows, at: number, epoch: number) {
    this.rows = rows;
    this.at = at;
    this.epoch = epoch;
  }

  get seq(): number {
    return this.rows.seq(this.at);
  }

  get tsUs(): number {
    return this.rows.tsUs(this.at);
  }

  get type(): string {
    return this.rows.type(this.at);
  }

  get category(): string {
    return this.rows.category(this.at);
  }

  get redirect(): boolean {
    return this.rows.redirect(this.at);
  }

  get error(): boolean {
    return this.rows.error(this.at);
  }

  get level(): string | null {
    return this.rows.level(this.at);
  }

  get errorKey(): string | null {
    return this.rows.errorKey(this.at);
  }

  typeId(): number {
    return this.rows.typeId(this.at);
  }

  categoryId(): number {
    return this.rows.categoryId(this.at);
  }

  levelId(): number {
    return this.rows.levelId(this.at);
  }

  get topNavigation(): boolean {
    return this.rows.topNavigation(this.at);
  }

  get truncated(): boolean {
    return this.rows.truncated(this.at);
  }

  /** The page visits' fields of the event as the worker sent them, if it did. */
  pageData(): PageData | undefined {
    const sent = this.rows.pageData(this.at);
    if (sent === '') return undefined;
    try {
      const data: unknown = JSON.parse(sent);
      return isRecord(data) ? data : undefined;
    } catch {
      return undefined;
    }
  }

  get text(): string {
    return this.rows.text(this.at);
  }

  get summary(): string {
    const renamed = this.renamed;
    if (typeof renamed === 'function') {
      // while it names, the namer reads the summary the worker sent
      this.renamed = undefined;
      this.renamed = renamed() ?? undefined;
    }
    return (this.renamed as string | undefined) ?? this.rows.summary(this.at);
  }

  set summary(summary: string) {
    this.renamed = summary;
  }

  /** The summary `name` gives (null: the one sent), worked out when the summary is first read. */
  nameLater(name: () => string | null): void {
    this.renamed = name;
  }

  get requestId(): string | null {
    return this.rows.requestId(this.at);
  }

  get event(): TelemetryEvent {
    this.parsed ??= this.peek();
    return this.parsed;
  }

  /** The event, parsed again if nothing kept it, without keeping it. */
  peek(): TelemetryEvent {
    return this.parsed ?? parseEvent(this);
  }
}
// on the prototype: the same for every item, so no item holds it
Object.defineProperty(LiveEventItem.prototype, 'kind', { value: 'event', enumerable: true });

/** The event item of a frame of a live stream, in the epoch the sequencer gave it. */
export function liveEventItem(frame: FramePlace, epoch: number): Omit<EventItem, 'index'> {
  return new LiveEventItem(frame.batch, frame.at, epoch);
}

/**
 * Gives `item` the summary `name` returns, unless null: a live item when its summary is first
 * read, which for most is never (a failed load's name parses it and its request: about 4 KB of
 * garbage and 3 µs on the page's thread for each, at three in a hundred of a busy stream's
 * events); any other item now, its event being parsed already.
 */
export function nameLater(item: EventItem, name: () => string | null): void {
  if (item instanceof LiveEventItem) {
    item.nameLater(name);
    return;
  }
  const named = name();
  if (named !== null) item.summary = named;
}

/** A level's id when the event has no level (name-counts.ts nameId gives -1 for a name without one). */
export const NO_NAME_ID = -2;

/**
 * Counts an event in (`by` 1) or out (-1) of counts by type, category and level: by the ids its
 * batch looked up once, for a live event, else by its names' ids.
 */
export function countNames(
  item: EventItem,
  by: number,
  types: NameCounts,
  categories: NameCounts,
  levels: NameCounts,
): void {
  const live = item instanceof LiveEventItem;
  const type = live ? item.typeId() : nameId(item.type);
  if (type >= 0) types.addId(type, by);
  else types.addName(item.type, by);
  const category = live ? item.categoryId() : nameId(item.category);
  if (category >= 0) categories.addId(category, by);
  else categories.addName(item.category, by);
  const level = live ? item.levelId() : item.level === null ? NO_NAME_ID : nameId(item.level);
  if (level >= 0) levels.addId(level, by);
  else if (level !== NO_NAME_ID) levels.addName(item.level as string, by);
}

/** The fields the page visits read of an item's event, when the stream worker sent them. */
export function pageDataSent(item: EventItem): PageData | undefined {
  return item instanceof LiveEventItem ? item.pageData() : undefined;
}

/**
 * The server dropped the item's data (`event.truncated`): for a live item as the worker read it, so
 * that a row on screen neither parses its event nor keeps it parsed. A row that read `event` for
 * this left every event that scrolled past parsed in memory: following a stream at 1,000 events a
 * second, 941 bytes of heap an event against 768 (docs/performance.md, 2026-11-27, late night).
 */
export function dataDropped(item: EventItem): boolean {
  return item instanceof LiveEventItem ? item.truncated : item.event.truncated === true;
}

/**
 * An item's event for a pass over many items (search text, export): a live item's event is parsed
 * for the pass and not kept, so that such a pass does not leave every event parsed in memory.
 */
export function readEvent(item: EventItem): TelemetryEvent {
  return item instanceof LiveEventItem ? item.peek() : item.event;
}
