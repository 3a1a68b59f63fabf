import type { TelemetryEvent } from '../../../types/api';
import { decodeEnvelope } from './decode';
import { readEvent } from './event-item';
import { isRecord } from '../../../lib/is-record';
import { withSecretsMasked } from './secret-headers';
import type { EventItem, GapCause, MarkerKind, TimelineItem } from './types';

const SCREENSHOT = 'monitor_screenshot';
/** Lines are gathered into parts of about this many characters before they go into the Blob. */
const PART_CHARS = 1 << 20;
/** Longest raw text kept for an unreadable line. */
const RAW_LIMIT = 2048;

/** The wire form of an item's event: same fields, same order, `data` and `truncated` only if set. */
function wireEvent(event: TelemetryEvent, data: TelemetryEvent['data']): TelemetryEvent {
  const wire: TelemetryEvent = {
    ts: event.ts,
    type: event.type,
    category: event.category,
    source: event.source,
  };
  if (data !== undefined) wire.data = data;
  if (event.truncated === true) wire.truncated = true;
  return wire;
}

/** A screenshot's data with its image back in `png`, or marked `png_released` when it is gone. */
async function screenshotData(
  item: EventItem,
  data: TelemetryEvent['data'],
  readImage: (item: EventItem) => Promise<string | null>,
): Promise<TelemetryEvent['data']> {
  if (!item.screenshot || data === null) return data;
  const png = await readImage(item);
  return png === null ? { ...data, png_released: true } : { ...data, png };
}

/**
 * What the dashboard itself saw or was told, kept in an export beside the events: a line
 * `{"session_console":{…}}` that has no `seq` or `event`, so a tool reading wire envelopes skips it
 * (documented in docs/using.md). Marks a person set, gaps (with what the history recovered),
 * restarts and other stream markers, unreadable frames.
 */
export type JsonlAnnotation =
  | { kind: 'mark'; ts: number; text: string }
  | { kind: 'marker'; marker: Exclude<MarkerKind, 'mark'>; ts: number; text: string }
  | { kind: 'gap'; ts: number; from: number; to: number; cause: GapCause; recovered?: number }
  | { kind: 'unreadable'; ts: number; raw: string; reason: string };

const ANNOTATION_KEY = 'session_console';
const MARKERS: readonly string[] = ['reconnected', 'stalled', 'restarted', 'ended', 'imported'];
const CAUSES: readonly string[] = ['replay-start', 'reconnect', 'mid-stream'];

/** The annotation line of a non-event item; null for one not worth keeping (the "opened" note). */
export function annotationOf(item: Exclude<TimelineItem, EventItem>): JsonlAnnotation | null {
  const ts = item.tsUs;
  if (item.kind === 'gap') {
    return {
      kind: 'gap',
      ts,
      from: item.from,
      to: item.to,
      cause: item.cause,
      ...(item.recovered === undefined ? {} : { recovered: item.recovered }),
    };
  }
  if (item.kind === 'unreadable')
    return { kind: 'unreadable', ts, raw: item.raw, reason: item.reason };
  if (item.marker === 'mark') return { kind: 'mark', ts, text: item.text };
  if (item.marker === 'imported') return null;
  return { kind: 'marker', marker: item.marker, ts, text: item.text };
}

/** Reads an annotation line back; null when the value is not one. */
export function readAnnotation(value: unknown): JsonlAnnotation | null {
  if (!isRecord(value) || !isRecord(value[ANNOTATION_KEY])) return null;
  const a = value[ANNOTATION_KEY];
  const ts = a.ts;
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return null;
  const text = typeof a.text === 'string' ? a.text : null;
  switch (a.kind) {
    case 'mark':
      return text === null ? null : { kind: 'mark', ts, text };
    case 'marker':
      return text !== null && typeof a.marker === 'string' && MARKERS.includes(a.marker)
        ? { kind: 'marker', marker: a.marker as Exclude<MarkerKind, 'mark'>, ts, text }
        : null;
    case 'gap': {
      const { from, to, cause, recovered } = a;
      if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return null;
      if (typeof cause !== 'string' || !CAUSES.includes(cause)) return null;
      return {
        kind: 'gap',
        ts,
        from: from as number,
        to: to as number,
        cause: cause as GapCause,
        ...(Number.isSafeInteger(recovered) ? { recovered: recovered as number } : {}),
      };
    }
    case 'unreadable':
      return typeof a.raw === 'string' && typeof a.reason === 'string'
        ? { kind: 'unreadable', ts, raw: cut(a.raw), reason: a.reason }
        : null;
    default:
      return null;
  }
}

/**
 * Writes an event's data in place of the one it came with, screenshots included (a debug bundle
 * keeps each image as a file of its own). It is given the data with secrets already masked
 * unless the export reveals them.
 */
export type EventDataRewrite = (
  item: EventItem,
  data: TelemetryEvent['data'],
) => TelemetryEvent['data'] | Promise<TelemetryEvent['data']>;

export interface JsonlOptions {
  /** Keep the values of secret headers (secret-headers.ts); masked when absent or false. */
  reveal?: boolean;
  /** Writes every event's data (after masking) instead of the default. */
  rewrite?: EventDataRewrite;
}

