import type { ServerResponse } from 'node:http';
import type { BrowserSession } from '../../../src/types/api.ts';
import { HttpError, sendJson } from '../../shared/http.ts';
import type { ListQuery, SessionRecords } from './session-records.ts';
import { integer } from './query-values.ts';

export const LIST_LIMITS = { defaultLimit: 20, maxLimit: 100 };

/** `GET /browsers`' query: status, query, tags[k]=v (deepObject), limit, offset. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const includeDeleted = params.get('include_deleted') === 'true';
  const status = params.get('status') ?? (includeDeleted ? 'all' : 'active');
  if (status !== 'active' && status !== 'deleted' && status !== 'all')
    throw new HttpError(
      400,
      'bad_request',
      `status must be active, deleted or all, got ${JSON.stringify(status)}`,
    );
  const tags: Record<string, string> = {};
  for (const [key, value] of params) {
    const tag = /^tags\[(.+)\]$/.exec(key)?.[1];
    if (tag !== undefined) tags[tag] = value;
  }
  const limit = params.get('limit');
  const offset = params.get('offset');
  return {
    status,
    query: params.get('query') ?? '',
    tags,
    limit:
      limit === null ? LIST_LIMITS.defaultLimit : integer('limit', limit, 1, LIST_LIMITS.maxLimit),
    offset: offset === null ? 0 : integer('offset', offset, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** Answers the sessions list, paged in headers as upstream does. */
export function serveList(
  res: ServerResponse,
  url: URL,
  records: SessionRecords,
  live: (id: string) => BrowserSession | undefined,
): void {
  const page = records.list(parseListQuery(url.searchParams), live);
  sendJson(res, 200, page.records, {
    'X-Has-More': String(page.hasMore),
    'X-Next-Offset': String(page.nextOffset),
  });
}
