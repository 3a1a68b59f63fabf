import { describe, expect, it } from 'vitest';
import {
  distinctSessions,
  readSessionsPage,
  sessionsPagingStop,
  sessionsQuery,
  type SessionsPage,
} from './list-sessions';

const respond = (body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('readSessionsPage', () => {
  it('reads the records and follows X-Next-Offset while X-Has-More says so', async () => {
    const page = await readSessionsPage(
      respond(
        [
          { session_id: 'a', created_at: '2026-11-23T10:00:00Z', name: 'one', tags: { t: 'x' } },
          { session_id: 'b', deleted_at: '2026-11-23T11:00:00Z', tags: { n: 7 } },
        ],
        { 'x-has-more': 'true', 'x-next-offset': '20' },
      ),
    );
    expect(page.sessions.map((session) => [session.id, session.name, session.deletedAt])).toEqual([
      ['a', 'one', null],
      ['b', null, '2026-11-23T11:00:00Z'],
    ]);
    // a tag that is not a string is left out, not shown as [object]
    expect(page.sessions[1]?.tags).toEqual({});
    expect(page.nextOffset).toBe(20);
  });

  it('ends on X-Next-Offset 0 or without X-Has-More', async () => {
    expect(
      (await readSessionsPage(respond([], { 'x-has-more': 'true', 'x-next-offset': '0' })))
        .nextOffset,
    ).toBeNull();
    expect((await readSessionsPage(respond([], { 'x-next-offset': '40' }))).nextOffset).toBeNull();
  });

  it('counts records it cannot read instead of dropping them silently', async () => {
    const page = await readSessionsPage(respond([{ session_id: 'a' }, 'junk', { name: 'no id' }]));
    expect(page.sessions).toHaveLength(1);
    expect(page.unreadable).toBe(2);
  });

  it('refuses a body that is not a list', async () => {
    await expect(readSessionsPage(respond({ sessions: [] }))).rejects.toThrow(/not a JSON array/);
    await expect(readSessionsPage(new Response('<html>'))).rejects.toThrow(/not JSON/);
  });
});

/** A page of the given session ids, with `next` as X-Next-Offset (null: the last page). */
const pageOf = (ids: string[], next: number | null): Promise<SessionsPage> =>
  readSessionsPage(
    respond(
      ids.map((id) => ({ session_id: id })),
      next === null ? {} : { 'x-has-more': 'true', 'x-next-offset': String(next) },
    ),
  );

/** The next page the list would ask for after `pages` (undefined: none). */
function nextPage(pages: SessionsPage[]): number | undefined {
  const options = sessionsQuery(
    { base: '/api', token: () => 'tok' },
    { status: 'all', search: '' },
    0,
  );
  const last = pages.at(-1) as SessionsPage;
  return options.getNextPageParam(last, pages, 0, [0]) ?? undefined;
}

describe('paging the sessions list', () => {
  it('asks for the next page while pages move on', async () => {
    const pages = [await pageOf(['a', 'b'], 2), await pageOf(['c', 'd'], 4)];
    expect(nextPage(pages)).toBe(4);
    expect(sessionsPagingStop(pages)).toBeNull();
  });

  it('offers no further page once the server sends the same cursor again, and says why', async () => {
    const pages = [await pageOf(['a', 'b'], 2), await pageOf(['c', 'd'], 2)];
    expect(nextPage(pages)).toBeUndefined();
    expect(sessionsPagingStop(pages)).toBe(
      'the server sent the same page cursor again (X-Next-Offset 2)',
    );
  });

  it('offers no further page after pages in a row that list no new session', async () => {
    const pages = [await pageOf(['a', 'b'], 2)];
    for (let next = 4; next <= 10; next += 2) {
      expect(nextPage(pages)).toBe(next - 2);
      pages.push(await pageOf(['a', 'b'], next));
    }
    expect(nextPage(pages)).toBeUndefined();
    expect(sessionsPagingStop(pages)).toBe('4 pages in a row added nothing new');
    // each session listed once
    expect(distinctSessions(pages).map((session) => session.id)).toEqual(['a', 'b']);
  });
});
