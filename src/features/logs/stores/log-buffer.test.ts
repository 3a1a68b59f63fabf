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
});
