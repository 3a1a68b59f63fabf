import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startReference,
  type ReferenceHarness,
  sdkClient,
} from '../../testing/reference-harness.ts';

interface Envelope {
  seq: number;
  event: { ts: number; type: string; category: string; data?: Record<string, unknown> };
}

let dataDir: string;
let h: ReferenceHarness | undefined;

/** Publishes `count` events; `ts` (µs) per event when given, numbered by `data.n` from `from`. */
async function publish(
  harness: ReferenceHarness,
  id: string,
  count: number,
  options: { from?: number; category?: string; ts?: (n: number) => number } = {},
): Promise<number[]> {
  const from = options.from ?? 0;
  const events = Array.from({ length: count }, (_, at) => ({
    type: options.category === 'network' ? 'network_request' : 'console_log',
    category: options.category ?? 'console',
    data: { n: from + at },
    ...(options.ts ? { ts: options.ts(from + at) } : {}),
  }));
  const response = await harness.call(`/browsers/${id}/telemetry/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(events),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { seq: number[] }).seq;
}

async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'history-test-'));
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('the sessions list, through the official SDK', () => {
  it('lists, searches, filters by tags, pages, and keeps deleted sessions listable', async () => {
    h = await startReference({ dataDir });
    const client = sdkClient(h);
    const created: string[] = [];
    for (const [name, team] of [
      ['checkout agent', 'shop'],
      ['search agent', 'shop'],
      ['login agent', 'auth'],
    ] as const) {
      const session = await client.browsers.create({ name, tags: { team, env: 'ci' } });
      expect(session.name).toBe(name);
      created.push(session.session_id);
    }

    // newest first, over pages of 2 (the SDK follows X-Next-Offset)
    const listed = await all(client.browsers.list({ limit: 2 }));
    expect(listed.map((session) => session.session_id)).toEqual([...created].reverse());

    const shop = await all(client.browsers.list({ tags: { team: 'shop', env: 'ci' } }));
    expect(shop.map((session) => session.name).sort()).toEqual(['checkout agent', 'search agent']);
    const none = await all(client.browsers.list({ tags: { team: 'shop', env: 'prod' } }));
    expect(none).toEqual([]);
    const found = await all(client.browsers.list({ query: 'LOGIN' }));
    expect(found.map((session) => session.session_id)).toEqual([created[2]]);
    const byId = await all(client.browsers.list({ query: created[0] as string }));
    expect(byId.map((session) => session.session_id)).toEqual([created[0]]);

    // rename and retag
    const renamed = await client.browsers.update(created[1] as string, {
      name: 'search agent v2',
      tags: { team: 'search' },
    });
    expect(renamed.name).toBe('search agent v2');
    expect(renamed.tags).toEqual({ team: 'search' });

    await client.browsers.deleteByID(created[0] as string);
    const active = await all(client.browsers.list());
    expect(active.map((session) => session.session_id)).not.toContain(created[0]);
    const deleted = await all(client.browsers.list({ status: 'deleted' }));
    expect(deleted.map((session) => session.session_id)).toEqual([created[0]]);
    expect(deleted[0]?.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const everything = await all(client.browsers.list({ status: 'all' }));
    expect(everything).toHaveLength(3);

    // an ended session still answers its record, but its live operations are gone
    await expect(client.browsers.retrieve(created[0] as string)).rejects.toThrow(/has ended/);
    const record = await client.browsers.retrieve(created[0] as string, { include_deleted: true });
    expect(record.deleted_at).toBe(deleted[0]?.deleted_at);
    const stream = await h.call(`/browsers/${created[0]}/telemetry/stream`);
    expect(stream.status).toBe(404);
    const clipboard = await h.call(`/browsers/${created[0]}/computer/clipboard/read`, {
      method: 'POST',
    });
    expect(clipboard.status).toBe(404);
  });

  it('says what is wrong with a bad list query', async () => {
    h = await startReference({ dataDir });
    for (const [query, words] of [
      ['status=gone', 'status must be active, deleted or all'],
      ['limit=0', 'limit must be an integer from 1 to 100'],
      ['offset=-1', 'offset must be an integer'],
    ] as const) {
      const response = await h.call(`/browsers?${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(words);
    }
    const badTags = await h.call('/browsers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tags: { team: 7 } }),
    });
    expect(badTags.status).toBe(400);
  });
});

