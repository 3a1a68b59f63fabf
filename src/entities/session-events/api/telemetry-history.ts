import { apiRequest, readJson, type ApiConnection } from '../../../lib/http/request';
import type { TelemetryEvent } from '../../../types/api';
import { decodeEnvelopeValue } from '../model/decode';

/** Envelopes asked for per page of `GET /browsers/{id}/telemetry/events` (upstream's CLI: 100). */
export const HISTORY_PAGE_SIZE = 100;

export interface HistoryPage {
  envelopes: { seq: number; event: TelemetryEvent }[];
  /** Elements of the page that are not envelopes, with why (shown, never dropped silently). */
  problems: { reason: string; raw: string }[];
  /** The cursor of the next page, or null on the last one. */
  nextOffset: number | null;
}

export interface HistoryRequest {
  /** Start of the window: RFC 3339, or a duration meaning "that long ago"; unused with `offset`. */
  since: string;
  until?: string;
  offset?: number;
  limit?: number;
  signal?: AbortSignal;
}

function readPage(response: Response): Promise<HistoryPage> {
  return readJson(response, (value) => {
    if (!Array.isArray(value)) throw new Error('the telemetry history is not a JSON array');
    const page: HistoryPage = { envelopes: [], problems: [], nextOffset: null };
    for (const element of value as unknown[]) {
      const decoded = decodeEnvelopeValue(element);
      if (decoded.ok) page.envelopes.push({ seq: decoded.seq, event: decoded.event });
      else page.problems.push({ reason: decoded.reason, raw: JSON.stringify(element) ?? '' });
    }
    const next = Number(response.headers.get('x-next-offset'));
    if (response.headers.get('x-has-more') === 'true' && Number.isSafeInteger(next) && next > 0)
      page.nextOffset = next;
    return page;
  });
}

/** One page of a session's telemetry history, oldest first. */
export function readHistoryPage(
  connection: ApiConnection,
  sessionId: string,
  request: HistoryRequest,
): Promise<HistoryPage> {
  const params = new URLSearchParams({ limit: String(request.limit ?? HISTORY_PAGE_SIZE) });
  if (request.offset !== undefined) params.set('offset', String(request.offset));
  else params.set('since', request.since);
  if (request.until !== undefined) params.set('until', request.until);
  return apiRequest(
    connection,
    `/browsers/${encodeURIComponent(sessionId)}/telemetry/events?${params}`,
    { init: { signal: request.signal }, read: readPage },
  );
}
