import { describe, expect, it } from 'vitest';
import { createCountingFetch } from './counting-fetch';

const encoder = new TextEncoder();

function controlled(): {
  stream: ReadableStream<Uint8Array>;
  push: (text: string) => void;
  end: () => void;
  cancelled: () => boolean;
} {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      cancelled = true;
    },
  });
  return {
    stream,
    push: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    cancelled: () => cancelled,
  };
}

describe('createCountingFetch', () => {
  it('reports every chunk and passes body, status and headers through', async () => {
    const body = controlled();
    const sizes: number[] = [];
    const base: typeof fetch = async () =>
      new Response(body.stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const response = await createCountingFetch(base, (n) => sizes.push(n))('https://x.test/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    body.push(':\n\n');
    body.push('data: é\n\n');
    body.end();
    expect(await response.text()).toBe(':\n\ndata: é\n\n');
    expect(sizes).toEqual([3, 10]);
  });

  it('returns error responses and empty bodies untouched', async () => {
    const error = new Response('nope', { status: 500 });
    const empty = new Response(null, { status: 204 });
    const responses = [error, empty];
    const base: typeof fetch = async () => responses.shift() ?? Response.error();
    const counting = createCountingFetch(base, () => {
      throw new Error('must not count');
    });
    expect(await counting('https://x.test/')).toBe(error);
    expect(await counting('https://x.test/')).toBe(empty);
  });

  it('cancels the original body when the request is aborted, even if fetch ignores the signal', async () => {
    const body = controlled();
    const base: typeof fetch = async () => new Response(body.stream, { status: 200 });
    const abort = new AbortController();
    const response = await createCountingFetch(base, () => undefined)('https://x.test/', {
      signal: abort.signal,
    });
    const reading = response.text().then(
      () => 'completed',
      (error: unknown) => (error instanceof Error ? error.name : 'unknown'),
    );
    abort.abort();
    expect(await reading).toBe('AbortError');
    expect(body.cancelled()).toBe(true);
  });
});
