/** Statuses whose Response must have a null body (the constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Wraps a fetch so that the body of every successful response flows through a TransformStream that
 * reports the size of each received chunk. The SSE library swallows comment frames (keepalives), so
 * this is how the stall watchdog learns that the connection is still alive.
 *
 * The pipe is bound to the request's AbortSignal: aborting the request errors the wrapped body and
 * cancels the original one even when the underlying fetch does not honour the signal itself.
 * Error responses are returned untouched (their bodies are read once, for the error message).
 * Cost: one callback per network chunk, never per message.
 */
export function createCountingFetch(
  baseFetch: typeof fetch,
  onBytes: (byteLength: number) => void,
): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await baseFetch(input, init);
    const body = response.body;
    if (body === null || !response.ok || NULL_BODY_STATUSES.has(response.status)) return response;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
    });
    const signal = init?.signal ?? undefined;
    const counted = body.pipeThrough(counter, signal === undefined ? {} : { signal });
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
