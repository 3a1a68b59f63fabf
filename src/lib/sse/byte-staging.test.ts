import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, ByteStaging, pooledBuffers, recycleBytes } from './byte-staging';

const utf8 = new TextDecoder();
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('ByteStaging', () => {
  it('stages copied bytes and encoded texts one after the other, and takes exactly them', () => {
    const staging = new ByteStaging();
    const read = encode('id: 1\ndata: {"seq":1}\n\n');
    const first = staging.copy(read, 12, 21);
    const second = staging.text('{"text":"€ 😀"}');
    const end = staging.length;
    const taken = staging.take();
    expect(first).toBe(0);
    expect(second).toBe(9);
    expect(taken.byteLength).toBe(end);
    expect(utf8.decode(taken.subarray(first, second))).toBe('{"seq":1}');
    expect(utf8.decode(taken.subarray(second, end))).toBe('{"text":"€ 😀"}');
    // the staging is empty again, and what was taken is not written over
    expect(staging.length).toBe(0);
    staging.text('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz');
    expect(utf8.decode(taken.subarray(first, second))).toBe('{"seq":1}');
  });

  it('keeps a copy: the reader may read its next piece into the same buffer', () => {
    const staging = new ByteStaging();
    const read = encode('data: one\n\n');
    const at = staging.copy(read, 6, 9);
    read.fill(0x78);
    expect(utf8.decode(staging.take().subarray(at, at + 3))).toBe('one');
  });

  it('grows past its first buffer without losing what it holds', () => {
    const staging = new ByteStaging();
    const line = encode(`${'a'.repeat(100_000)}|`);
    const starts = Array.from({ length: 12 }, () => staging.copy(line, 0, line.length));
    const taken = staging.take();
    expect(taken.byteLength).toBe(12 * line.length);
    for (const start of starts) {
      expect(taken[start]).toBe(0x61);
      expect(taken[start + line.length - 1]).toBe(0x7c);
    }
  });

  it('encodes a lone surrogate as the replacement character, as the stream would decode it', () => {
    const staging = new ByteStaging();
    staging.text('a\ud800b');
    expect(utf8.decode(staging.take())).toBe('a\ufffdb');
  });
});

describe('ByteStaging, a busy stream', () => {
  const frame = encode(`{"seq":1,"event":{"text":"${'x'.repeat(1_000)}"}}`);

  it('hands a nearly full buffer over whole, and stages the next batch into one given back', () => {
    const staging = new ByteStaging();
    let frames = 0;
    while (!staging.full) {
      staging.copy(frame, 0, frame.length);
      frames += 1;
    }
    expect(staging.length).toBe(frames * frame.length);
    expect(staging.length).toBeGreaterThan(BATCH_BYTES - 16 * 1024);
    const taken = staging.take();
    // the very buffer staged into, not a copy
    expect(taken.buffer.byteLength).toBe(BATCH_BYTES);
    expect(taken.byteLength).toBe(frames * frame.length);
    expect(utf8.decode(taken.subarray(0, frame.length))).toBe(utf8.decode(frame));

    const pooled = pooledBuffers();
    recycleBytes(taken.buffer as ArrayBuffer);
    expect(pooledBuffers()).toBe(pooled + 1);
    staging.copy(frame, 0, frame.length);
    expect(pooledBuffers()).toBe(pooled);
    while (!staging.full) staging.copy(frame, 0, frame.length);
    expect(staging.take().buffer).toBe(taken.buffer);
  });

  it('copies a batch of a few frames into a buffer of exactly their size', () => {
    const staging = new ByteStaging();
    staging.copy(frame, 0, frame.length);
    staging.text('{"seq":2}');
    const taken = staging.take();
    expect(taken.buffer.byteLength).toBe(frame.length + 9);
    expect(staging.full).toBe(false);
  });
});
