/**
 * The stream relay's wire protocol (`GET /api/_streams`, a WebSocket): every event stream of a
 * page travels over one connection, so streams never take the browser's six HTTP/1.1 connections
 * per server from each other or from short requests. Shared as types only by the page
 * (src/lib/sse/relay-fetch.ts) and the server (server/gateway/stream-relay.ts).
 *
 * The page sends JSON text messages; the server answers with JSON text messages for a stream's
 * head and end, and binary messages for its body: a 4-byte big-endian stream id, then the bytes.
 */

/** The API path of the relay, after `/api`. */
export const STREAM_RELAY_PATH = '/_streams';

export type ToRelay =
  /**
   * Opens `GET /api{path}` with these headers (Authorization, Last-Event-ID, Accept; others are
   * dropped). `credit`: how many body bytes the server may send before the page grants more.
   */
  | { t: 'open'; id: number; path: string; headers: Record<string, string>; credit: number }
  /** The page has read `bytes` more of the stream's body: the server may send that many more. */
  | { t: 'credit'; id: number; bytes: number }
  /** The page no longer wants the stream (aborted): the server drops the request. */
  | { t: 'close'; id: number };

export type FromRelay =
  /** The response's status line and headers; the body follows as binary messages. */
  | { t: 'head'; id: number; status: number; statusText: string; headers: [string, string][] }
  /**
   * The stream is over: `complete` when the server ended the body normally; otherwise it was cut
   * short or never answered, and `reason` says why (a network error to the page).
   */
  | { t: 'end'; id: number; complete: boolean; reason?: string };
