import { describe, expect, it } from 'vitest';
import { MAX_SLOWDOWN, machineCpuTimes, YieldingPace, type CpuTimes } from './cpu-headroom.ts';

/** A machine whose cores are idle `idleShare` of the time from now on, and a clock. */
function machine() {
  const times: CpuTimes = { idle: 0, total: 0 };
  let at = 0;
  let idleShare = 1;
  return {
    read: () => ({ ...times }),
    now: () => at,
    set idle(share: number) {
      idleShare = share;
    },
    /** `ms` of wall time on two cores. */
    pass(ms: number) {
      at += ms;
      times.total += 2 * ms;
      times.idle += 2 * ms * idleShare;
    },
  };
}

describe('the pace of screenshots that gives way to a saturated machine', () => {
  it('keeps the asked pace while the machine has CPU to spare', () => {
    const box = machine();
    const pace = new YieldingPace(box.read, box.now);
    box.idle = 0.4;
    for (let step = 0; step < 20; step += 1) {
      expect(pace.intervalMs(100)).toBe(100);
      box.pass(100);
    }
  });

  it('slows while almost nothing is idle, at most four times, and comes back once some is', () => {
    const box = machine();
    const pace = new YieldingPace(box.read, box.now);
    pace.intervalMs(100);
    box.idle = 0.02;
    const seen: number[] = [];
    for (let step = 0; step < 6; step += 1) {
      box.pass(500);
      seen.push(pace.intervalMs(100));
    }
    expect(seen).toEqual([200, 400, 400, 400, 400, 400]);
    expect(MAX_SLOWDOWN).toBe(4);
    // between saturated and spare: holds
    box.idle = 0.15;
    box.pass(500);
    expect(pace.intervalMs(100)).toBe(400);
    box.idle = 0.5;
    box.pass(500);
    expect(pace.intervalMs(100)).toBe(200);
    box.pass(500);
    expect(pace.intervalMs(100)).toBe(100);
    box.pass(500);
    expect(pace.intervalMs(100)).toBe(100);
  });

  it('judges on half a second at least, not on each screenshot', () => {
    const box = machine();
    const pace = new YieldingPace(box.read, box.now);
    pace.intervalMs(100);
    box.idle = 0;
    box.pass(300);
    expect(pace.intervalMs(100)).toBe(100);
    box.pass(200);
    expect(pace.intervalMs(100)).toBe(200);
  });

  it('reads this machine’s counters', () => {
    const first = machineCpuTimes();
    expect(first.total).toBeGreaterThan(0);
    expect(first.idle).toBeGreaterThanOrEqual(0);
    expect(first.idle).toBeLessThanOrEqual(first.total);
  });
});
