import { readEvent } from './event-item';
import type { EventItem, TelemetryEvent } from './types';

/**
 * The summary of a failed load (`network_loading_failed`) named after the request it ended: a
 * failure carries no URL of its own, its request (paired by request id) does. Null when the
 * request is not held, has no URL, or the summary already names it.
 *
 * `read`: an item's event; by default one that does not keep a live item's event parsed.
 */
export function nameFailedRequest(
  failure: EventItem,
  request: EventItem | null,
  read: (item: EventItem) => TelemetryEvent = readEvent,
): string | null {
  const sent = request ? read(request).data : undefined;
  const url = sent?.url;
  if (typeof url !== 'string' || failure.summary.includes(url)) return null;
  const method = typeof sent?.method === 'string' ? `${sent.method} ` : '';
  const data = read(failure).data;
  const error = data?.error_text;
  const canceled = data?.canceled === true ? ' (canceled)' : '';
  return `${typeof error === 'string' ? error : 'failed'}${canceled} · ${method}${url}`;
}
