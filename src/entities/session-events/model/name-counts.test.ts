import { describe, expect, it } from 'vitest';
import { NameCounts, nameId } from './name-counts';

/** What a Map of counts, changed a name at a time and dropping names at zero, holds. */
function counted(changes: [string, number][]): Map<string, number> {
  const map = new Map<string, number>();
  for (const [name, by] of changes) {
    const next = (map.get(name) ?? 0) + by;
    if (next === 0) map.delete(name);
    else map.set(name, next);
  }
  return map;
}

function count(changes: [string, number][]): NameCounts {
  const counts = new NameCounts();
  for (const [name, by] of changes) {
    const id = nameId(name);
    if (id >= 0) counts.addId(id, by);
    else counts.addName(name, by);
  }
  return counts;
}

describe('NameCounts', () => {
  const long = `x${'y'.repeat(80)}`;
  const changes: [string, number][] = [
    ['network_request', 1],
    ['console_error', 1],
    ['network_request', 1],
    [long, 1],
    ['console_error', -1],
    ['page_load', 1],
    [long, 1],
    ['network_request', -1],
    ['__proto__', 1],
    ['', 1],
  ];

  it('reads as a Map of the names counted, without the names back at zero', () => {
    const counts = count(changes);
    const expected = counted(changes);
    expect(new Map(counts)).toEqual(expected);
    expect(counts.size).toBe(expected.size);
    expect(counts.get('console_error')).toBeUndefined();
    expect(counts.has('console_error')).toBe(false);
    expect(counts.get('network_request')).toBe(1);
    expect(counts.get(long)).toBe(2);
    expect(counts.get('never counted')).toBeUndefined();
    expect([...counts.keys()].sort()).toEqual([...expected.keys()].sort());
    expect([...counts.values()].sort()).toEqual([...expected.values()].sort());
    const seen: [string, number][] = [];
    counts.forEach((value, key) => seen.push([key, value]));
    expect(new Map(seen)).toEqual(expected);
  });

  it('counts a long name by the name, not by an id kept for the page’s life', () => {
    expect(nameId(long)).toBe(-1);
    expect(nameId('network_request')).toBe(nameId('network_request'));
    expect(nameId('network_request')).toBeGreaterThanOrEqual(0);
  });

  it('starts over on clear', () => {
    const counts = count(changes);
    counts.clear();
    expect(counts.size).toBe(0);
    expect([...counts]).toEqual([]);
    counts.addId(nameId('page_load'), 1);
    expect([...counts]).toEqual([['page_load', 1]]);
  });
});
