import { describe, expect, it } from 'vitest';
import { sharedReference } from '../testing/reference-harness.ts';
import { findChromium } from './browser/chromium-process.ts';

const chromium = findChromium().path;

describe.skipIf(!chromium)('a session being deleted (real Chromium)', () => {
  const shared = sharedReference({ browser: true });

  it('is answered as ended, never as unknown, while its browser is torn down', async () => {
    const { session_id: id } = await shared.client.browsers.create({});
    let deleted = false;
    const deleting = shared.client.browsers.deleteByID(id).then(() => {
      deleted = true;
    });
    // what a client that reads the record as the streams end sees, until the deletion is done
    const answers: string[] = [];
    const endedAt = new Set<string>();
    while (!deleted) {
      const response = await shared.h.call(`/browsers/${id}?include_deleted=true`);
      const body = (await response.json()) as { deleted_at?: string };
      if (body.deleted_at) endedAt.add(body.deleted_at);
      answers.push(
        response.status === 200 ? (body.deleted_at ? 'ended' : 'live') : String(response.status),
      );
    }
    await deleting;
    const after = (await (await shared.h.call(`/browsers/${id}?include_deleted=true`)).json()) as {
      deleted_at?: string;
    };
    expect(after.deleted_at).toBeTruthy();
    // the browser's teardown takes a while: reads landed in it, and none said "not found"
    expect(answers.filter((answer) => answer === 'ended').length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer !== 'live' && answer !== 'ended')).toEqual([]);
    // the time it ended does not move when the teardown is over
    expect(endedAt.size).toBe(1);
    expect([...endedAt][0]).toBe(after.deleted_at);
  }, 60_000);
});
