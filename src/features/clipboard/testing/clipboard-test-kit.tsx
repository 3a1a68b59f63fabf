import { vi, type MockInstance } from 'vitest';

export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** Replaces fetch with per-operation handlers returning real Responses; records every request. */
export function mockClipboardFetch(handlers: { write?: Handler; read?: Handler }): {
  spy: MockInstance<typeof fetch>;
  requests: SeenRequest[];
} {
  const requests: SeenRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request: SeenRequest = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(request);
    const handler = request.url.endsWith('/clipboard/write')
      ? handlers.write
      : request.url.endsWith('/clipboard/read')
        ? handlers.read
        : undefined;
    if (!handler) return new Response('unexpected request', { status: 599 });
    return handler(request);
  });
  return { spy, requests };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A promise with its resolve function, to hold a request open. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
