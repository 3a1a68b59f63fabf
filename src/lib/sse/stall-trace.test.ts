import { describe, expect, it } from 'vitest';
import { createStallTrace, describeStall, formatSilence } from './stall-trace';
import type { StreamStatus } from './status';

const T0 = 1_000_000;

function traced() {
  let now = T0;
  const trace = createStallTrace(() => now);
  return {
    trace,
    at(ms: number): void {
      now = T0 + ms;
    },
  };
}

const live = (since: number): StreamStatus => ({ kind: 'live', since: T0 + since });
const stalled = (silentForMs: number): StreamStatus => ({ kind: 'stalled', silentForMs });
const connecting: StreamStatus = { kind: 'connecting', attempt: 1 };

describe('createStallTrace', () => {
  it('measures from the last byte to the next live connection, and reports it once', () => {
    const { trace, at } = traced();
    expect(trace.observe(live(0))).toBeNull();
    at(40_000);
    // the last byte came at 15 s
    expect(trace.observe(stalled(25_000))).toBeNull();
    at(40_500);
    expect(trace.observe(connecting)).toBeNull();
    const end = trace.observe(live(40_700));
    expect(end).toEqual({ silentForMs: 25_700, next: live(40_700) });
    expect(trace.observe(live(50_000))).toBeNull();
  });

  it('makes stalls in a row one stretch from the first one’s last byte', () => {
    const { trace, at } = traced();
    at(25_000);
    trace.observe(stalled(25_000));
    at(26_000);
    trace.observe(connecting);
    at(51_000);
    // the new attempt never answered: its silence counts from when it started
    trace.observe(stalled(25_000));
    trace.observe({ kind: 'retrying', attempt: 2, retryAt: T0 + 53_000, reason: 'x', since: T0 });
    expect(trace.observe(live(53_000))?.silentForMs).toBe(53_000);
  });

  it('ends a stall with a failure or an end too', () => {
    const { trace, at } = traced();
    at(30_000);
    trace.observe(stalled(25_000));
    at(31_000);
    const failed: StreamStatus = { kind: 'failed', reason: '401 Unauthorized' };
    expect(trace.observe(failed)).toEqual({ silentForMs: 26_000, next: failed });
    trace.observe(stalled(1_000));
    at(33_000);
    expect(trace.observe({ kind: 'ended', reason: 'bye' })?.silentForMs).toBe(3_000);
  });

  it('forgets a stall when reset (the stream was closed)', () => {
    const { trace } = traced();
    trace.observe(stalled(25_000));
    trace.reset();
    expect(trace.observe(live(60_000))).toBeNull();
  });
});

describe('formatSilence', () => {
  it('says seconds, minutes and hours the way people say them', () => {
    const cases: [number, string][] = [
      [0, '0 s'],
      [400, '0 s'],
      [25_000, '25 s'],
      [25_499, '25 s'],
      [59_600, '1 min'],
      [125_000, '2 min 5 s'],
      [3_600_000, '1 h'],
      [3_780_000, '1 h 3 min'],
      [-5, '0 s'],
    ];
    expect(cases.map(([ms]) => formatSilence(ms))).toEqual(cases.map(([, text]) => text));
  });

  it('begins every stall item the same way', () => {
    const end = { silentForMs: 25_200, next: { kind: 'live', since: 0 } } as const;
    expect(describeStall(end, 'reconnected')).toBe('No data for 25 s; reconnected');
  });
});
