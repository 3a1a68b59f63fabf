import { infiniteQueryOptions } from '@tanstack/react-query';
import { LIMITS } from '../../../config/limits';
import { apiRequest, readJson, type ApiConnection } from '../../../lib/http/request';
import { budgetWait, createRequestBudget, PageProgress } from '../../../lib/paged-reader';
import { decodeBrowserSession, type SessionInfo } from '../model/browser-session';

export type SessionStatusFilter = 'active' | 'deleted' | 'all';

/** One page of `GET /browsers`. */
export interface SessionsPage {
  sessions: SessionInfo[];
  /** Records in the page that could not be read (shown as a count, never dropped silently). */
  unreadable: number;
  /** Where the next page starts, or null on the last page. */
  nextOffset: number | null;
  /**
   * Records the server sent. Beyond LIMITS.sessionsPageMax (a server that ignores the page size)
   * the rest are left out unread: `sent` says how many there were.
   */
  sent: number;
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
  for (const record of records.slice(0, LIMITS.sessionsPageMax)) {
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
    sent: records.length,
  };
}

/** The sessions of the pages read so far, each once (a page may repeat what another held). */
export function distinctSessions(pages: readonly SessionsPage[]): SessionInfo[] {
  const seen = new Set<string>();
  const sessions: SessionInfo[] = [];
  for (const page of pages)
    for (const session of page.sessions)
      if (!seen.has(session.id)) {
        seen.add(session.id);
        sessions.push(session);
      }
  return sessions;
}

/**
 * Why the list asks for no further page although the server says there is one: it sent a page
 * cursor again, or pages in a row added no session not listed already. Null while paging moves on.
 */
export function sessionsPagingStop(pages: readonly SessionsPage[]): string | null {
  const progress = new PageProgress();
  const seen = new Set<string>();
  for (const page of pages) {
    let added = 0;
    for (const session of page.sessions)
      if (!seen.has(session.id)) {
        seen.add(session.id);
        added += 1;
      }
    const stop = progress.page({ next: page.nextOffset, added });
    if (stop !== null) return stop;
  }
  return null;
}

/** One budget for every listing of this page: paging on, however it is asked for, stays paced. */
const listingBudget = createRequestBudget();

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
    queryFn: async ({ pageParam, signal }) => {
      const wait = budgetWait(listingBudget, signal);
      if (wait) await wait;
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
    getNextPageParam: (last, pages) =>
      sessionsPagingStop(pages) === null ? (last.nextOffset ?? undefined) : undefined,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
