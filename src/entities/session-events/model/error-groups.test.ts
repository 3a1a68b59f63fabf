import { describe, expect, it } from 'vitest';
import {
  ErrorGroups,
  errorGroupKey,
  errorKeyOf,
  groupsInRange,
  type ErrorGroup,
} from './error-groups';
import { eventKeys } from './event-item';
import type { EventItem } from './types';

const APP = 'https://shop.example.com/static/app.js';

function frame(url: string, lineNumber: number, columnNumber: number, functionName = 'f'): unknown {
  return { functionName, scriptId: '3', url, lineNumber, columnNumber };
}

function eventItem(
  index: number,
  type: string,
  data: Record<string, unknown> | null,
  tsUs = 1_700_000_000_000_000 + index * 1000,
): EventItem {
  const event = { ts: tsUs, type, category: 'console', source: { kind: 'cdp' }, data };
  return {
    kind: 'event',
    index,
    tsUs,
    epoch: 0,
    seq: index + 1,
    event,
    ...eventKeys(event),
    summary: '',
    error: type === 'console_error',
    level: 'error',
  };
}

function consoleError(index: number, text: string, top: unknown, tsUs?: number): EventItem {
  return eventItem(index, 'console_error', { text, stack_trace: { callFrames: [top] } }, tsUs);
}

describe('errorGroupKey', () => {
  it('is null for anything but console_error', () => {
    expect(errorGroupKey(eventItem(0, 'console_log', { text: 'x' }))).toBeNull();
    expect(errorGroupKey(eventItem(0, 'network_response', { status: 500 }))).toBeNull();
  });

  it('is the same for the same text and top frame, whatever the outer frames', () => {
    const a = eventItem(0, 'console_error', {
      text: 'Uncaught TypeError: x is not a function',
      stack_trace: { callFrames: [frame(APP, 41, 10), frame(APP, 33, 4, 'checkout')] },
    });
    const b = eventItem(1, 'console_error', {
      text: 'Uncaught TypeError: x is not a function',
      stack_trace: { callFrames: [frame(APP, 41, 10), frame(APP, 90, 1, 'other')] },
    });
    expect(errorGroupKey(a)).toBe(errorGroupKey(b));
    expect(
      errorGroupKey(consoleError(2, 'Uncaught TypeError: x is not a function', frame(APP, 41, 11))),
    ).not.toBe(errorGroupKey(a));
    expect(errorGroupKey(consoleError(3, 'other text', frame(APP, 41, 10)))).not.toBe(
      errorGroupKey(a),
    );
  });

  it('falls back to source_url/line/column, and to the text alone', () => {
    const fromSource = eventItem(0, 'console_error', {
      text: 'Uncaught SyntaxError',
      source_url: APP,
      line: 4,
      column: 2,
    });
    const fromStack = consoleError(1, 'Uncaught SyntaxError', frame(APP, 4, 2));
    expect(errorGroupKey(fromSource)).toBe(errorGroupKey(fromStack));
    expect(errorGroupKey(eventItem(2, 'console_error', { text: 'bare' }))).toBe(
      errorGroupKey(eventItem(3, 'console_error', { text: 'bare', stack_trace: 'junk' })),
    );
    expect(errorGroupKey(eventItem(4, 'console_error', null))).toBe(
      errorGroupKey(eventItem(5, 'console_error', { text: 42 })),
    );
  });

  it('cannot be confused by text that looks like a location', () => {
    const withFrame = consoleError(0, 'a', frame('u', 1, 2));
    const lookalike = eventItem(1, 'console_error', { text: 'a@u:1:2' });
    expect(errorGroupKey(withFrame)).not.toBe(errorGroupKey(lookalike));
  });
});

