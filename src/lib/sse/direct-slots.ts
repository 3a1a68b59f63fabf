/**
 * Slots for streams that go straight to the server as their own HTTP request, shared by every tab
 * of this origin through the Web Locks API (a lock is released when its tab closes, so a slot is
 * never lost).
 *
 * A direct stream is the fastest way there is (the stream relay costs a second hop on the server
 * and a WebSocket message per chunk: at a few hundred thousand lines a second it carried about
 * half of what a direct stream did), but each holds one of the six HTTP/1.1 connections a
 * browser opens to one server. So the first few streams of all tabs together go direct, and the
 * rest through the relay, which leaves connections free for short requests whatever is open.
 */

/** Takes a free slot if there is one: what releases it, or null (every slot held, or no locks). */
export type TakeDirectSlot = () => Promise<(() => void) | null>;

type Locks = Pick<LockManager, 'request'>;

export function createDirectSlots(
  count: number,
  locks: Locks | undefined = (globalThis.navigator as Navigator | undefined)?.locks,
  name = 'session-console-direct-stream',
): TakeDirectSlot {
  return async () => {
    if (!locks) return null;
    for (let slot = 0; slot < count; slot += 1) {
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const taken = await new Promise<boolean>((resolve) => {
        locks
          .request(`${name}-${slot}`, { ifAvailable: true }, async (lock) => {
            resolve(lock !== null);
            if (lock !== null) await held;
          })
          .catch(() => resolve(false));
      });
      if (taken) {
        let released = false;
        return () => {
          if (released) return;
          released = true;
          release();
        };
      }
    }
    return null;
  };
}

/**
 * The response with its slot released once the stream is over: its body read to the end, failed
 * or cancelled, or the request aborted. A body that is a byte stream stays one, each read going
 * into the reader's own buffer (lib/sse/stream-reader.ts reads it so); another is passed on chunk
 * by chunk.
 */
export function releasingWhenDone(
  response: Response,
  release: () => void,
  signal: AbortSignal | null | undefined,
): Response {
  signal?.addEventListener('abort', release, { once: true });
  if (signal?.aborted) release();
  const body = response.body;
  if (body === null) {
    release();
    return response;
  }
  return new Response(watchedBody(body, release), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The most a read without a buffer of its own gets (a byte stream allocates one this size). */
const AUTO_CHUNK_BYTES = 64 * 1024;

function watchedBody(
  body: ReadableStream<Uint8Array>,
  release: () => void,
): ReadableStream<Uint8Array> {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: 'byob' });
  } catch {
    byob = undefined;
  }
  if (byob === undefined) {
    const reader = body.getReader();
    return new ReadableStream<Uint8Array>(
      releasingSource(reader, release, async (controller, end) => {
        const { done, value } = await reader.read();
        if (done) end();
        else controller.enqueue(value);
      }),
      { highWaterMark: 0 },
    );
  }
  const reader = byob;
  return new ReadableStream({
    type: 'bytes',
    autoAllocateChunkSize: AUTO_CHUNK_BYTES,
    ...releasingSource(reader, release, async (controller: ReadableByteStreamController, end) => {
      // with autoAllocateChunkSize there is always a request: the reader's view, or one made here
      const request = controller.byobRequest as ReadableStreamBYOBRequest;
      const view = request.view as Uint8Array<ArrayBuffer>;
      // the read moves the view's buffer to the body and back: answered with the new view
      const { done, value } = await reader.read(
        new Uint8Array(view.buffer, view.byteOffset, view.byteLength),
      );
      if (done) end();
      if (value) request.respondWithNewView(value);
    }),
  });
}

/**
 * A stream's source that reads the body with `step` and releases the slot once: when `step` says
 * the body ended (its `end`, which closes the stream), when a read fails, or when it is cancelled.
 */
function releasingSource<Controller extends { close(): void; error(reason?: unknown): void }>(
  reader: { cancel(reason?: unknown): Promise<void> },
  release: () => void,
  step: (controller: Controller, end: () => void) => Promise<void>,
) {
  return {
    async pull(controller: Controller) {
      try {
        await step(controller, () => {
          release();
          controller.close();
        });
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason: unknown) {
      release();
      return reader.cancel(reason);
    },
  };
}
