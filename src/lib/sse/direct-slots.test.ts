import { describe, expect, it } from 'vitest';
import { createDirectSlots, releasingWhenDone } from './direct-slots';

/** Web Locks as the browser has them, for the `ifAvailable` requests the slots make. */
function fakeLocks() {
  const held = new Set<string>();
  return {
    held,
    locks: {
      request(
        name: string,
        _options: LockOptions,
        callback: (lock: Lock | null) => Promise<void>,
      ): Promise<void> {
        if (held.has(name)) return callback(null);
        held.add(name);
        return callback({ name, mode: 'exclusive' } as Lock).finally(() => held.delete(name));
      },
    } as Pick<LockManager, 'request'>,
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('direct stream slots', () => {
  it('gives out as many slots as asked, shared by whoever uses the same locks, and takes them back', async () => {
    const { locks, held } = fakeLocks();
    const tabA = createDirectSlots(2, locks);
    const tabB = createDirectSlots(2, locks);
    const first = await tabA();
    const second = await tabB();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await tabA()).toBeNull();
    expect(held.size).toBe(2);
    first?.();
    first?.();
    await settle();
    expect(held.size).toBe(1);
    expect(await tabB()).not.toBeNull();
  });

  it('gives none where the browser has no locks (every stream is then relayed)', async () => {
    expect(await createDirectSlots(4, undefined)()).toBeNull();
  });

  it('releases a stream’s slot once its body ends, fails or is cancelled, or it is aborted', async () => {
    const ends: string[] = [];
    const read = async (response: Response): Promise<void> => {
      const reader = response.body?.getReader();
      while (reader && !(await reader.read()).done);
    };
    await read(releasingWhenDone(new Response('all of it'), () => ends.push('read'), null));
    const failing = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    await read(releasingWhenDone(new Response(failing), () => ends.push('failed'), null)).catch(
      () => undefined,
    );
    await releasingWhenDone(new Response('x'), () => ends.push('cancelled'), null).body?.cancel();
    const controller = new AbortController();
    releasingWhenDone(new Response('never read'), () => ends.push('aborted'), controller.signal);
    controller.abort();
    expect(ends).toEqual(['read', 'failed', 'cancelled', 'aborted']);
  });

  it('keeps a byte stream one, each read filling the reader’s own buffer, and releases at its end', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i & 0xff);
    const body = new ReadableStream({
      type: 'bytes',
      start(controller) {
        controller.enqueue(bytes.slice()); // all of it at once
        controller.close();
      },
    });
    let released = 0;
    const response = releasingWhenDone(new Response(body), () => (released += 1), null);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader({ mode: 'byob' });
    const got: number[] = [];
    let buffer = new ArrayBuffer(30_000);
    for (;;) {
      const { done, value } = await reader.read(new Uint8Array(buffer));
      if (done) break;
      expect(value.byteLength).toBeLessThanOrEqual(30_000);
      got.push(...value);
      buffer = value.buffer as ArrayBuffer;
    }
    expect(got).toEqual([...bytes]);
    expect(released).toBe(1);
  });
});