describe('ErrorGroups', () => {
  it('collapses identical errors, most recently seen first', () => {
    const groups = new ErrorGroups();
    groups.add(consoleError(0, 'A', frame(APP, 0, 0), 1000));
    groups.add(eventItem(1, 'console_log', { text: 'A' }));
    groups.add(consoleError(2, 'B', frame(APP, 5, 0), 2000));
    groups.add(consoleError(3, 'A', frame(APP, 0, 0), 3000));
    expect(groups.size).toBe(2);
    const [first, second] = groups.list();
    expect(first).toMatchObject({
      text: 'A',
      count: 2,
      firstTsUs: 1000,
      lastTsUs: 3000,
      occurrences: [0, 3],
    });
    expect(first?.topFrame).toMatchObject({ fileName: 'app.js', line: 1, column: 1 });
    expect(second).toMatchObject({ text: 'B', count: 1, occurrences: [2] });

    groups.add(consoleError(4, 'B', frame(APP, 5, 0), 4000));
    expect(groups.list().map((g) => g.text)).toEqual(['B', 'A']);
  });

  it('keeps a top frame from source fields, and none without a location', () => {
    const groups = new ErrorGroups();
    groups.add(eventItem(0, 'console_error', { text: 'X', source_url: APP, line: 9, column: 0 }));
    groups.add(eventItem(1, 'console_error', { text: 'Y' }));
    const [y, x] = groups.list();
    expect(y?.topFrame).toBeNull();
    expect(x?.topFrame).toMatchObject({ url: APP, line: 10, column: 1 });
  });

  it('evicts occurrences from the front and drops empty groups', () => {
    const groups = new ErrorGroups();
    const items = [
      consoleError(0, 'A', frame(APP, 0, 0), 100),
      consoleError(1, 'B', frame(APP, 1, 0), 200),
      eventItem(2, 'page_load', {}),
      consoleError(3, 'A', frame(APP, 0, 0), 300),
      consoleError(4, 'A', frame(APP, 0, 0), 400),
    ];
    items.forEach((item) => groups.add(item));
    const [i0, i1, i2] = items as [EventItem, EventItem, EventItem];

    groups.evict(i0);
    expect(groups.list().find((g) => g.text === 'A')).toMatchObject({
      count: 2,
      firstTsUs: 300,
      lastTsUs: 400,
      occurrences: [3, 4],
    });
    const before = groups.version;
    groups.evict(i1);
    expect(groups.version).toBeGreaterThan(before);
    expect(groups.list().map((g) => g.text)).toEqual(['A']);
    const unchanged = groups.version;
    groups.evict(i2);
    expect(groups.version).toBe(unchanged);
    expect(groups.size).toBe(1);
  });

  it('catches up when evictions of earlier items were skipped', () => {
    const groups = new ErrorGroups();
    for (let i = 0; i < 6; i += 1) groups.add(consoleError(i, `E${i % 2}`, frame(APP, 0, 0)));
    groups.evict(eventItem(3, 'page_load', {}));
    expect(groups.list().map((g) => g.occurrences)).toEqual([[5], [4]]);
  });

  it('bumps the version on change, ignores repeated adds, and clears', () => {
    const groups = new ErrorGroups();
    const v0 = groups.version;
    groups.add(eventItem(0, 'console_log', {}));
    expect(groups.version).toBe(v0);
    const item = consoleError(1, 'A', frame(APP, 0, 0));
    groups.add(item);
    const list = groups.list();
    expect(groups.list()).toBe(list);
    groups.add(item);
    expect(groups.list()).toBe(list);
    expect(groups.version).toBe(v0 + 1);
    groups.clear();
    expect(groups.version).toBe(v0 + 2);
    expect(groups.size).toBe(0);
    expect(groups.list()).toEqual([]);
  });

  it('keeps unchanged groups as the same objects between lists', () => {
    const groups = new ErrorGroups();
    groups.add(consoleError(0, 'A', frame(APP, 0, 0)));
    groups.add(consoleError(1, 'B', frame(APP, 1, 0)));
    const [b1, a1] = groups.list();
    groups.add(consoleError(2, 'B', frame(APP, 1, 0)));
    const [b2, a2] = groups.list();
    expect(a2).toBe(a1);
    expect(b2).not.toBe(b1);
    expect(b2?.count).toBe(2);
  });

  it('holds a 100,000-event window sliding over 300,000 events', () => {
    const groups = new ErrorGroups();
    const cap = 100_000;
    const items: EventItem[] = [];
    for (let i = 0; i < 300_000; i += 1) {
      const item =
        i % 3 === 2
          ? eventItem(i, 'console_log', { text: 'log' })
          : consoleError(i, `E${i % 7}`, frame(APP, i % 7, 0));
      groups.add(item);
      items.push(item);
      const evicted = items[i - cap];
      if (evicted) groups.evict(evicted);
    }
    const live = items.slice(-cap);
    const total = groups.list().reduce((sum, g) => sum + g.count, 0);
    expect(total).toBe(live.filter((item) => item.event.type === 'console_error').length);
    for (const group of groups.list()) {
      expect(group.occurrences[0]).toBeGreaterThanOrEqual(200_000);
      expect(group.firstTsUs).toBeLessThanOrEqual(group.lastTsUs);
    }
  });
});

