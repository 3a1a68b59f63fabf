import { describe, expect, it } from 'vitest';
import { LogBuffer, type LogLine } from './log-buffer';

function lines(...texts: string[]): Omit<LogLine, 'seq'>[] {
  return texts.map((text) => ({
    text,
    plain: text,
    timeMs: 0,
    statedMs: Number.NaN,
    zoneless: false,
    inherited: false,
    ascii: true,
    notice: false,
    level: text.startsWith('E') ? 'error' : text.startsWith('W') ? 'warn' : null,
  }));
}

const READ = Date.parse('2026-11-23T12:00:00Z');

/** Lines read at READ, stating `stated` (NaN: no time). */
function timed(...pairs: [string, number][]): Omit<LogLine, 'seq'>[] {
  return lines(...pairs.map(([text]) => text)).map((line, at) => ({
    ...line,
    timeMs: READ,
    statedMs: (pairs[at] as [string, number])[1],
  }));
}

const texts = (buffer: LogBuffer): string[] =>
  Array.from({ length: buffer.viewCount }, (_, i) => buffer.viewLine(i)?.text ?? '?');

describe('LogBuffer', () => {
  it('counts levels over retained lines and evicted lines', () => {
    const buffer = new LogBuffer(3);
    buffer.append(lines('E1', 'W1', 'x', 'E2'));
    expect(buffer.evicted).toBe(1);
    expect(buffer.levelCounts).toMatchObject({ error: 1, warn: 1, none: 1 });
    expect(texts(buffer)).toEqual(['W1', 'x', 'E2']);
    expect(buffer.total).toBe(4);
  });

  it('keeps the filtered view up to date as lines arrive and are evicted', () => {
    const buffer = new LogBuffer(4);
    buffer.append(lines('E1', 'a', 'E2'));
    buffer.setFilter((line) => line.level === 'error');
    expect(texts(buffer)).toEqual(['E1', 'E2']);
    buffer.append(lines('b', 'E3', 'c'));
    expect(texts(buffer)).toEqual(['E2', 'E3']);
    expect(buffer.viewIndexOf(4)).toBe(1);
    buffer.setFilter(null);
    expect(texts(buffer)).toEqual(['E2', 'b', 'E3', 'c']);
  });

  it('steps through search matches within the filtered view, wrapping around', () => {
    const buffer = new LogBuffer(100);
    buffer.append(lines('E foo', 'foo', 'W foo', 'bar', 'E foo'));
    buffer.setSearch((line) => line.text.includes('foo'));
    expect(buffer.matchCount).toBe(4);
    expect(buffer.stepMatch(null, 1)).toEqual({ seq: 0, ordinal: 1 });
    expect(buffer.stepMatch(0, 1)).toEqual({ seq: 1, ordinal: 2 });
    expect(buffer.stepMatch(4, 1)).toEqual({ seq: 0, ordinal: 1 });
    expect(buffer.stepMatch(0, -1)).toEqual({ seq: 4, ordinal: 4 });
    buffer.setFilter((line) => line.level === 'error');
    expect(buffer.matchCount).toBe(2);
    expect(buffer.matchOrdinal(4)).toBe(2);
    expect(buffer.matchOrdinal(1)).toBe(0);
    buffer.append(lines('E foo again'));
    expect(buffer.matchCount).toBe(3);
  });

  it('clears and resizes without losing track of counts', () => {
    const buffer = new LogBuffer(10);
    buffer.append(lines('E1', 'E2', 'W1', 'x'));
    buffer.resize(2);
    expect(texts(buffer)).toEqual(['W1', 'x']);
    expect(buffer.evicted).toBe(2);
    expect(buffer.levelCounts.error).toBe(0);
    buffer.clear();
    expect(buffer.viewCount).toBe(0);
    buffer.append(lines('after'));
    expect(buffer.viewLine(0)?.seq).toBe(4);
  });

  it('first lines without a time take the next stated one, in the same batch or a later one', () => {
    const together = new LogBuffer(10);
    together.append(timed(['shell says hi', Number.NaN], ['[chromium] starts', READ - 60_000]));
    expect(together.line(0)).toMatchObject({ statedMs: READ - 60_000, inherited: 'next' });
    // nothing shown before was given a time
    expect(together.retimed.count).toBe(0);

    const apart = new LogBuffer(10);
    apart.append(timed(['shell says hi', Number.NaN], ['blank', Number.NaN]));
    expect(apart.clock.lineTime(apart.line(0) as LogLine, 'line')).toBe(READ);
    apart.append(timed(['[chromium] starts', READ - 60_000], ['continued', Number.NaN]));
    expect(apart.line(0)).toMatchObject({ statedMs: READ - 60_000, inherited: 'next' });
    expect(apart.line(1)).toMatchObject({ statedMs: READ - 60_000, inherited: 'next' });
    expect(apart.line(3)).toMatchObject({ statedMs: READ - 60_000, inherited: 'previous' });
    // the lines shown before are named, for what reads lines by time to place them again
    expect(apart.retimed).toEqual({ count: 1, from: 0, to: 2 });
  });

  it('a time range shows a first line by the time it takes from the next one', () => {
    // the range a minute before the read: the first line's read time is outside it
    const inRange = (buffer: LogBuffer) => (line: LogLine) => {
      const time = buffer.clock.lineTime(line, 'line');
      return time >= READ - 90_000 && time <= READ - 30_000;
    };
    const apart = new LogBuffer(10);
    apart.setFilter(inRange(apart));
    apart.append(timed(['shell says hi', Number.NaN]));
    expect(texts(apart)).toEqual([]);
    apart.append(timed(['[chromium] starts', READ - 60_000]));
    expect(texts(apart)).toEqual(['shell says hi', '[chromium] starts']);

    const together = new LogBuffer(10);
    together.setFilter(inRange(together));
    together.append(timed(['shell says hi', Number.NaN], ['[chromium] starts', READ - 60_000]));
    expect(texts(together)).toEqual(['shell says hi', '[chromium] starts']);
  });

  it('after a reconnect a line without a time waits for the next stated one', () => {
    const buffer = new LogBuffer(10);
    buffer.append(timed(['before', READ - 600_000]));
    buffer.restartTimes();
    buffer.append(timed(['  at frame 3', Number.NaN]));
    buffer.append(timed(['after', READ - 1_000]));
    expect(buffer.line(1)).toMatchObject({ statedMs: READ - 1_000, inherited: 'next' });
    expect(buffer.retimed).toEqual({ count: 1, from: 1, to: 2 });
  });

  it('cleared lines are given no time later', () => {
    const buffer = new LogBuffer(10);
    buffer.append(timed(['shell says hi', Number.NaN]));
    const cleared = buffer.line(0) as LogLine;
    buffer.clear();
    buffer.append(timed(['[chromium] starts', READ - 60_000]));
    expect(cleared.inherited).toBe(false);
    expect(buffer.retimed.count).toBe(0);
  });
});
