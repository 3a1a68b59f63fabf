import { describe, expect, it } from 'vitest';
import { FilteredRing, KeyList, type RetainedIndex } from './filtered-ring';

/** Records every call the ring makes, and what it holds as a result. */
class Recorder implements RetainedIndex<string> {
  readonly calls: string[] = [];
  readonly held = new Map<number, string>();
  add(item: string, key: number): void {
    this.calls.push(`add ${item}@${key}`);
    this.held.set(key, item);
  }
  evict(item: string, key: number): void {
    this.calls.push(`evict ${item}@${key}`);
    expect(this.held.get(key)).toBe(item);
    this.held.delete(key);
  }
  clear(): void {
    this.calls.push('clear');
    this.held.clear();
  }
}

/** An index laid out by capacity, told to start over on resize. */
class Sized extends Recorder {
  capacity = 0;
  resize(capacity: number): void {
    this.calls.push(`resize ${capacity}`);
    this.capacity = capacity;
    this.held.clear();
  }
}

function filled(capacity: number, ...items: string[]): FilteredRing<string> {
  const ring = new FilteredRing<string>(capacity);
  for (const item of items) ring.push(item);
  return ring;
}

const view = (ring: FilteredRing<string>): string[] =>
  Array.from({ length: ring.viewCount }, (_, position) => ring.viewAt(position) ?? '?');
const matches = (ring: FilteredRing<string>): number[] =>
  Array.from({ length: ring.matchCount }, (_, position) => ring.matchKey(position) ?? -1);
/** Starts with a capital letter. */
const upper = (item: string): boolean => item.charAt(0) !== item.charAt(0).toLowerCase();

describe('FilteredRing', () => {
  it('keys items by absolute position and counts what it evicts', () => {
    const ring = filled(3, 'a', 'b', 'c', 'd', 'e');
    expect([ring.first, ring.next, ring.size, ring.capacity, ring.evicted]).toEqual([
      2, 5, 3, 3, 2,
    ]);
    expect([ring.at(1), ring.at(2), ring.at(4)]).toEqual([undefined, 'c', 'e']);
    expect(ring.push('f')).toBe(5);
    const seen: string[] = [];
    ring.forEach((item, key) => seen.push(`${item}${key}`));
    expect(seen).toEqual(['d3', 'e4', 'f5']);
  });

  it('gives every index each item once on add and once on evict, oldest first', () => {
    const index = new Recorder();
    const ring = new FilteredRing<string>(2, [index]);
    for (const item of ['a', 'b', 'c', 'd']) ring.push(item);
    expect(index.calls).toEqual([
      'add a@0',
      'add b@1',
      'evict a@0',
      'add c@2',
      'evict b@1',
      'add d@3',
    ]);
    expect([...index.held.keys()]).toEqual([2, 3]);
  });

  it('evicts on shrinking, and restarts indexes laid out by capacity', () => {
    const plain = new Recorder();
    const sized = new Sized();
    const ring = new FilteredRing<string>(5, [plain, sized]);
    for (const item of ['a', 'b', 'c', 'd']) ring.push(item);
    plain.calls.length = 0;
    sized.calls.length = 0;
    ring.resize(2);
    expect(plain.calls).toEqual(['evict a@0', 'evict b@1']);
    expect(sized.calls).toEqual(['evict a@0', 'evict b@1', 'resize 2', 'add c@2', 'add d@3']);
    expect([...plain.held.values()]).toEqual(['c', 'd']);
    expect([...sized.held.values()]).toEqual(['c', 'd']);
    expect([ring.evicted, ring.capacity]).toEqual([2, 2]);

    plain.calls.length = 0;
    ring.resize(4);
    ring.push('e');
    expect(plain.calls).toEqual(['add e@4']);
    expect(view(ring)).toEqual(['c', 'd', 'e']);
  });

  it('clears the indexes without evicting, and keys go on', () => {
    const index = new Recorder();
    const ring = new FilteredRing<string>(3, [index]);
    ring.push('a');
    ring.push('b');
    ring.setFilter(() => true);
    ring.setSearch(() => true);
    ring.clear();
    expect(index.calls.slice(-1)).toEqual(['clear']);
    expect(index.calls.some((call) => call.startsWith('evict'))).toBe(false);
    expect([ring.size, ring.viewCount, ring.matchCount, ring.evicted]).toEqual([0, 0, 0, 0]);
    expect(ring.push('c')).toBe(2);
    expect(view(ring)).toEqual(['c']);
  });

  it('gives a registered index the items already retained', () => {
    const ring = filled(2, 'a', 'b', 'c');
    const index = ring.register(new Recorder());
    expect(index.calls).toEqual(['add b@1', 'add c@2']);
    ring.push('d');
    expect(index.calls.slice(2)).toEqual(['evict b@1', 'add d@3']);
  });

  it('keeps the filtered view as items arrive and leave, and maps positions to keys', () => {
    const ring = filled(5, 'A', 'b', 'C', 'd');
    expect(ring.filtering).toBe(false);
    expect([ring.viewCount, ring.viewKey(1), ring.viewIndexOf(2)]).toEqual([4, 1, 2]);
    ring.setFilter(upper);
    expect(ring.filtering).toBe(true);
    expect(view(ring)).toEqual(['A', 'C']);
    expect([ring.viewKey(0), ring.viewKey(1), ring.viewKey(2)]).toEqual([0, 2, undefined]);
    expect([ring.shows('x'), ring.shows('X')]).toEqual([false, true]);

    ring.push('E');
    ring.push('f'); // evicts A
    expect(view(ring)).toEqual(['C', 'E']);
    // a hidden item maps to the next shown one; past the last, to the end of the view
    expect([
      ring.viewIndexOf(0),
      ring.viewIndexOf(3),
      ring.viewIndexOf(4),
      ring.viewIndexOf(5),
    ]).toEqual([0, 1, 1, 2]);
    const shown: string[] = [];
    ring.forEachShown((item, key) => shown.push(`${item}${key}`));
    expect(shown).toEqual(['C2', 'E4']);

    ring.setFilter(null);
    expect(view(ring)).toEqual(['b', 'C', 'd', 'E', 'f']);
    expect(ring.viewIndexOf(0)).toBe(0); // evicted: the first retained item
    expect(ring.viewAt(5)).toBeUndefined();
  });

  it('runs predicates after the indexes, which may complete an item', () => {
    const seen: string[] = [];
    const ring = new FilteredRing<{ text: string }>(4, [
      { add: (item) => (item.text += '!'), evict: () => undefined, clear: () => undefined },
    ]);
    ring.setFilter((item) => {
      seen.push(item.text);
      return true;
    });
    ring.push({ text: 'a' });
    expect(seen).toEqual(['a!']);
  });

  it('lists the matches of a search among the shown items, with positions', () => {
    const ring = filled(6, 'Ax', 'bx', 'Cx', 'dy', 'Ex');
    ring.setSearch((item) => item.endsWith('x'));
    expect(matches(ring)).toEqual([0, 1, 2, 4]);
    expect([ring.matchPosition(2), ring.matchPosition(3)]).toEqual([2, -1]);
    expect([ring.stepMatch(null, 1), ring.stepMatch(null, -1)]).toEqual([0, 3]);
    expect([ring.stepMatch(2, 1), ring.stepMatch(3, 1), ring.stepMatch(4, 1)]).toEqual([3, 3, 0]);
    expect([ring.stepMatch(2, -1), ring.stepMatch(0, -1)]).toEqual([1, 3]);

    ring.setFilter(upper);
    expect(matches(ring)).toEqual([0, 2, 4]);
    ring.push('Fx');
    ring.push('gx'); // hidden; evicts Ax
    expect(matches(ring)).toEqual([2, 4, 5]);
    expect(ring.matchPosition(5)).toBe(2);

    ring.setFilter(null);
    expect(matches(ring)).toEqual([1, 2, 4, 5, 6]);
    ring.resize(3);
    expect(matches(ring)).toEqual([4, 5, 6]);
    ring.setSearch(null);
    expect([ring.matchCount, ring.stepMatch(null, 1)]).toEqual([0, -1]);
  });
});

