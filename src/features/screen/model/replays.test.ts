import { describe, expect, it } from 'vitest';
import { decodeReplayList, decodeStartedReplay, formatClock, replayAt } from './replays';

describe('the recordings list', () => {
  it('reads each entry on its own, oldest first, leaving out (and counting) what it cannot read', () => {
    const list = decodeReplayList([
      { replay_id: 'b', started_at: '2026-11-25T10:05:00Z', finished_at: null },
      { replay_id: 'a', started_at: '2026-11-25T10:00:00Z', finished_at: '2026-11-25T10:01:00Z' },
      { started_at: '2026-11-25T10:02:00Z' },
      'junk',
      { replay_id: 'c', started_at: 'not a time' },
    ]);
    expect(list.replays.map((replay) => replay.id)).toEqual(['c', 'a', 'b']);
    expect(list.unreadable).toBe(2);
    expect(list.replays[1]).toEqual({
      id: 'a',
      startedAtMs: Date.parse('2026-11-25T10:00:00Z'),
      finishedAtMs: Date.parse('2026-11-25T10:01:00Z'),
    });
    expect(list.replays[0]?.startedAtMs).toBeNull();
  });

  it('refuses an answer that is not an array, and a start without an id', () => {
    expect(() => decodeReplayList({ replays: [] })).toThrow('not a JSON array');
    expect(() => decodeStartedReplay({ started_at: 'x' })).toThrow('no replay_id');
  });

  it('finds the finished recording that covers a moment, the newest first', () => {
    const { replays } = decodeReplayList([
      { replay_id: 'old', started_at: '2026-11-25T10:00:00Z', finished_at: '2026-11-25T10:10:00Z' },
      { replay_id: 'new', started_at: '2026-11-25T10:05:00Z', finished_at: '2026-11-25T10:06:00Z' },
      { replay_id: 'live', started_at: '2026-11-25T10:07:00Z', finished_at: null },
    ]);
    const us = (iso: string) => Date.parse(iso) * 1000;
    expect(replayAt(replays, us('2026-11-25T10:05:30Z'))?.id).toBe('new');
    expect(replayAt(replays, us('2026-11-25T10:08:00Z'))?.id).toBe('old');
    expect(replayAt(replays, us('2026-11-25T10:11:00Z'))).toBeUndefined();
  });

  it('says durations as a clock', () => {
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3723)).toBe('1:02:03');
  });
});
