import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { isScrolledToBottom } from '../../lib/scroll';
import { useRowWindow, type RowWindowItem } from './use-row-window';

/**
 * The items a following list shows, seen through their keys: a key is the item's absolute
 * position in its stream (monotonic, never reused), so it stays the same while items before it are
 * evicted or hidden by a filter.
 */
export interface FollowingListSource {
  /** Items shown now (all retained ones, or those passing the filter). */
  viewCount(): number;
  /** Key of the shown item at `viewIndex`, or undefined past the end. */
  keyAt(viewIndex: number): number | undefined;
  /** View index of the first shown item whose key is at least `key`. */
  viewIndexOf(key: number): number;
  /** The key the next item to arrive will get: every key below it has arrived. */
  nextKey(): number;
}

/** A request to bring the item with `key` into view; a new nonce makes a repeat count. */
export interface RevealRequest {
  key: number;
  nonce: number;
  /**
   * `center` (the default): the item goes to the middle of the view (a search step, a link).
   * `keep`: the item stays where it is on screen, and while it grows (a row the reader expanded)
   * the view scrolls just enough to show all of it, its top first, until the reader scrolls.
   */
  align?: 'center' | 'keep';
}

/** What changes when the reader scrolls to the end (following) or away from it. */
export interface FollowChange {
  following: boolean;
  /** `nextKey` when following stopped (to count what arrived since); null while following. */
  unfollowedAt: number | null;
}

export interface FollowingListOptions {
  /** Stable per list: a new source is a new list (the view is pinned or re-anchored at once). */
  source: FollowingListSource;
  /** Changes whenever the source changed. */
  version: number;
  /** The view follows the newest items while the reader is at the end. */
  following: boolean;
  /** Explicit pause: the `nextKey` when it paused; items from there on are not shown. */
  pausedAt: number | null;
  reveal: RevealRequest | null;
  /**
   * The source was laid out again and its keys changed (history put in place): `translate` gives
   * an old key's new one; a new nonce is a new change. The item under the reader's eyes stays.
   */
  rekey?: { nonce: number; translate: (key: number) => number } | null;
  /** The reader scrolled to the end or away from it. */
  onFollowChange: (change: FollowChange) => void;
  /** Called with the rendered rows after every update, scroll and reveal. */
  onViewChange?: (items: readonly RowWindowItem[]) => void;
  /** Height of a row (the estimate, with `variableHeight`). */
  rowHeight: number;
  /** Rows rendered beyond each edge of the view. */
  overscan: number;
  /**
   * Rows have any height and every row is measured (`measureElement` on each row). Otherwise rows
   * share `rowHeight` and only a few taller ones are measured (`measureTall`, with `data-key`):
   * layout is arithmetic.
   */
  variableHeight?: boolean;
}

export interface FollowingList {
  /** Ref of the scrolling element. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The scrolling element's scroll handler. */
  onScroll: () => void;
  /** The scrolling element's pointer handlers (spread on it): a moving pointer holds the list. */
  pointer: {
    onPointerMove: (event: ReactPointerEvent) => void;
    onPointerDown: (event: ReactPointerEvent) => void;
    onPointerLeave: () => void;
  };
  /**
   * While following, a mouse or pen moving over the list holds it where it is, until it has been
   * still for `POINTER_HOLD_MS` or leaves, so that the row being aimed at does not move away just
   * before the click: the items shown once it lets go that it does not show now (those a filter
   * passes among the items that arrived since), or null when not held.
   */
  pointerHeld: number | null;
  /** Items shown: while paused, those that had arrived when it paused. */
  count: number;
  /** The rows to render (index is the view index), those in view plus overscan. */
  items: readonly RowWindowItem[];
  /** Height of the content. */
  totalSize: number;
  /** Ref for every row (`variableHeight` only). */
  measureElement: ((element: HTMLElement | null) => void) | undefined;
  /** Ref for a row taller than `rowHeight`, which needs `data-key` (without `variableHeight`). */
  measureTall: ((element: HTMLElement | null) => (() => void) | undefined) | undefined;
}

/** How long a list stays held after the pointer over it last moved or was pressed. */
export const POINTER_HOLD_MS = 1000;

interface Anchor {
  key: number;
  /** Pixels from the top of the item to the top of the view. */
  offset: number;
}

/**
 * A virtualized list of a live stream, newest at the bottom. Pinned to the end, it follows new
 * items, also when its element is resized; scrolled away from the end or paused, it holds the item
 * under the reader's eyes in place while items arrive and old ones are evicted. Scrolls it makes
 * itself never count as the reader's.
 */
