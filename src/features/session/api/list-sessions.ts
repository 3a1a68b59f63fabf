import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest, readJson, type ApiConnection } from '../../../lib/http/request';
import { decodeBrowserSession, type SessionInfo } from '../model/browser-session';

export type SessionStatusFilter = 'active' | 'deleted' | 'all';

/** One page of `GET /browsers`. */
export interface SessionsPage {
  sessions: SessionInfo[];
  /** Records in the page that could not be read (shown as a count, never dropped silently). */
  unreadable: number;
  /** Where the next page starts, or null on the last page. */
  nextOffset: number | null;
}

export const SESSIONS_PAGE_SIZE = 20;

/** Reads a page body and its paging headers (`X-Has-More`, `X-Next-Offset`). */
export async function readSessionsPage(response: Response): Promise<SessionsPage> {
  const records = await readJson(response, (value) => {
    if (!Array.isArray(value)) throw new Error('the sessions list is not a JSON array');
    return value as unknown[];
  });
  const sessions: SessionInfo[] = [];
  let unreadable = 0;
  for (const record of records) {
    try {
      sessions.push(decodeBrowserSession(record));
    } catch {
      unreadable += 1;
    }
  }
  const hasMore = response.headers.get('x-has-more') === 'true';
  const next = Number(response.headers.get('x-next-offset'));
  return {
    sessions,
    unreadable,
    nextOffset: hasMore && Number.isSafeInteger(next) && next > 0 ? next : null,
  };
}

/**
 * The sessions list, page by page. `tokenVersion` stands for the token in the key (a token never
 * goes into a query key).
 */
export function sessionsQuery(
  connection: ApiConnection,
  filter: { status: SessionStatusFilter; search: string },
  tokenVersion: number,
) {
  return infiniteQueryOptions({
    queryKey: ['sessions', connection.base, filter.status, filter.search, tokenVersion],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        status: filter.status,
        limit: String(SESSIONS_PAGE_SIZE),
      });
      if (filter.search) params.set('query', filter.search);
      if (pageParam > 0) params.set('offset', String(pageParam));
      return apiRequest(connection, `/browsers?${params}`, {
        init: { signal },
        read: readSessionsPage,
      });
    },
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
