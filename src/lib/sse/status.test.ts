import { describe, expect, it } from 'vitest';
import { describeStatus, secondsUntil } from './status';

describe('describeStatus', () => {
  const now = 1_000_000;
  it.each([
    [{ kind: 'idle' } as const, 'Not connected'],
    [{ kind: 'connecting', attempt: 0 } as const, 'Connecting…'],
    [{ kind: 'connecting', attempt: 3 } as const, 'Reconnecting (attempt 3)…'],
    [{ kind: 'live', since: now - 5 } as const, 'Live'],
    [{ kind: 'stalled', silentForMs: 31_200 } as const, 'Stalled: no data for 31 s'],
    [
      {
        kind: 'retrying',
        attempt: 2,
        retryAt: now + 3_200,
        reason: '503 Service Unavailable',
        since: now - 100,
      } as const,
      'Retrying in 4 s: 503 Service Unavailable',
    ],
    [
      // a clock read before the retry was decided does not lengthen the countdown
      {
        kind: 'retrying',
        attempt: 1,
        retryAt: now + 500,
        reason: 'network error',
        since: now,
      } as const,
      'Retrying in 1 s: network error',
    ],
    [
      { kind: 'ended', reason: 'the server closed the stream' } as const,
      'Ended: the server closed the stream',
    ],
    [{ kind: 'failed', reason: '401 Unauthorized' } as const, 'Failed: 401 Unauthorized'],
  ])('labels %o', (status, label) => {
    expect(describeStatus(status, now)).toBe(label);
  });

  it('counts a retry down from when it was decided, even with an older clock', () => {
    const retrying = {
      kind: 'retrying',
      attempt: 1,
      retryAt: now + 500,
      reason: 'network error',
      since: now,
    } as const;
    expect(describeStatus(retrying, now - 60_000)).toBe('Retrying in 1 s: network error');
    expect(describeStatus(retrying, now + 400)).toBe('Retrying in 1 s: network error');
  });
});

describe('secondsUntil', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsUntil(10_001, 0)).toBe(11);
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(0, 5_000)).toBe(0);
  });
});