describe('telemetry history, through the official SDK', () => {
  it('keeps every event past the ring, pages through it, and filters by category and time', async () => {
    h = await startReference({ dataDir, telemetryBuffer: 64 });
    const client = sdkClient(h);
    const { session_id: id } = await client.browsers.create({});
    const seqs = await publish(h, id, 300);
    await publish(h, id, 20, { from: 300, category: 'network' });

    const events = (await all(
      client.browsers.telemetry.events(id, { limit: 70, since: '1h' }),
    )) as unknown as Envelope[];
    expect(events).toHaveLength(320);
    expect(events.slice(0, 300).map((envelope) => envelope.seq)).toEqual(seqs);
    expect(events.map((envelope) => envelope.event.data?.n)).toEqual(
      Array.from({ length: 320 }, (_, n) => n),
    );

    // the category filter applies within a page, as upstream's does: pages of only console events
    // come back empty with X-Has-More (the SDK's iterator stops at an empty page; a client loops)
    const network: Envelope[] = [];
    const pageSizes: number[] = [];
    let offset: string | null = null;
    for (;;) {
      const response = await h.call(
        `/browsers/${id}/telemetry/events?since=1h&limit=100&category=network${offset ? `&offset=${offset}` : ''}`,
      );
      const page = (await response.json()) as Envelope[];
      network.push(...page);
      pageSizes.push(page.length);
      offset = response.headers.get('x-next-offset');
      if (response.headers.get('x-has-more') !== 'true') break;
    }
    expect(offset).toBe('0');
    expect(pageSizes).toEqual([0, 0, 0, 20]);
    expect(network.map((envelope) => envelope.event.data?.n)).toEqual(
      Array.from({ length: 20 }, (_, n) => 300 + n),
    );

    // newest first
    const newest = await h.call(`/browsers/${id}/telemetry/events?order=desc&limit=5`);
    expect(newest.headers.get('x-has-more')).toBe('true');
    const page = (await newest.json()) as Envelope[];
    expect(page.map((envelope) => envelope.event.data?.n)).toEqual([319, 318, 317, 316, 315]);
    const next = await h.call(
      `/browsers/${id}/telemetry/events?order=desc&limit=5&offset=${newest.headers.get('x-next-offset')}`,
    );
    expect(((await next.json()) as Envelope[]).map((envelope) => envelope.event.data?.n)).toEqual([
      314, 313, 312, 311, 310,
    ]);
  });

  it('reads a window in event time, and stops on the last page with X-Next-Offset 0', async () => {
    h = await startReference({ dataDir });
    const { session_id: id } = await sdkClient(h).browsers.create({});
    const minute = 60_000_000;
    // an hour of events, one a minute, a week ago; and three now
    const weekAgo = Date.now() * 1000 - 7 * 24 * 60 * minute;
    await publish(h, id, 60, { ts: (n) => weekAgo + n * minute });
    await publish(h, id, 3, { from: 100 });
    const since = new Date((weekAgo + 10 * minute) / 1000).toISOString();
    const until = new Date((weekAgo + 20 * minute) / 1000).toISOString();
    const response = await h.call(
      `/browsers/${id}/telemetry/events?since=${since}&until=${until}&limit=100`,
    );
    expect(response.headers.get('x-has-more')).toBe('false');
    expect(response.headers.get('x-next-offset')).toBe('0');
    const window = (await response.json()) as Envelope[];
    expect(window.map((envelope) => envelope.event.data?.n)).toEqual(
      Array.from({ length: 10 }, (_, n) => 10 + n),
    );
    // the default window is the last five minutes
    const recent = (await (await h.call(`/browsers/${id}/telemetry/events`)).json()) as Envelope[];
    expect(recent.map((envelope) => envelope.event.data?.n)).toEqual([100, 101, 102]);
  });

  it('answers bad history queries with a 400 that says why', async () => {
    h = await startReference({ dataDir });
    const { session_id: id } = await sdkClient(h).browsers.create({});
    for (const [query, words] of [
      ['order=desc&since=5m', 'cannot be combined with since'],
      ['since=yesterday', 'since must be an RFC 3339 time'],
      ['category=bogus', 'unknown category "bogus"'],
      ['limit=5000', 'limit must be an integer from 1 to 1000'],
      ['order=sideways', 'order must be asc or desc'],
    ] as const) {
      const response = await h.call(`/browsers/${id}/telemetry/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(words);
    }
    expect((await h.call('/browsers/nosuchsession/telemetry/events')).status).toBe(404);
  });

  it('keeps a deleted session’s history, and finds it again after a restart', async () => {
    h = await startReference({ dataDir, telemetryBuffer: 16 });
    let client = sdkClient(h);
    const { session_id: ended } = await client.browsers.create({ name: 'ended one' });
    await publish(h, ended, 40);
    await client.browsers.deleteByID(ended);
    const { session_id: live } = await client.browsers.create({ name: 'live one' });
    await publish(h, live, 600);

    const afterDelete = (await all(
      client.browsers.telemetry.events(ended, { since: '1h', limit: 100 }),
    )) as unknown as Envelope[];
    expect(afterDelete).toHaveLength(40);

    await h.close();
    h = await startReference({ dataDir, telemetryBuffer: 16 });
    client = sdkClient(h);
    const deleted = await all(client.browsers.list({ status: 'deleted' }));
    expect(deleted.map((session) => session.name).sort()).toEqual(['ended one', 'live one']);
    for (const [id, count] of [
      [ended, 40],
      [live, 600],
    ] as const) {
      const events = (await all(
        client.browsers.telemetry.events(id, { since: '1h', limit: 1000 }),
      )) as unknown as Envelope[];
      expect(events.map((envelope) => envelope.event.data?.n)).toEqual(
        Array.from({ length: count }, (_, n) => n),
      );
    }
    // the ended session's stream is gone with it
    expect((await h.call(`/browsers/${live}/telemetry/stream`)).status).toBe(404);
  });

  it('forgets ended sessions past the retention period', async () => {
    h = await startReference({ dataDir, historyRetentionMs: 60_000 });
    const client = sdkClient(h);
    const { session_id: id } = await client.browsers.create({});
    await publish(h, id, 3);
    await client.browsers.deleteByID(id);
    expect(await h.reference.records.sweep(Date.now() + 30_000)).toEqual([]);
    expect(await h.reference.records.sweep(Date.now() + 61_000)).toEqual([id]);
    expect(await all(client.browsers.list({ status: 'all' }))).toEqual([]);
    expect((await h.call(`/browsers/${id}/telemetry/events`)).status).toBe(404);
  });
});
