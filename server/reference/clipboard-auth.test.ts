import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokensEqual } from './auth.ts';
import {
  createSession,
  startReference,
  type ReferenceHarness,
} from '../testing/reference-harness.ts';

const json = { 'Content-Type': 'application/json' };

describe('auth', () => {
  let h: ReferenceHarness;
  beforeEach(async () => {
    h = await startReference();
  });
  afterEach(async () => {
    await h.close();
  });

  it.each([
    [null, 'missing Authorization header (expected "Bearer <token>")'],
    ['wrong-token', 'invalid API token'],
    ['', 'Authorization header must use the Bearer scheme'],
  ])('refuses token %j on every route with a 401 Error body', async (token, message) => {
    for (const [method, path] of [
      ['POST', '/browsers'],
      ['GET', '/browsers/anything'],
      ['GET', '/browsers/anything/telemetry/stream'],
      ['GET', '/nothing'],
    ] as const) {
      const response = await h.call(path, { method, token });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ code: 'unauthorized', message });
    }
  });

  it('refuses a non-Bearer scheme', async () => {
    const response = await h.call('/browsers', {
      method: 'POST',
      token: null,
      headers: { Authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.status).toBe(401);
  });

  it('compares tokens of any length', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
    expect(tokensEqual('', 'abc')).toBe(false);
  });
});

describe('clipboard', () => {
  let h: ReferenceHarness;
  let id: string;
  beforeEach(async () => {
    h = await startReference({ maxBodyBytes: 1024 });
    id = await createSession(h);
  });
  afterEach(async () => {
    await h.close();
  });
  const write = (body: string): Promise<Response> =>
    h.call(`/browsers/${id}/computer/clipboard/write`, { method: 'POST', headers: json, body });

  it('writes with a 200 and an empty body, and reads it back', async () => {
    const text = 'multi\nline <b>text</b> ✓ \u202e';
    const response = await write(JSON.stringify({ text }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const read = await h.call(`/browsers/${id}/computer/clipboard/read`, { method: 'POST' });
    expect(await read.json()).toEqual({ text });
  });

  it.each([
    ['', 'request body must be a JSON object'],
    ['{"text": 5}', 'text is required'],
    ['{}', 'text is required'],
    ['["text"]', 'request body must be a JSON object'],
    ['{"text": "unterminated', 'request body is not valid JSON'],
  ])('rejects body %j with a 400 Error body', async (body, message) => {
    const response = await write(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_request', message });
  });

  it('refuses a body over the limit with 413 and keeps the old text', async () => {
    await write(JSON.stringify({ text: 'kept' }));
    const response = await write(JSON.stringify({ text: 'x'.repeat(2048) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
    const read = await h.call(`/browsers/${id}/computer/clipboard/read`, { method: 'POST' });
    expect(await read.json()).toEqual({ text: 'kept' });
  });

  it('answers 404 for an unknown session', async () => {
    const response = await h.call('/browsers/missing/computer/clipboard/write', {
      method: 'POST',
      headers: json,
      body: '{"text":"x"}',
    });
    expect(response.status).toBe(404);
  });
});

describe('fault injection', () => {
  it('is absent unless enabled', async () => {
    const h = await startReference();
    const id = await createSession(h);
    const response = await h.call(`/browsers/${id}/faults`, {
      method: 'POST',
      body: '{"action":"drop_streams"}',
    });
    expect(response.status).toBe(404);
    await h.close();
  });

  it('drops open streams without a clean end when enabled', async () => {
    const h = await startReference({ faults: true });
    const id = await createSession(h);
    const stream = await h.call(`/browsers/${id}/telemetry/stream`);
    const reading = stream
      .body!.getReader()
      .read()
      .then(
        () => 'ended',
        () => 'dropped',
      );
    const response = await h.call(`/browsers/${id}/faults`, {
      method: 'POST',
      body: '{"action":"drop_streams"}',
    });
    expect(await response.json()).toMatchObject({ affected: 1 });
    expect(await reading).toBe('dropped');
    await h.close();
  });
});
