import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BACKOFF,
  backoffCeiling,
  backoffDelay,
  resolveBackoffOptions,
  type BackoffOptions,
} from './backoff';

const base: BackoffOptions = { initialMs: 500, factor: 2, maxMs: 30_000, jitter: 'full' };
const fixed = (value: number) => (): number => value;

describe('resolveBackoffOptions', () => {
  it('uses 500 ms, x2, 30 s and full jitter by default', () => {
    expect(resolveBackoffOptions()).toEqual({
      initialMs: 500,
      factor: 2,
      maxMs: 30_000,
      jitter: 'full',
    });
    expect(DEFAULT_BACKOFF.jitter).toBe('full');
  });

  it('keeps valid overrides and replaces nonsense with defaults', () => {
    expect(resolveBackoffOptions({ initialMs: 100, maxMs: 1000, jitter: 'equal' })).toEqual({
      initialMs: 100,
      factor: 2,
      maxMs: 1000,
      jitter: 'equal',
    });
    const sanitised = resolveBackoffOptions({ initialMs: -1, factor: 0.5, maxMs: Number.NaN });
    expect(sanitised).toEqual({ initialMs: 500, factor: 2, maxMs: 30_000, jitter: 'full' });
    expect(resolveBackoffOptions({ initialMs: 5000, maxMs: 10 }).maxMs).toBe(5000);
  });
});

describe('backoffCeiling', () => {
  it('grows exponentially from attempt 0 and stops at the cap', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => backoffCeiling(n, base));
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('survives huge, negative and fractional attempts', () => {
    expect(backoffCeiling(10_000, base)).toBe(30_000);
    expect(backoffCeiling(-3, base)).toBe(500);
    expect(backoffCeiling(Number.NaN, base)).toBe(500);
    expect(backoffCeiling(1.9, base)).toBe(1000);
  });
});

describe('backoffDelay', () => {
  it('full jitter spans [0, ceiling]', () => {
    expect(backoffDelay(3, base, fixed(0))).toBe(0);
    expect(backoffDelay(3, base, fixed(0.5))).toBe(2000);
    expect(backoffDelay(3, base, fixed(0.999_999))).toBe(4000);
    expect(backoffDelay(50, base, fixed(0.999_999))).toBe(30_000);
  });

  it('equal jitter never goes below half the ceiling', () => {
    const equal = { ...base, jitter: 'equal' as const };
    expect(backoffDelay(2, equal, fixed(0))).toBe(1000);
    expect(backoffDelay(2, equal, fixed(0.999_999))).toBe(2000);
  });

  it('decorrelated jitter stays within [initial, min(max, 3 * previous)]', () => {
    const decorrelated = { ...base, jitter: 'decorrelated' as const };
    expect(backoffDelay(0, decorrelated, fixed(0))).toBe(500);
    expect(backoffDelay(0, decorrelated, fixed(0.999_999))).toBe(1500);
    expect(backoffDelay(5, decorrelated, fixed(0.999_999), 4000)).toBe(12_000);
    expect(backoffDelay(5, decorrelated, fixed(0.999_999), 20_000)).toBe(30_000);
    expect(backoffDelay(5, decorrelated, fixed(0), 20_000)).toBe(500);
  });

  it('no jitter returns the ceiling', () => {
    expect(backoffDelay(4, { ...base, jitter: 'none' }, fixed(0.3))).toBe(8000);
  });

  it('clamps a misbehaving random source', () => {
    expect(backoffDelay(1, base, fixed(7))).toBe(1000);
    expect(backoffDelay(1, base, fixed(-2))).toBe(0);
    expect(backoffDelay(1, base, fixed(Number.NaN))).toBe(0);
  });

  it('depends on the random source, so two clients do not retry in lock-step', () => {
    const clientA = [0, 1, 2, 3].map((n) => backoffDelay(n, base, fixed(0.21)));
    const clientB = [0, 1, 2, 3].map((n) => backoffDelay(n, base, fixed(0.83)));
    expect(clientA).toEqual([105, 210, 420, 840]);
    expect(clientB).toEqual([415, 830, 1660, 3320]);
  });
});
