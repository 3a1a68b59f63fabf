import { describe, expect, it } from 'vitest';
import { settledCount } from './browser.ts';

/** A count that goes up by one at each given time (ms after the start). */
function countingAt(times: number[]): () => Promise<number> {
  const start = Date.now();
  return async () => times.filter((at) => Date.now() - start >= at).length;
}

describe('settledCount', () => {
  it('waits for items still arriving before it gives the baseline', async () => {
    // two opening api_call events land 30 and 90 ms after the stream went live
    expect(await settledCount(countingAt([30, 90]), 150, 2_000, 10)).toBe(2);
  });

  it('gives up at its deadline with the latest count when the count never settles', async () => {
    const times = Array.from({ length: 100 }, (_, i) => i * 20);
    const started = Date.now();
    const count = await settledCount(countingAt(times), 200, 300, 10);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(count).toBeGreaterThan(5);
  });
});
