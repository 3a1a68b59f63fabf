import type { StackTrace, TelemetryEvent } from '../../../types/api';

/**
 * The items of a telemetry timeline. Events are what the server sent; the other kinds are what the
 * client observed about the stream (gaps in seq, reconnects, restarts, unreadable frames), shown in
 * the same list so that nothing is hidden.
 */
export type TimelineItem = EventItem | GapItem | MarkerItem | UnreadableItem;

interface ItemBase {
  /** Absolute position in the timeline (assigned on append, never reused). */
  index: number;
  /** Microseconds since the Unix epoch: the event's `ts`, or when the client noticed the item. */
  tsUs: number;
  /** Incremented each time the session's event process restarted (seq went back). */
  epoch: number;
}

/** Why events are missing. */
export type GapCause =
  /** The first event of a replay was not seq 1: older events had left the server's buffer. */
  | 'replay-start'
  /** After a reconnect the server resumed past events that had left its buffer meanwhile. */
  | 'reconnect'
  /** Within one connection: the server skipped seqs (dropped them). */
  | 'mid-stream';

export interface GapItem extends ItemBase {
  kind: 'gap';
  /** First and last missing seq, inclusive. */
  from: number;
  to: number;
  cause: GapCause;
  /**
   * Of the missing events, how many were read from the session's history and put in place
   * (right after this item); undefined while nobody has looked.
   */
  recovered?: number;
  /** Reading the history for this gap: under way, or failed (with why). */
  healing?: 'reading' | { failed: string };
}

/** `stalled`: the stream went silent past its keepalive window, and what happened next. */
/** `mark`: a named moment a person set ("Mark now"). */
export type MarkerKind = 'reconnected' | 'stalled' | 'restarted' | 'ended' | 'imported' | 'mark';

export interface MarkerItem extends ItemBase {
  kind: 'marker';
  marker: MarkerKind;
  /** A complete sentence for the user. */
  text: string;
}

export interface UnreadableItem extends ItemBase {
  kind: 'unreadable';
  /** The frame's data as received (possibly shortened for display by the view, never here). */
  raw: string;
  /** Why it could not be read, e.g. "not JSON: Unexpected token…" or "seq is missing". */
  reason: string;
}

/** A screenshot image held as an object URL; `url` is null once released under the image cap. */
export interface ScreenshotImage {
  url: string | null;
  /** Size of the decoded PNG in bytes. */
  bytes: number;
}

export interface EventItem extends ItemBase {
  kind: 'event';
  seq: number;
  /**
   * The decoded event. `data` is a plain object or null; for `monitor_screenshot` the `png` field
   * is removed from `data` and the image lives in `screenshot` instead. For a live event this is
   * parsed from the frame's text when first read (event-item.ts): code that looks at every item
   * uses the fields below instead, and `readEvent` when it should not keep the parsed event.
   */
  readonly event: TelemetryEvent;
  /** `event.type` and `event.category`. */
  type: string;
  category: string;
  /** For network events, the request id that pairs them (network.ts); else null. */
  requestId: string | null;
  /** A `network_request` sent with `is_redirect`. */
  redirect: boolean;
  /** One line for the list, written per known type (generic for unknown ones). */
  summary: string;
  /** Counts toward "errors only": console errors, failed or ≥ 400 requests, monitor failures… */
  error: boolean;
  /** Console level (`log`, `warning`, `error`, …) for console events, else null. */
  level: string | null;
  /**
   * For a console error, the key of its error group (text and top frame, error-groups.ts), worked
   * out where the event was read; null for other events; absent when not worked out yet.
   */
  errorKey?: string | null;
  /**
   * A navigation of the top frame (`page_navigation` with no parent frame), worked out where the
   * event was read; absent when not worked out (overview-columns.ts isTopLevelNavigation reads it).
   */
  topNavigation?: boolean;
  /**
   * Lower-cased text the search looks at (summary, URLs, console text and args, selectors…), once a
   * search has looked (event-search.ts `searchText`); cleared when the summary changes.
   */
  haystack?: string;
  /** Present for `monitor_screenshot` events that carried an image. */
  screenshot?: ScreenshotImage;
}

/** Read-only access to what a timeline holds, for views and models outside the store. */
export interface TimelineSource {
  /** Absolute index of the oldest retained item. */
  readonly first: number;
  /** Absolute index the next item gets (items ever appended). */
  readonly next: number;
  item(index: number): TimelineItem | undefined;
  /** Visits retained items oldest first. */
  forEach(visit: (item: TimelineItem) => void): void;
  /** ts (µs) of the first event ever received: the origin of relative times; null before any. */
  readonly originUs: number | null;
}

export type { StackTrace, TelemetryEvent };
