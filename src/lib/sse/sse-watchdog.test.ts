import { beforeEach, describe, expect, it, vi } from 'vitest';
import { streamTestBed, TEST_T0 as T0, type Harness } from './fake-sse-server';

const STALL_MS = 30_000;
const bed = streamTestBed({
  url: 'https://console.test/api/browsers/b1/telemetry/stream',
  getHeaders: () => ({}),
  stallTimeoutMs: STALL_MS,
});
const open = bed.open;
let harness: Harness;
beforeEach(() => {
  harness = bed.harness();
});

describe('openSseStream: stall watchdog', () => {
  it('marks a silent stream stalled, aborts it and reconnects after the backoff', async () => {
    open();
    await harness.untilStatus('live');
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(harness.kinds()).toEqual(['connecting', 'live']);
    await vi.advanceTimersByTimeAsync(1);
    // stalled stays the status until the next attempt, so that a view can show it
    expect(harness.statuses.slice(2)).toEqual([{ kind: 'stalled', silentForMs: STALL_MS }]);
    const first = harness.connection(0);
    expect(first.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(harness.kinds()).toEqual(['connecting', 'live', 'stalled']);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.statuses.at(3)).toEqual({ kind: 'connecting', attempt: 1 });
    expect(Date.now()).toBe(T0 + STALL_MS + 1000);
    await harness.untilStatus('live', 2);
    expect(harness.connections).toHaveLength(2);
    expect(harness.connection(1).signal?.aborted).toBe(false);
  });

  it('is kept alive by comment frames that deliver no message', async () => {
    open();
    await harness.untilStatus('live');
    for (let i = 0; i < 8; i += 1) {
      await vi.advanceTimersByTimeAsync(15_000);
      harness.connection(0).send(':\n\n');
    }
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(harness.kinds()).toEqual(['connecting', 'live']);
    expect(harness.messages).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.statuses.at(2)).toEqual({ kind: 'stalled', silentForMs: STALL_MS });
  });

  it('counts the silence from the last byte, not from the start', async () => {
    open();
    await harness.untilStatus('live');
    await vi.advanceTimersByTimeAsync(20_000);
    harness.connection(0).send('id: 1\ndata: {"seq":1}\n\n');
    await harness.until(() => harness.messages.length === 1);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(harness.kinds()).toEqual(['connecting', 'live']);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.statuses.at(2)).toEqual({ kind: 'stalled', silentForMs: STALL_MS });
  });

  it('counts the silence from the response headers once they arrive', async () => {
    const slowFetch: typeof fetch = async (input, init) => {
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      return harness.fetch(input, init);
    };
    open({ fetch: slowFetch });
    await vi.advanceTimersByTimeAsync(20_000);
    await harness.untilStatus('live');
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(harness.kinds()).toEqual(['connecting', 'live']);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.statuses.at(2)).toEqual({ kind: 'stalled', silentForMs: STALL_MS });
  });

  it('also catches a request that is never answered', async () => {
    harness.replies.push({ kind: 'hang' });
    open();
    await harness.untilConnections(1);
    await vi.advanceTimersByTimeAsync(STALL_MS);
    expect(harness.kinds()).toEqual(['connecting', 'stalled']);
    expect(harness.connection(0).signal?.aborted).toBe(true);
  });

  it('cancels the body of the stalled request through the counting fetch', async () => {
    const ignoringSignal: typeof fetch = (input, init) =>
      harness.fetch(input, { ...init, signal: null });
    open({ fetch: ignoringSignal });
    await harness.untilStatus('live');
    await vi.advanceTimersByTimeAsync(STALL_MS);
    await harness.untilStatus('stalled');
    await vi.advanceTimersByTimeAsync(0);
    expect(harness.connection(0).cancelled).toBe(true);
  });

  it('does not run without stallTimeoutMs (the log stream has no keepalive)', async () => {
    open({ stallTimeoutMs: undefined });
    await harness.untilStatus('live');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(harness.kinds()).toEqual(['connecting', 'live']);
    expect(harness.connections).toHaveLength(1);
  });

  it('without one, headersTimeoutMs gives up on headers that never come, and only on them', async () => {
    harness.replies.push({ kind: 'hang' });
    open({ stallTimeoutMs: undefined, headersTimeoutMs: 15_000 });
    await harness.untilConnections(1);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(harness.kinds()).toEqual(['connecting']);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.statuses.at(1)).toEqual({ kind: 'stalled', silentForMs: 15_000 });
    expect(harness.connection(0).signal?.aborted).toBe(true);
    // the next attempt (after the backoff) is answered: then silence is fine, however long
    await vi.advanceTimersByTimeAsync(1000);
    await harness.untilStatus('live');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(harness.kinds()).toEqual(['connecting', 'stalled', 'connecting', 'live']);
  });

  it('leaves no timer behind after close', async () => {
    const s = open();
    await harness.untilStatus('live');
    expect(vi.getTimerCount()).toBe(1);
    s.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(harness.kinds()).toEqual(['connecting', 'live']);
  });
});
