import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { RowLayout, type TallRow } from '../../lib/row-layout';

export interface RowWindowItem {
  index: number;
  start: number;
}

export interface RowWindow {
  /** The rows to render: those in view plus overscan. */
  items: RowWindowItem[];
  totalSize: number;
  startOf(index: number): number;
  /** The row under offset `y` of the list. */
  indexAt(y: number): number;
  scrollToIndex(index: number, align: 'end' | 'center'): void;
  /**
   * Ref for a row that is taller than the others (an expanded row). It needs `data-key`: the
   * row's stable key, which `indexOfKey` turns back into an index.
   */
  measureTall: (element: HTMLElement | null) => (() => void) | undefined;
}

export interface RowWindowOptions {
  count: number;
  scrollRef: RefObject<HTMLElement | null>;
  rowHeight: number;
  overscan: number;
  /** The list is kept scrolled to its end (following the tail). */
  pinnedToEnd: boolean;
  /** Index of the row with this key now, or -1 when it is gone (tall rows are kept by key). */
  indexOfKey?: (key: number) => number;
  /** False: compute nothing and listen to nothing (another windowing is in use). */
  enabled?: boolean;
}

const NO_ITEMS: RowWindowItem[] = [];

/**
 * Windowing for lists whose rows share one height, except a few measured taller rows: layout is
 * arithmetic (O(rows on screen + taller rows) per render, whatever the length), nothing is measured
 * in the render path, and while pinned to the end the window is computed from the end directly,
 * so following a fast stream costs one render per update.
 */
export function useRowWindow(options: RowWindowOptions): RowWindow {
  const { count, scrollRef, rowHeight, overscan, pinnedToEnd, indexOfKey } = options;
  const enabled = options.enabled ?? true;
  const [view, setView] = useState({ top: 0, height: 0 });
  const [tallHeights, setTallHeights] = useState<ReadonlyMap<number, number>>(() => new Map());

  // While pinned the window is computed from the end, so scrolling there needs no render.
  const pinned = useRef(pinnedToEnd);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!enabled || !element) return undefined;
    const update = (): void => {
      if (pinned.current) return;
      setView((current) =>
        current.top === element.scrollTop && current.height === element.clientHeight
          ? current
          : { top: element.scrollTop, height: element.clientHeight },
      );
    };
    const resize = (): void =>
      setView((current) =>
        current.height === element.clientHeight
          ? current
          : { top: element.scrollTop, height: element.clientHeight },
      );
    pinned.current = false;
    update();
    pinned.current = pinnedToEnd;
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(resize);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
    // pinnedToEnd is read through the ref; its changes are handled below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, scrollRef]);
  // unpinned: from now on the window follows the scroll position, starting with the current one
  useLayoutEffect(() => {
    pinned.current = pinnedToEnd;
    const element = scrollRef.current;
    if (pinnedToEnd || !enabled || !element) return;
    setView({ top: element.scrollTop, height: element.clientHeight });
  }, [pinnedToEnd, enabled, scrollRef]);

  const [tallObserver] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver((entries) =>
          setTallHeights((current) => {
            let next: Map<number, number> | undefined;
            for (const entry of entries) {
              const key = Number((entry.target as HTMLElement).dataset.key);
              const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
              if (!Number.isFinite(key) || current.get(key) === height) continue;
              next ??= new Map(current);
              next.set(key, height);
            }
            return next ?? current;
          }),
        ),
  );
  useEffect(() => () => tallObserver?.disconnect(), [tallObserver]);

  const measureTall = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !tallObserver) return undefined;
      const key = Number(element.dataset.key);
      tallObserver.observe(element);
      return () => {
        tallObserver.unobserve(element);
        setTallHeights((current) => {
          if (!current.has(key)) return current;
          const next = new Map(current);
          next.delete(key);
          return next;
        });
      };
    },
    [tallObserver],
  );

  const tall: TallRow[] = [];
  if (enabled && indexOfKey) {
    for (const [key, height] of tallHeights) {
      const index = indexOfKey(key);
      if (index >= 0 && height > rowHeight) tall.push({ index, extra: height - rowHeight });
    }
    tall.sort((a, b) => a.index - b.index);
  }
  const layout = new RowLayout(enabled ? count : 0, rowHeight, tall);
  const height = view.height > 0 ? view.height : rowHeight * 40;
  // Unpinned now, the window would be computed from the scroll position last seen before pinning
  // (stale: pinned, scrolls are not tracked) until the effect below reads the new one: rows in
  // view would unmount for a render and lose their state (an expanded row). The view was at the
  // end: start from there, before this render is committed.
  const [wasPinned, setWasPinned] = useState(pinnedToEnd);
  if (wasPinned !== pinnedToEnd) {
    setWasPinned(pinnedToEnd);
    if (!pinnedToEnd && enabled)
      setView((current) => ({ ...current, top: Math.max(0, layout.totalSize - height) }));
  }
  const top = pinnedToEnd ? Math.max(0, layout.totalSize - height) : view.top;
  const { first, last } = layout.range(top, height, overscan);
  const items: RowWindowItem[] = last < first ? NO_ITEMS : [];
  for (let index = first; index <= last; index += 1)
    items.push({ index, start: layout.startOf(index) });

  return {
    items,
    totalSize: layout.totalSize,
    startOf: (index) => layout.startOf(index),
    indexAt: (y) => layout.indexAt(y),
    scrollToIndex(index, align) {
      const element = scrollRef.current;
      if (!element) return;
      const start = layout.startOf(index);
      const size = layout.sizeOf(index);
      element.scrollTop =
        align === 'end'
          ? start + size - element.clientHeight
          : // a row taller than the view shows its top
            start - Math.max(0, (element.clientHeight - size) / 2);
    },
    measureTall,
  };
}
