import { describe, expect, it } from 'vitest';
import { LineClock, type TimedLine } from './line-clock';

const HOUR = 3_600_000;
const READ = Date.parse('2026-11-23T12:00:00Z');

function line(statedMs: number, zoneless: boolean, timeMs = READ, notice = false): TimedLine {
  return { timeMs, statedMs, zoneless, inherited: false, notice };
}

/** A clock in a browser `offsetHours` east of UTC. */
const clockAt = (offsetHours: number) => new LineClock(() => offsetHours * HOUR);

describe('LineClock', () => {
  it('a line without a time takes the last stated one, marked as inherited', () => {
    const clock = clockAt(0);
    const first = line(Number.NaN, false);
    clock.observe(first);
    expect(first.inherited).toBe(false);
    expect(clock.lineTime(first, 'line')).toBe(READ);

    const stated = line(READ - 5_000, false);
    const after = line(Number.NaN, false, READ + 10);
    clock.observe(stated);
    clock.observe(after);
    expect(after).toMatchObject({ statedMs: READ - 5_000, inherited: true });
    expect(clock.lineTime(after, 'line')).toBe(READ - 5_000);
    expect(clock.lineTime(after, 'read')).toBe(READ + 10);
  });

  it('notices neither inherit nor count', () => {
    const clock = clockAt(0);
    clock.observe(line(READ - 1_000, false));
    const notice = line(Number.NaN, false, READ, true);
    clock.observe(notice);
    expect(notice.inherited).toBe(false);
    expect(clock.lineTime(notice, 'line')).toBe(READ);
    expect(clock.lines).toBe(1);
  });

  it('prefers line time when at least half the lines state one', () => {
    const clock = clockAt(0);
    expect(clock.prefersLineTime).toBe(false);
    clock.observe(line(Number.NaN, false));
    clock.observe(line(Number.NaN, false));
    clock.observe(line(READ, false));
    expect(clock.prefersLineTime).toBe(false);
    // a process's first two lines: its banner, and a supervisor note that states its time
    clock.observe(line(READ, false));
    expect(clock.prefersLineTime).toBe(true);
  });

  it('zoneless lines of a UTC writer read by a browser east of UTC stay UTC', () => {
    const clock = clockAt(2);
    // written 3 s before the read, wall clock in UTC
    const fresh = line(READ - 3_000, true);
    clock.observe(fresh);
    expect(clock.zoneOffsetMs).toBe(0);
    expect(clock.lineTime(fresh, 'line')).toBe(READ - 3_000);
  });

  it('zoneless lines of a writer in this browser’s zone are moved to UTC', () => {
    const clock = clockAt(2);
    // written 3 s before the read on a wall clock two hours ahead of UTC
    const fresh = line(READ + 2 * HOUR - 3_000, true);
    clock.observe(fresh);
    expect(clock.zoneOffsetMs).toBe(2 * HOUR);
    expect(clock.lineTime(fresh, 'line')).toBe(READ - 3_000);
  });

  it('west of UTC too, and a stale file of a UTC writer is not mistaken for local', () => {
    const local = clockAt(-5);
    local.observe(line(READ - 5 * HOUR - 2_000, true));
    expect(local.zoneOffsetMs).toBe(-5 * HOUR);

    const remote = clockAt(-5);
    // an hour-old file written in UTC: UTC puts it an hour before the read, local five after
    remote.observe(line(READ - HOUR, true));
    expect(remote.zoneOffsetMs).toBe(0);
  });

  it('a fresher line settles the zone, and every zoneless line moves with it', () => {
    const clock = clockAt(-5);
    // a six-hour-old UTC file could be local: both candidates are in the past; local is nearer
    const old = line(READ - 6 * HOUR, true);
    clock.observe(old);
    expect(clock.zoneOffsetMs).toBe(-5 * HOUR);
    // then a fresh line arrives: only UTC keeps it before its read
    clock.observe(line(READ - 1_000, true));
    expect(clock.zoneOffsetMs).toBe(0);
    expect(clock.lineTime(old, 'line')).toBe(READ - 6 * HOUR);
  });

  it('zoned lines ignore the zone choice', () => {
    const clock = clockAt(2);
    clock.observe(line(READ + 2 * HOUR - 3_000, true));
    const zoned = line(READ - 1_000, false);
    clock.observe(zoned);
    expect(clock.lineTime(zoned, 'line')).toBe(READ - 1_000);
  });
});
