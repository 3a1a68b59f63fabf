import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** The only request headers the gateway passes upstream. Host comes from the upstream URL. */
export const FORWARDED_REQUEST_HEADERS: readonly string[] = [
  'authorization',
  'last-event-id',
  'content-type',
  'accept',
  'content-length',
];

/**
 * The only upstream response headers the gateway passes back to the browser. Cache-Control is the
 * gateway's own (`no-store` on every API response); Content-Encoding is undone on the way.
 */
export const FORWARDED_RESPONSE_HEADERS: readonly string[] = [
  'content-type',
  'content-length',
  'x-sse-content-type',
  'retry-after',
  'x-next-offset',
  'x-has-more',
  'last-event-id',
];

/**
 * Allowed request headers, less any that the request's Connection header names: those are meant
 * for this hop only (RFC 9110, 7.6.1), even when they are otherwise forwarded.
 */
export function pickRequestHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return pick(headers, FORWARDED_REQUEST_HEADERS, connectionOptions(headers));
}

/** Allowed response headers, less any that the upstream's Connection header names. */
export function pickResponseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return pick(headers, FORWARDED_RESPONSE_HEADERS, connectionOptions(headers));
}

/** Lower-cased header names listed in the Connection header. */
function connectionOptions(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  if (value === undefined) return new Set();
  return new Set(
    value
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
}

/** An event stream, or any body of unknown length, must not be held back by a buffering proxy. */
export function isStreamingResponse(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type']?.toLowerCase() ?? '';
  return type.startsWith('text/event-stream') || headers['content-length'] === undefined;
}

function pick(
  headers: IncomingHttpHeaders,
  names: readonly string[],
  hopByHop: ReadonlySet<string>,
): OutgoingHttpHeaders {
  const picked: OutgoingHttpHeaders = {};
  for (const name of names) {
    if (hopByHop.has(name)) continue;
    const value = headers[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
