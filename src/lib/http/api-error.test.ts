import { describe, expect, it } from 'vitest';
import { describeFailure, isFatalStatus, readApiFailure, type ApiFailure } from './api-error';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const now = (): number => NOW;

function response(body: BodyInit | null, status: number, headers: Record<string, string> = {}) {
  return new Response(body, { status, statusText: headers['x-status-text'] ?? '', headers });
}

describe('readApiFailure', () => {
  it('reads a JSON Error body with details and inner_error', async () => {
    const body = {
      code: 'bad_request',
      message: 'invalid query',
      details: [{ code: 'invalid_input', message: 'source is required' }, { nonsense: 1 }, 'x'],
      inner_error: { code: 'parse', message: 'follow: not a boolean' },
    };
    const f = await readApiFailure(
      response(JSON.stringify(body), 400, { 'content-type': 'application/json' }),
      now,
    );
    expect(f).toMatchObject({
      status: 400,
      statusText: 'Bad Request',
      code: 'bad_request',
      message: 'invalid query',
      details: [{ code: 'invalid_input', message: 'source is required' }],
      innerError: { code: 'parse', message: 'follow: not a boolean' },
    });
    expect(f.bodyText).toBe(JSON.stringify(body));
    expect(f.bodyTruncated).toBeUndefined();
    expect(describeFailure(f)).toBe(
      '400 Bad Request: invalid query (bad_request); invalid_input: source is required; ' +
        'caused by parse: follow: not a boolean',
    );
  });

  it('reads a JSON body that is only {message}', async () => {
    const f = await readApiFailure(response('{"message":"text is required"}', 400), now);
    expect(f.code).toBeUndefined();
    expect(f.message).toBe('text is required');
    expect(f.details).toEqual([]);
    expect(describeFailure(f)).toBe('400 Bad Request: text is required');
  });

  it('reads a plain-text body (e.g. Go http.Error) as the message', async () => {
    const f = await readApiFailure(
      response('missing required query parameter: source\n', 400, {
        'content-type': 'text/plain; charset=utf-8',
      }),
      now,
    );
    expect(f.message).toBe('missing required query parameter: source');
    expect(f.bodyText).toBe('missing required query parameter: source\n');
    expect(describeFailure(f)).toBe('400 Bad Request: missing required query parameter: source');
  });

  it('treats text that merely starts like JSON as text', async () => {
    const f = await readApiFailure(response('{not json at all', 500), now);
    expect(f.message).toBe('{not json at all');
    expect(f.code).toBeUndefined();
  });

  it('takes the title of an HTML error page', async () => {
    const html =
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>';
    const f = await readApiFailure(response(html, 502, { 'content-type': 'text/html' }), now);
    expect(f.message).toBe('502 Bad Gateway');
    expect(describeFailure(f)).toBe('502 Bad Gateway');
  });

  it('falls back to the status text for an empty body', async () => {
    const f = await readApiFailure(response(null, 404), now);
    expect(f).toEqual({
      status: 404,
      statusText: 'Not Found',
      message: 'Not Found',
      details: [],
      bodyText: '',
    } satisfies ApiFailure);
    expect(describeFailure(f)).toBe('404 Not Found');
  });

  it('keeps the server status text when there is one', async () => {
    const f = await readApiFailure(response('', 418, { 'x-status-text': "I'm a teapot" }), now);
    expect(f.statusText).toBe("I'm a teapot");
    expect(describeFailure(f)).toBe("418 I'm a teapot");
  });

  it('shows no status number when no HTTP answer came (status 0)', () => {
    const f: ApiFailure = {
      status: 0,
      statusText: 'Network error',
      message: 'the server could not be reached (Failed to fetch)',
      details: [],
      bodyText: '',
    };
    expect(describeFailure(f)).toBe(
      'Network error: the server could not be reached (Failed to fetch)',
    );
  });

  it('formats the contract example in one line', () => {
    const f: ApiFailure = {
      status: 401,
      statusText: 'Unauthorized',
      code: 'unauthorized',
      message: 'token rejected',
      details: [],
      bodyText: '',
    };
    expect(describeFailure(f)).toBe('401 Unauthorized: token rejected (unauthorized)');
  });

  it('truncates a huge body for display and stops reading it', async () => {
    let pulled = 0;
    let cancelled = false;
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const f = await readApiFailure(response(endless, 500), now);
    expect(f.bodyText).toHaveLength(4096);
    expect(f.bodyTruncated).toBe(true);
    expect(f.message.length).toBeLessThanOrEqual(500);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  it('parses Retry-After as seconds or as an HTTP date', async () => {
    const seconds = await readApiFailure(response('', 429, { 'retry-after': '7' }), now);
    expect(seconds.retryAfterMs).toBe(7000);
    const date = new Date(NOW + 12_000).toUTCString();
    const dated = await readApiFailure(response('', 503, { 'retry-after': date }), now);
    expect(dated.retryAfterMs).toBe(12_000);
    const past = new Date(NOW - 60_000).toUTCString();
    expect(
      (await readApiFailure(response('', 503, { 'retry-after': past }), now)).retryAfterMs,
    ).toBe(0);
    for (const junk of ['soon', '-3', '1.5', '']) {
      const f = await readApiFailure(response('', 503, { 'retry-after': junk }), now);
      expect(f.retryAfterMs, junk).toBeUndefined();
    }
  });

  it('reads the body only once and tolerates an already used body', async () => {
    const r = response('{"message":"once"}', 500);
    expect((await readApiFailure(r, now)).message).toBe('once');
    expect(r.bodyUsed).toBe(true);
    const again = await readApiFailure(r, now);
    expect(again.message).toBe('Internal Server Error');
  });
});

describe('isFatalStatus', () => {
  it('stops on 4xx except 408 and 429, retries 5xx', () => {
    const fatal = [400, 401, 403, 404, 405, 409, 410, 422, 451, 499];
    const transient = [408, 429, 500, 502, 503, 504, 599];
    expect(fatal.filter((s) => !isFatalStatus(s))).toEqual([]);
    expect(transient.filter((s) => isFatalStatus(s))).toEqual([]);
  });
});
