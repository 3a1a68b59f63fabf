import { describeFailure, isFatalStatus, readApiFailure } from '../http/api-error';
import type { ApiFailure } from '../http/api-error';

/*
 * One connection attempt of a stream, whoever reads it: the contract (types) and the parts every
 * reader shares (how a response is judged, the request headers, a failure's reason). The reader
 * in production is startStreamRead (stream-reader.ts, on the SSE parser of sse-parser.ts).
 */

/**
 * One dispatched SSE event. `id` is this event's own `id:` field ('' when it had none); `event` is
 * '' when the frame had no `event:` line. It may carry extra fields (a reader may hand over its own object as it is); it is never
 * reused, so it may be kept.
 * Events whose data is empty are not delivered (comment, id-only and event-only frames).
 */
export interface SseMessage {
  id: string;
  event: string;
  data: string;
  /**
   * When the reader knows them, the UTF-8 bytes `data` was decoded from: `bytes[bytesStart,
   * bytesEnd)`. Only while the message is being handled: the reader reads its next piece into the
   * same buffer. Absent for data of several lines or cut across two reads.
   */
  bytes?: Uint8Array | null;
  bytesStart?: number;
  bytesEnd?: number;
}

/**
 * How one connection attempt ended by itself (never reported after abort()): the server closed
 * it cleanly; something retrying may fix (network, mid-stream error, 408, 429, 5xx); or something
 * it cannot (any other 4xx, a 2xx that is not an event stream).
 */
export type AttemptEnd =
  | { kind: 'server-closed' }
  | { kind: 'transient'; reason: string; retryAfterMs?: number }
  | { kind: 'fatal'; reason: string; failure: ApiFailure };

export interface AttemptHandlers {
  onOpen(response: Response): void;
  onMessage(message: SseMessage): void;
  onEnd(end: AttemptEnd): void;
}

export interface AttemptRequest {
  url: string;
  /** The caller's headers; `accept: text/event-stream` is added unless given. */
  headers: Record<string, string>;
  fetch: typeof fetch;
  now: () => number;
  /**
   * Flow control, for readers that honour it (startStreamRead): a promise while the reader must
   * wait before reading more of the body, undefined when it may read on.
   */
  gate?: () => Promise<void> | undefined;
  /** Told the size of each piece of the body read, comments and keepalives included (the stall watchdog's sign of life). */
  onBytes?: (byteLength: number) => void;
  /** Messages say where their data's bytes are when the reader knows (SseMessage.bytes). */
  bytes?: boolean;
  /**
   * Offered each frame that starts in a read first, as bytes (`bytes[start, limit)` is the rest of
   * the read): returns where the frame ends (past its blank line) when it handled it, whose
   * message is then not delivered, or -1 to leave it to the parser. Frames cut across two reads
   * always go to the parser (stream-reader.ts). Not with `bytes`. With `framesText`, `text` is
   * the read's text, which lines up with its bytes.
   */
  frames?: (bytes: Uint8Array, start: number, limit: number, text: string | undefined) => number;
  /**
   * `frames` reads a frame's text too: each read is decoded first, and its frames are offered
   * only when its text lines up with its bytes, character for byte, and holds no CR (every line
   * then ends with LF); any other read goes to the parser whole.
   */
  framesText?: boolean;
}

export interface Attempt {
  /** Aborts the request. No handler is called after this returns. */
  abort(): void;
}

/** How an attempt ends because of its response, or null when the response is an event stream. */
export async function rejectionOf(
  response: Response,
  now: () => number,
): Promise<AttemptEnd | null> {
  if (!response.ok) return classifyHttpFailure(response, now);
  const contentType = response.headers.get('content-type');
  if (isEventStream(contentType)) return null;
  // Usually a proxy or dev server answering with a page: retrying will not change that.
  const failure = await readApiFailure(response, now);
  const got = contentType === null ? 'no content type' : `'${contentType}'`;
  const reason = `expected text/event-stream but the server sent ${got} (HTTP ${response.status})`;
  return { kind: 'fatal', reason, failure };
}

async function classifyHttpFailure(response: Response, now: () => number): Promise<AttemptEnd> {
  const failure = await readApiFailure(response, now);
  const reason = describeFailure(failure);
  if (isFatalStatus(response.status)) return { kind: 'fatal', reason, failure };
  return failure.retryAfterMs === undefined
    ? { kind: 'transient', reason }
    : { kind: 'transient', reason, retryAfterMs: failure.retryAfterMs };
}

/** `text/event-stream`, case-insensitive, parameters (`; charset=utf-8`) allowed. */
export function isEventStream(contentType: string | null): boolean {
  if (contentType === null) return false;
  const semicolon = contentType.indexOf(';');
  const essence = semicolon === -1 ? contentType : contentType.slice(0, semicolon);
  return essence.trim().toLowerCase() === 'text/event-stream';
}

/**
 * Asks for SSE and lower-cases the caller's names: the library adds its own `accept` unless that
 * exact key exists, so an `Accept` would otherwise be sent twice.
 */
export function requestHeaders(extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
  return headers;
}

export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' && error !== '' ? error : 'connection failed';
}
