import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../config/limits';
import { ApiRequestError } from '../../../lib/http/request';
import type { SessionLookup } from '../model/session-lookup';
import { sessionQuery } from './get-session';

const connection = { base: '/api', token: () => 'tok' };

function answer(status: number, body: string | null, contentType?: string): void {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(body, { status, headers }),
  );
}

function lookUp(sessionId = 'sess-1'): Promise<SessionLookup> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery(sessionQuery(connection, sessionId, '0'));
}

async function failureOf(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiRequestError)) throw new Error(`expected an ApiRequestError`);
  return error;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sessionQuery', () => {
  it('resolves to the session’s details', async () => {
    answer(200, JSON.stringify({ session_id: 'sess-1', headless: true }), 'application/json');
    const lookup = await lookUp();
    expect(lookup).toMatchObject({ kind: 'found', info: { id: 'sess-1', headless: true } });
  });

  it('fails with "no such session" on a 404 carrying the API’s Error body', async () => {
    answer(404, JSON.stringify({ code: 'not_found', message: 'browser session not found' }));
    const error = await failureOf(lookUp());
    expect(error.failure).toMatchObject({ status: 404, code: 'not_found' });
  });

  it.each([
    [404, '404 page not found\n', 'text/plain; charset=utf-8', '404 Not Found'],
    [404, '<html><title>Not Found</title></html>', 'text/html', '404 Not Found'],
    [404, null, undefined, '404 Not Found'],
    [405, 'Method Not Allowed', 'text/plain', '405 Method Not Allowed'],
    [
      501,
      JSON.stringify({ code: 'not_implemented', message: 'no' }),
      undefined,
      '501 Not Implemented',
    ],
  ])(
    'resolves to "not offered" on a %i without the API’s Error body (%j)',
    async (status, body, type, said) => {
      answer(status, body, type);
      expect(await lookUp('a/b')).toEqual({ kind: 'not-offered', sessionId: 'a/b', answer: said });
    },
  );

  it('still fails on a rejected token and on a server error', async () => {
    answer(401, JSON.stringify({ code: 'unauthorized', message: 'token rejected' }));
    expect((await failureOf(lookUp())).failure.status).toBe(401);
    vi.restoreAllMocks();
    answer(500, 'boom');
    expect((await failureOf(lookUp())).failure).toMatchObject({ status: 500, message: 'boom' });
  });

  it('fails, rather than waiting forever, when the server never answers', async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
    const failed = failureOf(lookUp());
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs);
    const error = await failed;
    expect(error.failure).toMatchObject({ status: 0, statusText: 'Timed out' });
    expect(error.message).toBe('Timed out: no answer from the server within 10 s');
  });
});