/**
 * The timeline as JSON Lines: one `{"seq":n,"event":{…}}` envelope per event as it came on the
 * wire, and the annotation lines of marks, gaps, restarts and unreadable frames where they were.
 * The values of secret headers (Authorization, cookies, API keys…) are masked unless `reveal`.
 * Screenshot images are read back with `readImage` (base64 PNG) into `data.png`; an image that was
 * already released is left out and the line says `"png_released": true`. The Blob is built from
 * parts of about 1 MB, never from one string.
 */
export async function exportJsonl(
  items: Iterable<TimelineItem>,
  readImage: (item: EventItem) => Promise<string | null>,
  options: JsonlOptions = {},
): Promise<Blob> {
  return new Blob(await jsonlParts(items, readImage, options), { type: 'application/x-ndjson' });
}

/** exportJsonl's text in parts of about 1 MB. */
export async function jsonlParts(
  items: Iterable<TimelineItem>,
  readImage: (item: EventItem) => Promise<string | null>,
  { reveal = false, rewrite }: JsonlOptions = {},
): Promise<string[]> {
  const parts: string[] = [];
  let lines: string[] = [];
  let chars = 0;
  for (const item of items) {
    let line: string;
    if (item.kind === 'event') {
      const event = readEvent(item);
      const shown = reveal ? event.data : withSecretsMasked(event.data);
      const data = rewrite
        ? await rewrite(item, shown)
        : item.type === SCREENSHOT
          ? await screenshotData(item, shown, readImage)
          : shown;
      line = `${JSON.stringify({ seq: item.seq, event: wireEvent(event, data) })}\n`;
    } else {
      const annotation = annotationOf(item);
      if (!annotation) continue;
      line = `${JSON.stringify({ [ANNOTATION_KEY]: annotation })}\n`;
    }
    lines.push(line);
    chars += line.length;
    if (chars >= PART_CHARS) {
      parts.push(lines.join(''));
      lines = [];
      chars = 0;
    }
  }
  if (lines.length > 0) parts.push(lines.join(''));
  return parts;
}

/**
 * Base64 of a Blob's bytes (for a screenshot held as an object URL: `fetch(url)` then `blob()`).
 * Uses FileReader's data URL, which encodes natively and also exists where Blob lacks arrayBuffer().
 */
export function imageToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      const comma = url.indexOf(',');
      if (comma === -1) reject(new Error('the image could not be read'));
      else resolve(url.slice(comma + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** `<kind>-<session>-YYYYMMDD-HHMM` in local time, the id kept to [A-Za-z0-9_-]: a download's stem. */
export function sessionFileStem(kind: string, sessionId: string, when: Date): string {
  const session = sessionId.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'session';
  const pad = (n: number): string => String(n).padStart(2, '0');
  const stamp =
    `${when.getFullYear()}${pad(when.getMonth() + 1)}${pad(when.getDate())}` +
    `-${pad(when.getHours())}${pad(when.getMinutes())}`;
  return `${kind}-${session}-${stamp}`;
}

/** `telemetry-<session>-YYYYMMDD-HHMM[-filtered].jsonl` (see sessionFileStem). */
export function exportFileName(sessionId: string, when: Date, filtered: boolean): string {
  return `${sessionFileStem('telemetry', sessionId, when)}${filtered ? '-filtered' : ''}.jsonl`;
}

export interface JsonlEnvelope {
  /** One-based line number in the file. */
  line: number;
  seq: number;
  event: TelemetryEvent;
}

export interface JsonlAnnotationLine {
  line: number;
  annotation: JsonlAnnotation;
}

export interface JsonlProblem {
  line: number;
  reason: string;
  /** The line as found, cut to 2 KB. */
  raw: string;
}

function cut(raw: string): string {
  if (raw.length <= RAW_LIMIT) return raw;
  const end = /[\uD800-\uDBFF]/.test(raw.charAt(RAW_LIMIT - 1)) ? RAW_LIMIT - 1 : RAW_LIMIT;
  return raw.slice(0, end);
}

function annotationIn(raw: string): JsonlAnnotation | null {
  try {
    return readAnnotation(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Reads a JSON Lines file of telemetry envelopes. Each non-blank line is decoded like a stream
 * frame; lines that cannot be read become problems with their line number. LF or CRLF line ends
 * and a leading byte order mark are accepted. Never throws.
 */
export function parseJsonl(text: string): {
  envelopes: JsonlEnvelope[];
  problems: JsonlProblem[];
  annotations: JsonlAnnotationLine[];
} {
  const envelopes: JsonlEnvelope[] = [];
  const problems: JsonlProblem[] = [];
  const annotations: JsonlAnnotationLine[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let start = 0;
  let line = 0;
  while (start <= body.length) {
    const newline = body.indexOf('\n', start);
    const end = newline === -1 ? body.length : newline;
    line += 1;
    let raw = body.slice(start, end);
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    start = end + 1;
    if (/^\s*$/.test(raw)) continue;
    if (raw.startsWith(`{"${ANNOTATION_KEY}"`)) {
      const annotation = annotationIn(raw);
      if (annotation) annotations.push({ line, annotation });
      else problems.push({ line, reason: 'not a note this dashboard can read', raw: cut(raw) });
      continue;
    }
    const decoded = decodeEnvelope(raw);
    if (decoded.ok) envelopes.push({ line, seq: decoded.seq, event: decoded.event });
    else problems.push({ line, reason: decoded.reason, raw: cut(raw) });
  }
  return { envelopes, problems, annotations };
}