export function useFollowingList(options: FollowingListOptions): FollowingList {
  const { source, version, following, pausedAt, reveal, rowHeight, overscan } = options;
  const variableHeight = options.variableHeight ?? false;
  const scrollRef = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor | null>(null);
  // true from a scroll of ours until the next frame: the scroll events it causes are not the reader's
  const programmatic = useRef(false);
  // the following state as last known here: the store's, or what the last scroll reported
  const followingNow = useRef(following);
  const rekeyed = useRef(options.rekey?.nonce ?? 0);
  // scrollTop at the last scroll event: which way a scroll went
  const lastTop = useRef(0);
  // the key of an item kept whole in view (`align: 'keep'`) until the reader scrolls
  const held = useRef<number | null>(null);

  // the `nextKey` when a pointer began moving over the list while it followed; null when not held
  // (a hold ends when the list stops following or is paused)
  const [heldAt, setHeldAt] = useState<number | null>(null);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (heldAt !== null && (!following || pausedAt !== null)) setHeldAt(null);
  const shownUpTo = pausedAt ?? (following ? heldAt : null);

  const viewCount = source.viewCount();
  const count = shownUpTo === null ? viewCount : Math.min(viewCount, source.viewIndexOf(shownUpTo));
  const pinnedToEnd = following && shownUpTo === null;

  const fixed = useRowWindow({
    count,
    scrollRef,
    rowHeight,
    overscan,
    pinnedToEnd,
    indexOfKey: (key) => {
      const index = source.viewIndexOf(key);
      return source.keyAt(index) === key ? index : -1;
    },
    enabled: !variableHeight,
  });
  // the virtualizer is mutable by design; this hook does not rely on automatic memoization
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: variableHeight ? count : 0,
    enabled: variableHeight,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: (index) => source.keyAt(index) ?? -index - 1,
  });
  const items: readonly RowWindowItem[] = variableHeight
    ? virtualizer.getVirtualItems()
    : fixed.items;

  const startOf = (index: number): number =>
    variableHeight
      ? (virtualizer.measurementsCache[index]?.start ?? index * rowHeight)
      : fixed.startOf(index);
  const endOf = (index: number): number =>
    variableHeight
      ? (virtualizer.measurementsCache[index]?.end ?? (index + 1) * rowHeight)
      : fixed.startOf(index + 1);
  const scrollToIndex = (index: number, align: 'end' | 'center'): void => {
    if (variableHeight) virtualizer.scrollToIndex(index, { align });
    else fixed.scrollToIndex(index, align);
  };
  const pinToEnd = (element: HTMLElement): void => {
    if (variableHeight) {
      virtualizer.scrollToIndex(Math.max(0, count - 1), { align: 'end' });
      element.scrollTop = element.scrollHeight;
    } else {
      // the browser clamps: no layout read needed to find the end
      element.scrollTop = Number.MAX_SAFE_INTEGER;
    }
  };
  // where the reader is, recorded after every scroll, restored after every update
  const rememberAnchor = (): void => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    const index = variableHeight
      ? virtualizer.getVirtualItems().find((item) => item.end > top)?.index
      : fixed.indexAt(top);
    const key = index === undefined ? undefined : source.keyAt(index);
    anchor.current =
      index === undefined || key === undefined ? null : { key, offset: top - startOf(index) };
  };
  // the held item whole in view if it fits, else its top at the top of the view; the anchor is
  // the held item where it ends up
  const keepHeld = (element: HTMLElement): void => {
    const key = held.current;
    if (key === null) return;
    const index = source.viewIndexOf(key);
    if (source.keyAt(index) !== key) {
      held.current = null;
      return;
    }
    const start = startOf(index);
    const end = endOf(index);
    let top = element.scrollTop;
    if (end - top > element.clientHeight) top = Math.min(start, end - element.clientHeight);
    if (start < top) top = start;
    if (Math.abs(element.scrollTop - top) > 1) element.scrollTop = top;
    anchor.current = { key, offset: top - start };
  };

  const current = {
    options,
    pinnedToEnd,
    items,
    startOf,
    scrollToIndex,
    pinToEnd,
    rememberAnchor,
    keepHeld,
  };
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
    followingNow.current = options.following;
  });

  const totalSize = variableHeight ? virtualizer.getTotalSize() : fixed.totalSize;

  // after every update, and when a row changed height: pinned, show the end (a row that grew
  // near it would otherwise push the end below the view and leave a blank band above the rows);
  // otherwise, put the anchor back where it was, and keep a held item whole in view
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const current = latest.current;
    const rekey = current.options.rekey;
    if (rekey && rekey.nonce !== rekeyed.current) {
      rekeyed.current = rekey.nonce;
      if (anchor.current) anchor.current.key = rekey.translate(anchor.current.key);
    }
    programmatic.current = true;
    if (pinnedToEnd) {
      held.current = null;
      current.pinToEnd(element);
    } else if (anchor.current) {
      const target =
        current.startOf(source.viewIndexOf(anchor.current.key)) + anchor.current.offset;
      if (Math.abs(element.scrollTop - target) > 1) element.scrollTop = target;
    }
    if (!pinnedToEnd) current.keepHeld(element);
    current.options.onViewChange?.(current.items);
    requestAnimationFrame(() => {
      programmatic.current = false;
    });
  }, [version, count, pinnedToEnd, variableHeight, source, totalSize]);

  // the list shrinks and grows with the panels around it: stay at the end while following
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const current = latest.current;
      if (!followingNow.current || !current.pinnedToEnd) return;
      programmatic.current = true;
      current.pinToEnd(element);
      requestAnimationFrame(() => {
        programmatic.current = false;
      });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    if (!reveal) return;
    const element = scrollRef.current;
    programmatic.current = true;
    if (reveal.align === 'keep' && element) {
      held.current = reveal.key;
      anchor.current = null;
      latest.current.keepHeld(element);
    } else {
      held.current = null;
      latest.current.scrollToIndex(source.viewIndexOf(reveal.key), 'center');
    }
    requestAnimationFrame(() => {
      programmatic.current = false;
      const current = latest.current;
      // a held item is the anchor already
      if (held.current === null) current.rememberAnchor();
      current.options.onViewChange?.(current.items);
    });
  }, [reveal, source]);

  const onScroll = (): void => {
    const element = scrollRef.current;
    if (!element) return;
    rememberAnchor();
    options.onViewChange?.(items);
    const atBottom = isScrolledToBottom(element);
    const top = element.scrollTop;
    const movedUp = top < lastTop.current - 1;
    lastTop.current = top;
    // our own scrolls are ignored, but pinned to the end we only ever scroll down (content that
    // grew since leaves the view above the end, not higher up): a scroll up, even in the frame of
    // one of ours, is the reader's (else the window would stay computed from the end while the
    // reader looks at the top, and the list would look empty)
    // (held under the pointer counts: there too our scrolls keep the end of what is shown in view)
    const pinnedNow = followingNow.current && latest.current.options.pausedAt === null;
    if (programmatic.current && !(pinnedNow && movedUp && !atBottom)) return;
    held.current = null;
    if (atBottom === followingNow.current) return;
    followingNow.current = atBottom;
    options.onFollowChange(
      atBottom
        ? { following: true, unfollowedAt: null }
        : { following: false, unfollowedAt: source.nextKey() },
    );
  };

  // a pointer that moves (a list appearing under one at rest does not) or is pressed holds the
  // list, and the hold lasts while it keeps moving; a touch scrolls instead, and holds nothing
  const holdForPointer = (event: ReactPointerEvent): void => {
    if (event.pointerType === 'touch' || !following || pausedAt !== null) return;
    clearTimeout(holdTimer.current);
    holdTimer.current = setTimeout(() => setHeldAt(null), POINTER_HOLD_MS);
    if (heldAt !== null) return;
    rememberAnchor();
    setHeldAt(source.nextKey());
  };
  const onPointerMove = (event: ReactPointerEvent): void => {
    if (event.movementX !== 0 || event.movementY !== 0) holdForPointer(event);
  };
  const onPointerLeave = (): void => {
    clearTimeout(holdTimer.current);
    setHeldAt(null);
  };
  useLayoutEffect(() => () => clearTimeout(holdTimer.current), []);

  return {
    scrollRef,
    onScroll,
    pointer: { onPointerMove, onPointerDown: holdForPointer, onPointerLeave },
    // the items that will show when the hold ends: those the filter passes, not all that arrived
    pointerHeld: heldAt === null ? null : Math.max(0, viewCount - count),
    count,
    items,
    totalSize,
    measureElement: variableHeight ? virtualizer.measureElement : undefined,
    measureTall: variableHeight ? undefined : fixed.measureTall,
  };
}
