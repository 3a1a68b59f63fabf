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
    clock.observe(line(READ - 9_000, false));
    const stated = line(READ - 5_000, false);
    const after = line(Number.NaN, false, READ + 10);
    expect(clock.observe(stated)).toBe(0);
    clock.observe(after);
    expect(after).toMatchObject({ statedMs: READ - 5_000, inherited: 'previous' });
    expect(clock.lineTime(after, 'line')).toBe(READ - 5_000);
    expect(clock.lineTime(after, 'read')).toBe(READ + 10);
    // the next stated time does not move it
    expect(clock.observe(line(READ - 1_000, false))).toBe(0);
    expect(after).toMatchObject({ statedMs: READ - 5_000, inherited: 'previous' });
  });

  it('the first lines, with no time before them, take the next stated one, marked as estimated', () => {
    const clock = clockAt(2);
    // a shell's message read minutes after Chromium's first lines were written
    const shell = line(Number.NaN, false);
    const blank = line(Number.NaN, false, READ + 1);
    expect(clock.observe(shell)).toBe(0);
    expect(clock.observe(blank)).toBe(0);
    // until a line states a time, the read time is all there is
    expect(shell.inherited).toBe(false);
    expect(clock.lineTime(shell, 'line')).toBe(READ);

    const chromium = line(READ - 4 * 60_000, true, READ + 2);
    expect(clock.observe(chromium)).toBe(2);
    for (const early of [shell, blank]) {
      expect(early).toMatchObject({ statedMs: READ - 4 * 60_000, zoneless: true });
      expect(early.inherited).toBe('next');
      expect(clock.lineTime(early, 'line')).toBe(clock.lineTime(chromium, 'line'));
      expect(clock.lineTime(early, 'read')).toBe(early.timeMs);
    }
    // only once: later lines inherit, and a later stated time gives nothing back
    const later = line(Number.NaN, false);
    clock.observe(later);
    expect(later.inherited).toBe('previous');
    expect(clock.observe(line(READ - 60_000, true))).toBe(0);
    expect(shell.statedMs).toBe(READ - 4 * 60_000);
  });

  it('notices wait for no time, and the waiting lines skip them', () => {
    const clock = clockAt(0);
    const first = line(Number.NaN, false);
    const notice = line(Number.NaN, false, READ, true);
    clock.observe(first);
    clock.observe(notice);
    expect(clock.observe(line(READ - 1_000, false))).toBe(1);
    expect(first.inherited).toBe('next');
    expect(notice).toMatchObject({ inherited: false, statedMs: Number.NaN });
  });

  it('a run of untimed lines longer than the cap keeps its read times', () => {
    const clock = new LineClock(() => 0, 3);
    const run = [1, 2, 3, 4].map((at) => line(Number.NaN, false, READ + at));
    for (const untimed of run) clock.observe(untimed);
    expect(clock.observe(line(READ - 1_000, false))).toBe(0);
    for (const untimed of run) {
      expect(untimed.inherited).toBe(false);
      expect(clock.lineTime(untimed, 'line')).toBe(untimed.timeMs);
    }
    // a run within the cap after a restart is estimated again
    clock.restart();
    const after = line(Number.NaN, false);
    clock.observe(after);
    expect(clock.observe(line(READ - 500, false))).toBe(1);
    expect(after.inherited).toBe('next');
  });

  it('after a restart (a reconnect) an untimed line takes the next stated time, not the last', () => {
    const clock = clockAt(0);
    clock.observe(line(READ - 60_000, false));
    clock.restart();
    const resumed = line(Number.NaN, false, READ);
    clock.observe(resumed);
    expect(resumed.inherited).toBe(false);
    expect(clock.observe(line(READ - 2_000, false))).toBe(1);
    expect(resumed).toMatchObject({ statedMs: READ - 2_000, inherited: 'next' });
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
