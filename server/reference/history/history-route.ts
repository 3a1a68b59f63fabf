import type { ServerResponse } from 'node:http';
import { TELEMETRY_CATEGORIES } from '../../../src/types/api.ts';
import { HttpError } from '../../shared/http.ts';
import type { ArchiveQuery } from './telemetry-archive.ts';
import type { SessionRecords } from './session-records.ts';
import { integer, parseInstant } from './query-values.ts';

/** Categories a history read may ask for: the configurable ones and those upstream adds. */
const HISTORY_CATEGORIES: ReadonlySet<string> = new Set([
  ...TELEMETRY_CATEGORIES,
  'monitor',
  'platform',
]);

export const HISTORY_LIMITS = { defaultLimit: 20, maxLimit: 1000, defaultSince: '5m' };

/** `GET /browsers/{id}/telemetry/events`'s query, as the contract describes it. */
export function parseHistoryQuery(
  params: URLSearchParams,
  retentionMs: number,
  nowMs = Date.now(),
): ArchiveQuery {
  const orderText = params.get('order') ?? 'asc';
  if (orderText !== 'asc' && orderText !== 'desc')
    throw new HttpError(
      400,
      'bad_request',
      `order must be asc or desc, got ${JSON.stringify(orderText)}`,
    );
  const since = params.get('since');
  if (orderText === 'desc' && since !== null)
    throw new HttpError(
      400,
      'bad_request',
      'order=desc reads newest first from the offset cursor, until, or the newest event: it cannot be combined with since',
    );
  const offsetText = params.get('offset');
  const offset =
    offsetText === null ? undefined : integer('offset', offsetText, 0, Number.MAX_SAFE_INTEGER);
  const limitText = params.get('limit');
  const limit =
    limitText === null
      ? HISTORY_LIMITS.defaultLimit
      : integer('limit', limitText, 1, HISTORY_LIMITS.maxLimit);
  const untilText = params.get('until');
  const retainedFrom = (nowMs - retentionMs) * 1000;
  const sinceUs =
    orderText === 'desc' || offset !== undefined
      ? retainedFrom
      : Math.max(retainedFrom, parseInstant('since', since ?? HISTORY_LIMITS.defaultSince, nowMs));
  const untilUs =
    untilText === null ? Number.POSITIVE_INFINITY : parseInstant('until', untilText, nowMs);
  const asked = params.getAll('category').flatMap((value) => value.split(','));
  const unknown = asked.find((category) => !HISTORY_CATEGORIES.has(category));
  if (unknown !== undefined)
    throw new HttpError(
      400,
      'bad_request',
      `unknown category ${JSON.stringify(unknown)}; known: ${[...HISTORY_CATEGORIES].join(', ')}`,
    );
  return {
    order: orderText,
    limit,
    offset,
    sinceUs,
    untilUs,
    categories: asked.length > 0 ? new Set(asked) : null,
  };
}

/** Answers one page of a session's telemetry history, live or ended. */
export async function serveHistory(
  res: ServerResponse,
  url: URL,
  records: SessionRecords,
  id: string,
  retentionMs: number,
): Promise<void> {
  const query = parseHistoryQuery(url.searchParams, retentionMs);
  const page = await records.withArchive(id, (archive) => archive.read(query));
  const text = `[${page.entries.join(',')}]`;
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Has-More': String(page.hasMore),
    'X-Next-Offset': String(page.nextOffset),
  });
  res.end(text);
}
