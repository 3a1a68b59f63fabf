import type { BatchBytes } from '../../../lib/sse/batch-bytes';
import type { TelemetryEvent } from '../../../types/api';
import { describeEvent } from './catalogue';
import { decodeEnvelope } from './decode';
import { errorKeyOf } from './error-groups';
import { networkKeys } from './network';
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
  };
}

/** A `page_navigation` of the top frame, not of an iframe (one with no parent frame). */
export function isTopNavigationEvent(event: TelemetryEvent): boolean {
  if (event.type !== 'page_navigation') return false;
  const parent = event.data?.parent_frame_id;
  return parent === undefined || parent === null || parent === '';
}

/**
 * A frame's text as UTF-8 bytes, `[bytesStart, bytesEnd)` of its batch's `texts`: the buffer the
 * stream worker sent the batch's texts in, transferred, not copied, and read only through `texts`,
 * which gives the buffer back once nothing holds it (lib/sse/batch-bytes.ts). Its summary and
 * request id are parts of the batch's string: the summary is `source` from `start` to
 * `summaryEnd`, the request id runs on to `requestIdEnd` (none when empty). An item keeps the
 * batch's texts, the string and the offsets, not strings of its own: measured at 100,000 events a
 * second, the garbage collections that copy new objects took 31 ms each with those strings, 8 ms
 * without. The text is decoded when read.
 */
export interface FrameText {
  readonly texts: BatchBytes;
  readonly bytesStart: number;
  readonly bytesEnd: number;
  readonly source: string;
  readonly start: number;
  readonly summaryEnd: number;
  readonly requestIdEnd: number;
  /** The page visits' fields of the event (ReadEvent.pageData) run on to here. */
  readonly pageDataEnd: number;
}

/** A ReadEvent as the page receives it: its text bytes of its batch's, its strings parts of its batch's string. */
export type PackedReadEvent = Omit<ReadEvent, 'summary' | 'requestId' | 'pageData'> & FrameText;

/** The frame's text: the `{"seq":…,"event":{…}}` envelope. */
export function frameText(frame: FrameText): string {
  return frame.texts.text(frame.bytesStart, frame.bytesEnd);
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
 * An event item of a live stream. It keeps the frame's text and parses the event when something
 * first reads `event` (a row on screen, the detail, an error group): a parsed event is a dozen
 * objects that every garbage collection has to trace or copy, the text is a few bytes of a
 * buffer. The text is decoded from the batch's bytes, the summary and request id cut from the
 * batch's string, when read (FrameText).
 */
class LiveEventItem implements EventItem {
  readonly kind = 'event';
  index = 0;
  readonly seq: number;
  readonly epoch: number;
  readonly tsUs: number;
  readonly type: string;
  readonly category: string;
  readonly redirect: boolean;
  readonly error: boolean;
  readonly level: string | null;
  readonly errorKey: string | null;
  readonly topNavigation: boolean;
  haystack?: string;
  // FrameText, kept in the item itself (an object of their own would be one more to copy)
  private readonly texts: BatchBytes;
  private readonly bytesStart: number;
  private readonly bytesEnd: number;
  private readonly source: string;
  private readonly start: number;
  private readonly summaryEnd: number;
  private readonly requestIdEnd: number;
  private readonly pageDataEnd: number;
  /** A summary written after the item was made (a failed load names its request). */
  private renamed: string | undefined;
  private parsed: TelemetryEvent | undefined;

  constructor(read: PackedReadEvent, epoch: number, receivedUs: number) {
    this.seq = read.seq;
    this.epoch = epoch;
    this.tsUs = Number.isFinite(read.ts) ? read.ts : receivedUs;
    this.type = read.type;
    this.category = read.category;
    this.redirect = read.redirect;
    this.error = read.error;
    this.level = read.level;
    this.errorKey = read.errorKey;
    this.topNavigation = read.topNavigation;
    this.texts = read.texts;
    this.bytesStart = read.bytesStart;
    this.bytesEnd = read.bytesEnd;
    this.source = read.source;
    this.start = read.start;
    this.summaryEnd = read.summaryEnd;
    this.requestIdEnd = read.requestIdEnd;
    this.pageDataEnd = read.pageDataEnd;
  }

  /** The page visits' fields of the event as the worker sent them, if it did. */
  pageData(): PageData | undefined {
    const { source, requestIdEnd, pageDataEnd } = this;
    if (pageDataEnd === requestIdEnd) return undefined;
    try {
      const data: unknown = JSON.parse(source.slice(requestIdEnd, pageDataEnd));
      return isRecord(data) ? data : undefined;
    } catch {
      return undefined;
    }
  }

  get text(): string {
    return this.texts.text(this.bytesStart, this.bytesEnd);
  }

  get summary(): string {
    return this.renamed ?? this.source.slice(this.start, this.summaryEnd);
  }

  set summary(summary: string) {
    this.renamed = summary;
  }

  get requestId(): string | null {
    const { source, summaryEnd, requestIdEnd } = this;
    return requestIdEnd > summaryEnd ? source.slice(summaryEnd, requestIdEnd) : null;
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

export function liveEventItem(
  read: PackedReadEvent,
  epoch: number,
  receivedUs: number,
): Omit<EventItem, 'index'> {
  return new LiveEventItem(read, epoch, receivedUs);
}

/** The fields the page visits read of an item's event, when the stream worker sent them. */
export function pageDataSent(item: EventItem): PageData | undefined {
  return item instanceof LiveEventItem ? item.pageData() : undefined;
}

/**
 * An item's event for a pass over many items (search text, export): a live item's event is parsed
 * for the pass and not kept, so that such a pass does not leave every event parsed in memory.
 */
export function readEvent(item: EventItem): TelemetryEvent {
  return item instanceof LiveEventItem ? item.peek() : item.event;
}
