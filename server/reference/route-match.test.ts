import type Kernel from '@onkernel/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReference, type ReferenceHarness, sdkClient } from '../testing/reference-harness.ts';
import { matchSuffix } from './route-match.ts';

describe('a route suffix with {name} segments', () => {
  it('matches literal suffixes exactly and gives each {name} segment decoded', () => {
    expect(matchSuffix('/replays', '/replays')).toEqual({});
    expect(matchSuffix('/replays', '/replays/x')).toBeUndefined();
    expect(matchSuffix('/replays/{replay_id}', '/replays/rp_1')).toEqual({ replay_id: 'rp_1' });
    expect(matchSuffix('/replays/{replay_id}/stop', '/replays/a%20b/stop')).toEqual({
      replay_id: 'a b',
    });
    expect(matchSuffix('/replays/{replay_id}/stop', '/replays/rp_1/start')).toBeUndefined();
    expect(matchSuffix('/replays/{replay_id}', '/replays/')).toBeUndefined();
    expect(matchSuffix('/replays/{replay_id}', '/replays/%E0%A4%A')).toBeUndefined();
  });
});

describe('a session named instead of its id', () => {
  let h: ReferenceHarness;
  let client: Kernel;
  beforeEach(async () => {
    h = await startReference({});
    client = sdkClient(h);
  });
  afterEach(async () => {
    await h.close();
  });

  // spaces, a slash, a hash, a question mark and a non-ASCII letter: nothing an id may hold
  const NAME = 'checkout run #1 / über? 100%';

  it('answers every operation on a live session by its name', async () => {
    const created = await client.browsers.create({ name: NAME });
    const byName = await client.browsers.retrieve(NAME);
    expect(byName.session_id).toBe(created.session_id);
    await client.browsers.computer.writeClipboard(NAME, { text: 'by name' });
    expect(await client.browsers.computer.readClipboard(created.session_id)).toEqual({
      text: 'by name',
    });
    expect(await client.browsers.computer.readClipboard(NAME)).toEqual({ text: 'by name' });
    const updated = await h.call(`/browsers/${encodeURIComponent(NAME)}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tags: { team: 'qa' } }),
    });
    expect(((await updated.json()) as { tags?: unknown }).tags).toEqual({ team: 'qa' });
  });

  it('finds an ended session by its name, an id before a name, and says when a name is ambiguous', async () => {
    const ended = await client.browsers.create({ name: 'nightly' });
    await client.browsers.deleteByID('nightly');
    const record = await h.call('/browsers/nightly?include_deleted=true');
    expect(((await record.json()) as { session_id: string }).session_id).toBe(ended.session_id);
    const history = await h.call('/browsers/nightly/telemetry/events?since=1h');
    expect(history.status).toBe(200);
    await history.arrayBuffer();

    // a live session of that name comes before the ended one
    const live = await client.browsers.create({ name: 'nightly' });
    expect((await client.browsers.retrieve('nightly')).session_id).toBe(live.session_id);

    // a session whose name is another's id: the id wins
    await client.browsers.create({ name: live.session_id });
    expect((await client.browsers.retrieve(live.session_id)).name).toBe('nightly');

    await client.browsers.create({ name: 'nightly' });
    await expect(client.browsers.retrieve('nightly')).rejects.toMatchObject({ status: 409 });
    await expect(client.browsers.retrieve('nobody by this name')).rejects.toMatchObject({
      status: 404,
    });
  });
});
