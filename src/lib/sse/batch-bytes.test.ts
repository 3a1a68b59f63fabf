import { afterEach, describe, expect, it } from 'vitest';
import { BatchBytes, giveBytesBackTo } from './batch-bytes';
import { collectGarbage } from '../../testing/collect-garbage';
import { BATCH_BYTES } from './byte-staging';

// A real garbage collector: whether a buffer goes back is decided by what can still read it.

/** Collects until `check` holds, letting finalizers run between collections. */
async function collectUntil(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries += 1) {
    if (tries > 50) throw new Error('not collected');
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Collects a few times, for a check that nothing happened. */
async function collectAFewTimes(): Promise<void> {
  for (let n = 0; n < 5; n += 1) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const utf8 = new TextEncoder();

/** Batch texts over a buffer of `size`, as the worker sends them. */
function batchOf(text: string, size: number): { texts: BatchBytes; buffer: ArrayBuffer } {
  const buffer = new ArrayBuffer(size);
  const view = new Uint8Array(buffer, 0, utf8.encode(text).length);
  utf8.encodeInto(text, view);
  return { texts: new BatchBytes(view), buffer };
}

afterEach(() => giveBytesBackTo(undefined));

describe('BatchBytes', () => {
  it('reads its texts, and gives a busy batch’s buffer back only once nothing holds them', async () => {
    const given: ArrayBuffer[] = [];
    giveBytesBackTo((buffer) => given.push(buffer));
    // what a view would hold: the batch's texts, not its buffer
    const view: { held?: BatchBytes } = {};
    let heldBuffer: ArrayBuffer | undefined;
    (() => {
      const batch = batchOf('{"seq":1}{"text":"€"}', BATCH_BYTES);
      view.held = batch.texts;
      heldBuffer = batch.buffer;
    })();
    let droppedBuffer: ArrayBuffer | undefined;
    (() => {
      droppedBuffer = batchOf('{"seq":2}', BATCH_BYTES).buffer;
    })();
    await collectUntil(() => given.length === 1);
    expect(given[0]).toBe(droppedBuffer);
    // still held: its buffer stays, and reads as it came
    await collectAFewTimes();
    expect(given).toHaveLength(1);
    expect(view.held?.text(0, 9)).toBe('{"seq":1}');
    expect(view.held?.text(9, 23)).toBe('{"text":"€"}');

    delete view.held;
    await collectUntil(() => given.length === 2);
    expect(given[1]).toBe(heldBuffer);
  });

  it('keeps a quiet batch’s buffer, copied to its size, out of the way', async () => {
    const given: ArrayBuffer[] = [];
    giveBytesBackTo((buffer) => given.push(buffer));
    (() => {
      batchOf('{"seq":3}', 9);
    })();
    await collectAFewTimes();
    expect(given).toEqual([]);
  });
});
