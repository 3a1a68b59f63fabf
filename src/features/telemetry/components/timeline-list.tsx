import { useCallback, useLayoutEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { rowKeys } from '../../../components/ui/row-keys';
import { useRowWindow } from '../../../components/ui/use-row-window';
import { VirtualRow } from '../../../components/ui/virtual-row';
import { TEST_IDS } from '../../../config/test-ids';
import { isScrolledToBottom } from '../../../lib/scroll';
import type { Timeline } from '../stores/timeline-controller';
import { ROW_HEIGHT, TimelineRow } from './timeline-row';

export interface TimelineListProps {
  timeline: Timeline;
  onSelect: (index: number, open: boolean) => void;
  /** Reports the time range of the rows on screen (for the overview strip). */
  onVisibleRange: (range: { fromUs: number; toUs: number } | null) => void;
}

/**
 * The virtualized items of a timeline, newest at the bottom. Follows the tail while at the bottom;
 * scrolled up or paused, it holds the item under the reader's eyes in place while items arrive and
 * old ones are evicted.
 */
export function TimelineList({ timeline, onSelect, onVisibleRange }: TimelineListProps) {
  const { store, buffer } = timeline;
  const version = useStore(store, (state) => state.version);
  const selected = useStore(store, (state) => state.selected);
  const pausedAt = useStore(store, (state) => state.pausedAt);
  const following = useStore(store, (state) => state.following);
  const reveal = useStore(store, (state) => state.reveal);
  const flooded = useStore(store, (state) => state.flooded);
  const fastFollow = useStore(store, (state) => state.fastFollow);
  const scrollRef = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ index: number; offset: number } | null>(null);
  const programmatic = useRef(false);

  const count =
    pausedAt === null ? buffer.viewCount : Math.min(buffer.viewCount, buffer.viewIndexOf(pausedAt));

  // every row has one height: arithmetic windowing, O(rows on screen) whatever the count. Rows
  // just out of view stay in the document (find in page, keyboard), except while following a
  // fast stream or a flood, where every row changes at each update and they would only add to
  // the work of each update
  const pinnedToEnd = following && pausedAt === null;
  const fast = pinnedToEnd && (flooded || fastFollow);
  const rows = useRowWindow({
    count,
    scrollRef,
    rowHeight: ROW_HEIGHT,
    overscan: fast ? 2 : 20,
    pinnedToEnd,
  });
  const rowKey = rowKeys(rows.items[0]?.index ?? 0, fast);
  const latestRows = useRef(rows);
  useLayoutEffect(() => {
    latestRows.current = rows;
  });

  const reportRange = useCallback(() => {
    const rows = latestRows.current.items;
    const firstRow = rows[0];
    const lastRow = rows.at(-1);
    const first = firstRow ? buffer.viewItem(firstRow.index) : undefined;
    const last = lastRow ? buffer.viewItem(lastRow.index) : undefined;
    onVisibleRange(first && last ? { fromUs: first.tsUs, toUs: last.tsUs } : null);
  }, [buffer, onVisibleRange]);

  const rememberAnchor = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const position = Math.floor(element.scrollTop / ROW_HEIGHT);
    const item = buffer.viewItem(position);
    anchor.current = item
      ? { index: item.index, offset: element.scrollTop - position * ROW_HEIGHT }
      : null;
  }, [buffer]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    programmatic.current = true;
    if (following && pausedAt === null) {
      element.scrollTop = element.scrollHeight;
    } else if (anchor.current) {
      const top = buffer.viewIndexOf(anchor.current.index) * ROW_HEIGHT + anchor.current.offset;
      if (Math.abs(element.scrollTop - top) > 1) element.scrollTop = top;
    }
    reportRange();
    requestAnimationFrame(() => {
      programmatic.current = false;
    });
  }, [version, count, following, pausedAt, buffer, reportRange]);

  // the list shrinks and grows with the panels around it: stay at the bottom while following
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const state = store.getState();
      if (!state.following || state.pausedAt !== null) return;
      programmatic.current = true;
      element.scrollTop = element.scrollHeight;
      requestAnimationFrame(() => {
        programmatic.current = false;
      });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [store]);

  useLayoutEffect(() => {
    if (!reveal) return;
    programmatic.current = true;
    latestRows.current.scrollToIndex(buffer.viewIndexOf(reveal.index), 'center');
    requestAnimationFrame(() => {
      programmatic.current = false;
      rememberAnchor();
      reportRange();
    });
  }, [reveal, buffer, rememberAnchor, reportRange]);

  const onScroll = (): void => {
    const element = scrollRef.current;
    if (!element) return;
    rememberAnchor();
    reportRange();
    if (programmatic.current) return;
    const atBottom = isScrolledToBottom(element);
    const state = store.getState();
    if (atBottom && !state.following) store.setState({ following: true, unfollowedAt: null });
    else if (!atBottom && state.following)
      store.setState({ following: false, unfollowedAt: buffer.next });
  };

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-live="off"
      aria-label="Telemetry events"
      tabIndex={0}
      data-testid={TEST_IDS.timelineList}
      data-version={version}
      data-count={count}
      className="relative min-h-0 flex-1 overflow-auto bg-panel contain-strict focus-visible:outline-offset-[-2px]"
    >
      <div style={{ height: rows.totalSize, position: 'relative', minWidth: '100%' }}>
        {rows.items.map((row) => {
          const item = buffer.viewItem(row.index);
          if (!item) return null;
          return (
            <VirtualRow key={rowKey(row.index, item.index)} start={row.start}>
              <TimelineRow
                item={item}
                position={row.index}
                originUs={buffer.originUs}
                selected={item.index === selected}
                onSelect={onSelect}
              />
            </VirtualRow>
          );
        })}
      </div>
      {count === 0 && (
        <p className="absolute inset-x-0 top-0 p-6 text-sm text-muted">
          {buffer.size === 0
            ? 'No events yet. Events appear here as the session’s browser produces them.'
            : 'No events match the filters.'}
        </p>
      )}
    </div>
  );
}
