import { describe, expect, it } from 'vitest';
import { readSessionsPage } from './list-sessions';

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
