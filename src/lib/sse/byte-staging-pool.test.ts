import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BATCH_BYTES, ByteStaging, pooledBuffers, recycleBytes } from './byte-staging';

// A file of its own: the pool is the module's, and its idle timer must be a fake one from the
// start.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('keeps only batch buffers given back, at most 128, and lets them go once no stream uses them', () => {
  recycleBytes(new ArrayBuffer(1_000));
  recycleBytes(new ArrayBuffer(BATCH_BYTES * 2));
  expect(pooledBuffers()).toBe(0);
  for (let n = 0; n < 130; n += 1) recycleBytes(new ArrayBuffer(BATCH_BYTES));
  expect(pooledBuffers()).toBe(128);
  vi.advanceTimersByTime(6_000);
  // a stream staging into one of them: the others stay for it
  new ByteStaging().text('{"seq":1}');
  expect(pooledBuffers()).toBe(127);
  vi.advanceTimersByTime(6_000);
  expect(pooledBuffers()).toBe(127);
  vi.advanceTimersByTime(5_000);
  expect(pooledBuffers()).toBe(0);
});