describe('KeyList', () => {
  it('lists the keys of retained items that pass its test', () => {
    const list = new KeyList<string>(upper);
    const ring = new FilteredRing<string>(3, [list]);
    for (const item of ['A', 'b', 'C', 'd']) ring.push(item);
    const keys = () => Array.from({ length: list.length }, (_, at) => list.at(at));
    expect(keys()).toEqual([2]);
    ring.push('E');
    expect(keys()).toEqual([2, 4]);
    ring.resize(1);
    expect(keys()).toEqual([4]);
    ring.clear();
    expect(list.length).toBe(0);
  });
});

describe('FilteredRing.rebuild', () => {
  class Resetting extends Recorder {
    reset(): void {
      this.calls.push('reset');
      this.held.clear();
    }
  }

  it('lays the items out again under new keys, resetting indexes that can and clearing the rest', () => {
    const resetting = new Resetting();
    const plain = new Recorder();
    const ring = new FilteredRing<string>(10, [resetting, plain]);
    for (const item of ['a', 'B', 'c']) ring.push(item);
    ring.setFilter(upper);
    resetting.calls.length = 0;
    plain.calls.length = 0;
    const keys: string[] = [];
    ring.rebuild(['Z', 'a', 'B', 'c'], (item, key) => keys.push(`${item}@${key}`));
    expect(keys).toEqual(['Z@3', 'a@4', 'B@5', 'c@6']);
    expect(resetting.calls).toEqual(['reset', 'add Z@3', 'add a@4', 'add B@5', 'add c@6']);
    expect(plain.calls[0]).toBe('clear');
    expect(ring.first).toBe(3);
    // the filter applies to what was laid out again
    expect(view(ring)).toEqual(['Z', 'B']);
    expect(ring.evicted).toBe(0);
  });

  it('evicts, as pushes do, what no longer fits', () => {
    const index = new Resetting();
    const ring = new FilteredRing<string>(3, [index]);
    for (const item of ['a', 'b', 'c']) ring.push(item);
    index.calls.length = 0;
    ring.rebuild(['x', 'y', 'a', 'b', 'c']);
    expect(index.calls).toEqual([
      'reset',
      'add x@3',
      'add y@4',
      'add a@5',
      'evict x@3',
      'add b@6',
      'evict y@4',
      'add c@7',
    ]);
    expect(view(ring)).toEqual(['a', 'b', 'c']);
  });
});
