import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { useRowWindow, type RowWindowItem } from '../../../components/ui/use-row-window';
import { VirtualRow } from '../../../components/ui/virtual-row';
import { TEST_IDS } from '../../../config/test-ids';
import { focusIfLost } from '../../../lib/focus';
import { isScrolledToBottom } from '../../../lib/scroll';
import { compileQuery } from '../model/filter';
import type { LogLine } from '../stores/log-buffer';
import type { LogTab } from '../stores/log-tab-controller';
import { LogRow } from './log-row';

const ROW_HEIGHT = 20;
/** Rows rendered beyond each edge of the view. */
const OVERSCAN = 4;
const NO_RANGES: ReadonlyArray<readonly [number, number]> = [];

export interface LogListProps {
  tab: LogTab;
  onCopyLine: (line: LogLine) => void;
}

/**
 * The virtualized lines of one tab. Follows the tail while at the bottom; scrolled up, it holds
 * the line under the reader's eyes in place while lines arrive and old ones are evicted.
 */
export function LogList({ tab, onCopyLine }: LogListProps) {
  const { store, buffer } = tab;
  const version = useStore(store, (state) => state.version);
  const wrap = useStore(store, (state) => state.wrap);
  const lineNumbers = useStore(store, (state) => state.lineNumbers);
  const timestamps = useStore(store, (state) => state.timestamps);
  const search = useStore(store, (state) => state.search);
  const currentMatch = useStore(store, (state) => state.currentMatch);
  const selection = useStore(store, (state) => state.selection);
  const pausedAtTotal = useStore(store, (state) => state.pausedAtTotal);
  const following = useStore(store, (state) => state.following);
  const reveal = useStore(store, (state) => state.reveal);
  const scrollRef = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ seq: number; offset: number } | null>(null);
  const programmatic = useRef(false);

  // while explicitly paused, lines that arrived after the pause are not shown
  const count =
    pausedAtTotal === null
      ? buffer.viewCount
      : Math.min(buffer.viewCount, buffer.viewIndexOf(pausedAtTotal));
  const searchQuery = useMemo(() => compileQuery(search), [search]);
  const originMs = buffer.line(buffer.first)?.timeMs ?? 0;

  const pinnedToEnd = following && pausedAtTotal === null;
  // Unwrapped rows share one height (an expanded JSON row is measured): arithmetic windowing.
  const fixed = useRowWindow({
    count,
    scrollRef,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    pinnedToEnd,
    indexOfKey: (seq) => {
      const index = buffer.viewIndexOf(seq);
      return buffer.viewLine(index)?.seq === seq ? index : -1;
    },
    enabled: !wrap,
  });
  // Wrapped rows have any height: every row is measured.
  // the virtualizer is mutable by design; this component does not rely on automatic memoization
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: wrap ? count : 0,
    enabled: wrap,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => buffer.viewLine(index)?.seq ?? -index - 1,
  });
  const items: readonly RowWindowItem[] = wrap ? virtualizer.getVirtualItems() : fixed.items;
  const startOf = (index: number): number =>
    wrap
      ? (virtualizer.measurementsCache[index]?.start ?? index * ROW_HEIGHT)
      : fixed.startOf(index);
  const scrollToIndex = (index: number, align: 'end' | 'center'): void => {
    if (wrap) virtualizer.scrollToIndex(index, { align });
    else fixed.scrollToIndex(index, align);
  };

  // where the reader is, recorded after every scroll, restored after every update
  const rememberAnchor = (): void => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    const index = wrap
      ? virtualizer.getVirtualItems().find((item) => item.end > top)?.index
      : fixed.indexAt(top);
    const line = index === undefined ? undefined : buffer.viewLine(index);
    anchor.current =
      index !== undefined && line ? { seq: line.seq, offset: top - startOf(index) } : null;
  };
  const latest = useRef({ rememberAnchor, startOf, scrollToIndex });
  useLayoutEffect(() => {
    latest.current = { rememberAnchor, startOf, scrollToIndex };
  });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    programmatic.current = true;
    if (pinnedToEnd) {
      if (wrap) {
        latest.current.scrollToIndex(Math.max(0, count - 1), 'end');
        element.scrollTop = element.scrollHeight;
      } else {
        // the browser clamps: no layout read needed to find the end
        element.scrollTop = Number.MAX_SAFE_INTEGER;
      }
    } else if (anchor.current) {
      const index = buffer.viewIndexOf(anchor.current.seq);
      const target = latest.current.startOf(index) + anchor.current.offset;
      if (Math.abs(element.scrollTop - target) > 1) element.scrollTop = target;
    }
    requestAnimationFrame(() => {
      programmatic.current = false;
    });
  }, [version, count, pinnedToEnd, wrap, buffer]);

  useLayoutEffect(() => {
    if (!reveal) return;
    programmatic.current = true;
    latest.current.scrollToIndex(buffer.viewIndexOf(reveal.seq), 'center');
    requestAnimationFrame(() => {
      programmatic.current = false;
      latest.current.rememberAnchor();
    });
  }, [reveal, buffer]);

  // a stream just opened from the form (which went away): the keyboard goes on from its lines
  useEffect(() => focusIfLost(scrollRef.current), []);

  const onScroll = (): void => {
    const element = scrollRef.current;
    if (!element) return;
    rememberAnchor();
    if (programmatic.current) return;
    const atBottom = isScrolledToBottom(element);
    const state = store.getState();
    if (atBottom && !state.following) store.setState({ following: true, unfollowedAtTotal: null });
    else if (!atBottom && state.following)
      store.setState({ following: false, unfollowedAtTotal: buffer.total });
  };

  const onSelect = useCallback(
    (seq: number, extend: boolean) => {
      const current = store.getState().selection;
      store.setState({
        selection:
          extend && current ? { anchor: current.anchor, focus: seq } : { anchor: seq, focus: seq },
      });
    },
    [store],
  );

  const low = selection ? Math.min(selection.anchor, selection.focus) : -1;
  const high = selection ? Math.max(selection.anchor, selection.focus) : -2;

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-live="off"
      aria-label={`Log lines of ${tab.source.target}`}
      tabIndex={0}
      data-testid={TEST_IDS.logList}
      data-version={version}
      className="relative min-h-0 flex-1 overflow-auto bg-panel focus-visible:outline-offset-[-2px]"
    >
      <div
        style={{
          height: wrap ? virtualizer.getTotalSize() : fixed.totalSize,
          position: 'relative',
          minWidth: '100%',
        }}
      >
        {items.map((item) => {
          const line = buffer.viewLine(item.index);
          if (!line) return null;
          const ranges = searchQuery?.ok ? searchQuery.ranges(line.plain) : NO_RANGES;
          return (
            <VirtualRow key={line.seq} start={item.start}>
              <LogRow
                line={line}
                index={item.index}
                wrap={wrap}
                lineNumbers={lineNumbers}
                timestamps={timestamps}
                originMs={originMs}
                ranges={ranges}
                currentMatch={currentMatch === line.seq}
                selected={line.seq >= low && line.seq <= high}
                onSelect={onSelect}
                onCopy={onCopyLine}
                measure={wrap ? virtualizer.measureElement : undefined}
                measureTall={wrap ? undefined : fixed.measureTall}
              />
            </VirtualRow>
          );
        })}
      </div>
    </div>
  );
}