describe('ErrorGroups with keys worked out where events were read', () => {
  it('groups by the item’s key and reads no event, a new group described by its key', () => {
    const groups = new ErrorGroups();
    const named = consoleError(0, 'TypeError: x', frame(APP, 1, 2, 'checkout'));
    const key = errorGroupKey(named);
    const keyed = (index: number, text = 'TypeError: x'): EventItem => {
      const item = consoleError(index, text, frame(APP, 1, 2, 'checkout'));
      // the key as the stream worker sends it
      const withKey: EventItem = { ...item, errorKey: errorKeyOf(item.event) };
      Object.defineProperty(withKey, 'event', {
        get: () => {
          throw new Error('the event of a keyed item was read');
        },
      });
      return withKey;
    };
    groups.add(keyed(0));
    groups.add(keyed(1));
    // a text that looks like a key's own parts is a text
    groups.add(keyed(2, '","@x:1:2'));
    groups.add(keyed(3));
    expect(errorGroupKey(keyed(3))).toBe(key);
    const [group, other] = groups.list();
    expect(group).toMatchObject({ count: 3, text: 'TypeError: x', occurrences: [0, 1, 3] });
    expect(group?.topFrame).toEqual({
      functionName: 'checkout',
      url: APP,
      fileName: 'app.js',
      line: 2,
      column: 3,
      dimmed: false,
    });
    expect(other).toMatchObject({ count: 1, text: '","@x:1:2', occurrences: [2] });
  });

  it('describes an error with no frame, or a key it did not make, by what the key holds', () => {
    const groups = new ErrorGroups();
    const plain: EventItem = {
      ...consoleError(0, 'Script error.', undefined),
      errorKey: undefined,
    };
    groups.add(plain);
    groups.add({ ...consoleError(1, 'lost', undefined), errorKey: 'not a key of ours' });
    expect(groups.list().map((group) => [group.text, group.topFrame])).toEqual([
      ['', null],
      ['Script error.', null],
    ]);
  });
});

describe('groupsInRange', () => {
  const group = (key: string, tsUs: number[]): ErrorGroup => ({
    key,
    text: key,
    topFrame: null,
    count: tsUs.length,
    firstTsUs: Math.min(...tsUs),
    lastTsUs: Math.max(...tsUs),
    occurrences: tsUs.map((_, at) => at),
    occurrenceTsUs: tsUs,
  });

  it('keeps only the occurrences in the range, counted again, and drops groups with none', () => {
    const groups = [group('a', [10, 20, 30, 40]), group('b', [5, 50])];
    expect(groupsInRange(groups, null)).toBe(groups);
    const within = groupsInRange(groups, { fromUs: 20, toUs: 30 });
    expect(within).toEqual([
      {
        ...group('a', [20, 30]),
        occurrences: [1, 2],
      },
    ]);
  });
});
