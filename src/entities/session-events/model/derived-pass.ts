import type { TimelineItem, TimelineSource } from './types';

/**
 * Something worked out in one pass over a timeline's retained items, made a slice at a time so
 * that a pass over a full timeline (100,000 events: tens of milliseconds while a stream pours in)
 * is not one long task: `step` visits items until `deadline` (by `now`), and says whether the pass
 * is done; `result` is what it made.
 */
export interface DerivedPass<T> {
  step(deadline: number, now?: () => number): boolean;
  result(): T;
}

/** Items visited between two looks at the clock. */
const ITEMS_PER_LOOK = 1_024;

/**
 * A pass over `source` that visits its items oldest first, a slice a step: from where the last
 * step left off, or the oldest item still retained when that one has been evicted since, up to the
 * items there were when the pass began (one that keeps arriving does not keep a pass from ending).
 */
export function sliceOver<T>(
  source: TimelineSource,
  visit: (item: TimelineItem) => void,
  result: () => T,
): DerivedPass<T> {
  const end = source.next;
  let cursor = source.first;
  return {
    step(deadline, now = () => performance.now()) {
      for (;;) {
        cursor = Math.max(cursor, source.first);
        const stop = Math.min(end, cursor + ITEMS_PER_LOOK);
        for (; cursor < stop; cursor += 1) {
          const item = source.item(cursor);
          if (item) visit(item);
        }
        if (cursor >= end) return true;
        if (now() >= deadline) return false;
      }
    },
    result,
  };
}

/** A pass made whole in its first step (what a view works out cheaply, or over few items). */
export function wholePass<T>(make: () => T): DerivedPass<T> {
  let made: { value: T } | null = null;
  return {
    step() {
      made ??= { value: make() };
      return true;
    },
    result() {
      made ??= { value: make() };
      return made.value;
    },
  };
}
