import type { StackCallFrame } from '../../../types/api';
import { readTopFrame, toFrameView, type FrameView } from './stack-trace';
import type { EventItem, TelemetryEvent } from './types';
import { isRecord } from '../../../lib/is-record';

/**
 * Grouping of console errors: errors with the same text thrown at the same place (innermost frame)
 * collapse into one group that counts them and lists where each occurrence sits in the timeline.
 * Kept incrementally (add on append, evict on eviction, both in index order) so that it stays cheap
 * at the telemetry cap of 100,000 events.
 */

export interface ErrorGroup {
  key: string;
  text: string;
  topFrame: FrameView | null;
  count: number;
  firstTsUs: number;
  lastTsUs: number;
  /** Timeline indexes of the occurrences, ascending. */
  occurrences: number[];
  /** ts (µs) of each occurrence, parallel to `occurrences`. */
  occurrenceTsUs: number[];
}

/** The type of the events grouped here; no other is. */
export const CONSOLE_ERROR = 'console_error';

interface Located {
  text: string;
  frame: StackCallFrame | null;
}

function sourcePosition(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : -1;
}

/**
 * Text and top frame of a console error: the first call frame of `stack_trace`, else the
 * `source_url`/`line`/`column` of an uncaught exception (zero-based like CDP's exceptionDetails).
 */
function locate(event: TelemetryEvent): Located | null {
  if (event.type !== CONSOLE_ERROR) return null;
  const data = event.data;
  if (!isRecord(data)) return { text: '', frame: null };
  const text = typeof data.text === 'string' ? data.text : '';
  let frame = readTopFrame(data.stack_trace);
  if (!frame && typeof data.source_url === 'string') {
    frame = {
      functionName: '',
      scriptId: '',
      url: data.source_url,
      lineNumber: sourcePosition(data.line),
      columnNumber: sourcePosition(data.column),
    };
  }
  return { text, frame };
}

/**
 * An error's key as the stream worker works it out: what groups it (its text and the place of its
 * top frame, as JSON), then a line end and the frame's function name, so that a new group is
 * described from its key (`locatedOf`) and no event is read for it. An error whose text is new
 * each time (an id or a time in it) makes every error a new group, and parsing each was a fifth of
 * the page's work at 40,000 events a second. JSON holds no line end of its own.
 */
function keyOf({ text, frame }: Located): string {
  if (!frame) return JSON.stringify([text]);
  return `${JSON.stringify([text, frame.url, frame.lineNumber, frame.columnNumber])}\n${frame.functionName}`;
}

/** What groups an error: its key up to the function name. */
function groupOf(key: string): string {
  const cut = key.indexOf('\n');
  return cut < 0 ? key : key.slice(0, cut);
}

const position = (value: unknown): number => (typeof value === 'number' ? value : -1);

/** The text and top frame a key of `keyOf` holds. */
function locatedOf(key: string): Located {
  const cut = key.indexOf('\n');
  let parts: unknown;
  try {
    parts = JSON.parse(cut < 0 ? key : key.slice(0, cut));
  } catch {
    return { text: '', frame: null };
  }
  if (!Array.isArray(parts)) return { text: '', frame: null };
  const [text, url, lineNumber, columnNumber] = parts as unknown[];
  return {
    text: typeof text === 'string' ? text : '',
    frame:
      cut >= 0 && typeof url === 'string'
        ? {
            functionName: key.slice(cut + 1),
            scriptId: '',
            url,
            lineNumber: position(lineNumber),
            columnNumber: position(columnNumber),
          }
        : null,
  };
}

/** The key of a `console_error` event (`keyOf`), else null. */
export function errorKeyOf(event: TelemetryEvent): string | null {
  const located = locate(event);
  return located ? keyOf(located) : null;
}

/** An event item's key (`keyOf`): the one worked out in the stream worker, if it was. */
function describedKey(item: EventItem): string | null {
  if (item.type !== CONSOLE_ERROR) return null;
  return item.errorKey !== undefined ? item.errorKey : errorKeyOf(item.event);
}

/** The group of an event item: its text and the place of its top frame. */
export function errorGroupKey(item: EventItem): string | null {
  const described = describedKey(item);
  return described === null ? null : groupOf(described);
}

/** A first-in first-out queue that drops from the front in O(1) amortised. */
class Fifo<T> {
  private values: (T | undefined)[] = [];
  private head = 0;

