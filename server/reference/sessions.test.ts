import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../../src/types/api.ts';
import {
  createSession,
  startReference,
  type ReferenceHarness,
} from '../testing/reference-harness.ts';

const json = { 'Content-Type': 'application/json' };

function enabled(session: BrowserSession): string[] {
  return Object.entries(session.telemetry?.browser ?? {})
    .filter(([, config]) => config?.enabled)
    .map(([name]) => name)
    .sort();
}

describe('sessions', () => {
  let h: ReferenceHarness;
  beforeEach(async () => {
    h = await startReference();
  });
  afterEach(async () => {
    await h.close();
  });

  const create = async (body: unknown): Promise<Response> =>
    h.call('/browsers', { method: 'POST', headers: json, body: JSON.stringify(body) });
  const patch = async (id: string, body: unknown): Promise<BrowserSession> => {
    const response = await h.call(`/browsers/${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as BrowserSession;
  };

  it('creates, reads and deletes a session', async () => {
    const response = await h.call('/browsers', { method: 'POST' });
    expect(response.status).toBe(200);
    const created = (await response.json()) as BrowserSession;
    expect(created.session_id).toMatch(/^[a-z0-9]+$/);
    expect(Date.parse(created.created_at)).not.toBeNaN();
    expect(created.telemetry).toBeNull();
    const read = await h.call(`/browsers/${created.session_id}`);
    expect(await read.json()).toMatchObject({ session_id: created.session_id });
    expect((await h.call(`/browsers/${created.session_id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const gone = await h.call(`/browsers/${created.session_id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining(created.session_id),
    });
  });

  it.each([
    [undefined, []],
    [null, []],
    [{}, []],
    [{ enabled: false }, []],
    [{ enabled: true }, ['captcha', 'connection', 'control', 'system']],
    [{ browser: {} }, ['captcha', 'connection', 'control', 'system']],
    [
      { browser: { console: { enabled: true } } },
      ['captcha', 'connection', 'console', 'control', 'system'],
    ],
    [
      { enabled: true, browser: { control: { enabled: false }, page: { enabled: true } } },
      ['captcha', 'connection', 'page', 'system'],
    ],
    [
      {
        browser: {
          control: { enabled: false },
          connection: { enabled: false },
          system: { enabled: false },
          captcha: { enabled: false },
        },
      },
      [],
    ],
  ])('create with telemetry %j captures %j', async (telemetry, expected) => {
    const response = await create(telemetry === undefined ? {} : { telemetry });
    const session = (await response.json()) as BrowserSession;
    expect(enabled(session)).toEqual(expected);
    if (expected.length === 0) expect(session.telemetry).toBeNull();
  });

  it('update merges onto the current selection, enabled=true resets, enabled=false stops', async () => {
    const id = await createSession(h, { telemetry: { browser: { console: { enabled: true } } } });
    expect(enabled(await patch(id, {}))).toEqual([
      'captcha',
      'connection',
      'console',
      'control',
      'system',
    ]);
    expect(enabled(await patch(id, { telemetry: null }))).toEqual([
      'captcha',
      'connection',
      'console',
      'control',
      'system',
    ]);
    expect(
      enabled(
        await patch(id, {
          telemetry: { browser: { network: { enabled: true }, captcha: { enabled: false } } },
        }),
      ),
    ).toEqual(['connection', 'console', 'control', 'network', 'system']);
    expect(
      enabled(
        await patch(id, { telemetry: { enabled: true, browser: { page: { enabled: true } } } }),
      ),
    ).toEqual(['captcha', 'connection', 'control', 'page', 'system']);
    expect((await patch(id, { telemetry: { enabled: false } })).telemetry).toBeNull();
    // with no capture active, an update falls back to the default set
    expect(
      enabled(await patch(id, { telemetry: { browser: { screenshot: { enabled: true } } } })),
    ).toEqual(['captcha', 'connection', 'control', 'screenshot', 'system']);
  });

  it.each([
    [
      { telemetry: { enabled: false, browser: { console: { enabled: true } } } },
      'enabled=false cannot be combined with browser category settings',
    ],
    [
      { telemetry: { browser: { bogus: { enabled: true } } } },
      'unknown telemetry category "bogus"',
    ],
    [{ telemetry: { enabled: 'yes' } }, 'telemetry.enabled must be a boolean'],
    [
      { telemetry: { browser: { console: { enabled: 1 } } } },
      'telemetry.browser.console.enabled must be a boolean',
    ],
  ])('rejects %j with a 400 whose detail says why', async (body, detail) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'bad_request',
      details: [{ code: 'invalid_input', message: detail }],
    });
  });

  it('answers JSON Error bodies for unknown routes, bad methods and invalid JSON', async () => {
    const unknown = await h.call('/nothing');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
    const id = await createSession(h);
    const method = await h.call(`/browsers/${id}/logs/stream`, { method: 'POST' });
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('GET');
    const invalid = await h.call('/browsers', {
      method: 'POST',
      headers: json,
      body: '{"telemetry": ',
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      code: 'bad_request',
      details: [{ code: 'invalid_json' }],
    });
  });

  it('answers 503 with Retry-After while shutting down, never "not found" for a live session', async () => {
    const id = await createSession(h);
    const closing = h.reference.close();
    // asked while the sessions are being ended, and after: the server is going away, the
    // session did not end
    const during = await h.call(`/browsers/${id}`);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(await during.json()).toMatchObject({ code: 'unavailable' });
    await closing;
    const stream = await h.call(`/browsers/${id}/telemetry/stream`);
    expect(stream.status).toBe(503);
    expect(stream.headers.get('retry-after')).toBe('5');
    await stream.body?.cancel();
  });
});
