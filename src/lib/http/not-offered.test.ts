import { describe, expect, it } from 'vitest';
import { readApiFailure } from './api-error';
import { isOperationNotOffered } from './not-offered';

async function failureOf(status: number, body: string | null, contentType?: string) {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  return readApiFailure(new Response(body, { status, headers }));
}

const apiError = JSON.stringify({ code: 'not_found', message: 'browser session not found' });

describe('isOperationNotOffered', () => {
  it('reads a 404 with the API’s Error body as an answer about the resource', async () => {
    expect(isOperationNotOffered(await failureOf(404, apiError, 'application/json'))).toBe(false);
    // the content type does not matter: the body is the API's Error
    expect(isOperationNotOffered(await failureOf(404, apiError))).toBe(false);
  });

  it('reads any other 404 as a route the server does not have', async () => {
    const bodies: [string | null, string | undefined][] = [
      ['404 page not found\n', 'text/plain; charset=utf-8'],
      ['<html><head><title>404 Not Found</title></head></html>', 'text/html'],
      [null, undefined],
      ['{"message":"Not Found"}', 'application/json'],
      ['{"error":"no route"}', 'application/json'],
    ];
    for (const [body, type] of bodies) {
      expect(isOperationNotOffered(await failureOf(404, body, type)), String(body)).toBe(true);
    }
  });

  it('reads 405 and 501 as not offered, whatever the body', async () => {
    expect(isOperationNotOffered(await failureOf(405, ''))).toBe(true);
    expect(isOperationNotOffered(await failureOf(501, 'Not Implemented', 'text/plain'))).toBe(true);
    const notImplemented = JSON.stringify({ code: 'not_implemented', message: 'no' });
    expect(isOperationNotOffered(await failureOf(501, notImplemented))).toBe(true);
  });

  it('leaves every other status alone', async () => {
    for (const status of [400, 401, 403, 408, 410, 429, 500, 502, 503]) {
      expect(isOperationNotOffered(await failureOf(status, 'x')), String(status)).toBe(false);
    }
    expect(
      isOperationNotOffered({ status: 0, statusText: '', message: '', details: [], bodyText: '' }),
    ).toBe(false);
  });
});