  get size(): number {
    return this.values.length - this.head;
  }
  push(value: T): void {
    this.values.push(value);
  }
  first(): T | undefined {
    return this.values[this.head];
  }
  last(): T | undefined {
    return this.size > 0 ? this.values[this.values.length - 1] : undefined;
  }
  shift(): T | undefined {
    const value = this.values[this.head];
    this.values[this.head] = undefined;
    this.head += 1;
    if (this.head >= 1024 && this.head * 2 >= this.values.length) {
      this.values = this.values.slice(this.head);
      this.head = 0;
    }
    return value;
  }
  toArray(): T[] {
    return this.values.slice(this.head) as T[];
  }
}

interface GroupState {
  key: string;
  text: string;
  topFrame: FrameView | null;
  indexes: Fifo<number>;
  times: Fifo<number>;
  /** What list() last returned for this group; null after a change. */
  snapshot: ErrorGroup | null;
}

export class ErrorGroups {
  /** Insertion order is least recently seen first: a group is re-inserted when it occurs again. */
  private groups = new Map<string, GroupState>();
  /** Every occurrence in index order with its group, so eviction needs no key. */
  private order = new Fifo<number>();
  private orderGroups = new Fifo<GroupState>();
  private lastAdded = Number.NEGATIVE_INFINITY;
  private listed: ErrorGroup[] | null = null;
  private changes = 0;

  /** Bumped on every change. */
  get version(): number {
    return this.changes;
  }

  /** Number of groups. */
  get size(): number {
    return this.groups.size;
  }

  /** Call in index order for every appended event item; other types are ignored. */
  add(item: EventItem): void {
    if (item.index <= this.lastAdded) return;
    const described = describedKey(item);
    if (described === null) return;
    const key = groupOf(described);
    this.lastAdded = item.index;
    let group = this.groups.get(key);
    if (group) {
      this.groups.delete(key);
    } else {
      const located = locatedOf(described);
      group = {
        key,
        text: located.text,
        topFrame: located.frame ? toFrameView(located.frame) : null,
        indexes: new Fifo(),
        times: new Fifo(),
        snapshot: null,
      };
    }
    this.groups.set(key, group);
    group.indexes.push(item.index);
    group.times.push(item.tsUs);
    group.snapshot = null;
    this.order.push(item.index);
    this.orderGroups.push(group);
    this.changed();
  }

  /** Call in index order for evicted items; drops occurrences up to and including its index. */
  evict(item: EventItem): void {
    let dropped = false;
    for (let front = this.order.first(); front !== undefined && front <= item.index;) {
      this.order.shift();
      const group = this.orderGroups.shift();
      if (group) {
        group.indexes.shift();
        group.times.shift();
        group.snapshot = null;
        if (group.indexes.size === 0) this.groups.delete(group.key);
      }
      dropped = true;
      front = this.order.first();
    }
    if (dropped) this.changed();
  }

  clear(): void {
    this.groups.clear();
    this.order = new Fifo();
    this.orderGroups = new Fifo();
    this.lastAdded = Number.NEGATIVE_INFINITY;
    this.changed();
  }

  /** The groups, most recently seen first. The same array is returned until the next change. */
  list(): ErrorGroup[] {
    if (this.listed) return this.listed;
    const list: ErrorGroup[] = [];
    for (const group of this.groups.values()) {
      if (!group.snapshot) {
        group.snapshot = {
          key: group.key,
          text: group.text,
          topFrame: group.topFrame,
          count: group.indexes.size,
          firstTsUs: group.times.first() ?? Number.NaN,
          lastTsUs: group.times.last() ?? Number.NaN,
          occurrences: group.indexes.toArray(),
          occurrenceTsUs: group.times.toArray(),
        };
      }
      list.push(group.snapshot);
    }
    list.reverse();
    this.listed = list;
    return list;
  }

  private changed(): void {
    this.changes += 1;
    this.listed = null;
  }
}

/**
 * The groups as they are within a time range (both ends included): only their occurrences in it,
 * counted again; groups with none are left out. Without a range, the groups as they are.
 */
export function groupsInRange(
  groups: ErrorGroup[],
  range: { fromUs: number; toUs: number } | null,
): ErrorGroup[] {
  if (!range) return groups;
  const kept: ErrorGroup[] = [];
  for (const group of groups) {
    const occurrences: number[] = [];
    const occurrenceTsUs: number[] = [];
    group.occurrenceTsUs.forEach((tsUs, at) => {
      if (tsUs < range.fromUs || tsUs > range.toUs) return;
      occurrences.push(group.occurrences[at] as number);
      occurrenceTsUs.push(tsUs);
    });
    if (occurrences.length === 0) continue;
    kept.push({
      ...group,
      count: occurrences.length,
      firstTsUs: Math.min(...occurrenceTsUs),
      lastTsUs: Math.max(...occurrenceTsUs),
      occurrences,
      occurrenceTsUs,
    });
  }
  return kept;
}
