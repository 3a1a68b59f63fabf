/**
 * The timeline view (features/timeline): every event of a session in order, one row each, with
 * its toolbar (search, category, level and type chips, counts, export), the paused bar, and the
 * details of the selected event (its fields, the errors at its moment, and the parts other views
 * give through the app). It reads a Timeline of the events layer (entities/session-events).
 */
import { useCallback, useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { rowKeys } from '../../../components/ui/row-keys';
import {
  useFollowingList,
  type FollowChange,
  type FollowingListSource,
} from '../../../components/ui/use-following-list';
import type { RowWindowItem } from '../../../components/ui/use-row-window';
import { FollowHeldCue } from '../../../components/ui/follow-held-cue';
import { VirtualRow } from '../../../components/ui/virtual-row';
import { TEST_IDS } from '../../../config/test-ids';
import { emptyHistoryText } from '../model/history-empty';
import {
  isLiveTimeline,
  type Timeline,
} from '../../../entities/session-events/stores/timeline-controller';
import { ROW_HEIGHT, TimelineRow } from './timeline-row';

const EVENT_NOUN = ['event', 'events'] as const;

export interface TimelineListProps {
  timeline: Timeline;
  onSelect: (index: number, open: boolean) => void;
  /** Reports the time range of the rows on screen (for the overview strip). */
  onVisibleRange: (range: { fromUs: number; toUs: number } | null) => void;
}

/**
 * The virtualized items of a timeline, newest at the bottom, in the order they arrived (an event
 * that arrived after an event of a later time says so: `late`). Follows the tail while at the
 * bottom; scrolled up or paused, it holds the item under the reader's eyes in place while items
 * arrive and old ones are evicted.
 */
export function TimelineList({ timeline, onSelect, onVisibleRange }: TimelineListProps) {
  const { store, buffer } = timeline;
  const version = useStore(store, (state) => state.version);
  const selected = useStore(store, (state) => state.selected);
  const pausedAt = useStore(store, (state) => state.pausedAt);
  const following = useStore(store, (state) => state.following);
  const reveal = useStore(store, (state) => state.reveal);
  const rekey = useStore(store, (state) => state.rekey);
  const onFillGap = useMemo(
    () => (isLiveTimeline(timeline) ? (index: number) => timeline.fillGap(index) : undefined),
    [timeline],
  );
  const flooded = useStore(store, (state) => state.flooded);
  const fastFollow = useStore(store, (state) => state.fastFollow);
  const history = useStore(store, (state) => state.history);
  const historyWindow = useStore(store, (state) => state.historyWindow);
  const orderId = useId();

  // an item's key is its index
  const source = useMemo<FollowingListSource>(
    () => ({
      viewCount: () => buffer.viewCount,
      keyAt: (position) => buffer.viewItem(position)?.index,
      viewIndexOf: (index) => buffer.viewIndexOf(index),
      nextKey: () => buffer.next,
    }),
    [buffer],
  );
  const onFollowChange = useCallback((change: FollowChange) => store.setState(change), [store]);
  const reportRange = useCallback(
    (rows: readonly RowWindowItem[]) => {
      const firstRow = rows[0];
      const lastRow = rows.at(-1);
      const first = firstRow ? buffer.viewItem(firstRow.index) : undefined;
      const last = lastRow ? buffer.viewItem(lastRow.index) : undefined;
      onVisibleRange(first && last ? { fromUs: first.tsUs, toUs: last.tsUs } : null);
    },
    [buffer, onVisibleRange],
  );

  // every row has one height: arithmetic windowing, O(rows on screen) whatever the count. Rows
  // just out of view stay in the document (find in page, keyboard), except while following a
  // fast stream or a flood, where every row changes at each update and they would only add to
  // the work of each update
  const fast = following && pausedAt === null && (flooded || fastFollow);
  const { scrollRef, onScroll, pointer, pointerHeld, count, items, totalSize } = useFollowingList({
    source,
    version,
    following,
    pausedAt,
    reveal,
    rekey,
    onFollowChange,
    onViewChange: reportRange,
    rowHeight: ROW_HEIGHT,
    overscan: fast ? 2 : 20,
  });
  const rowKey = rowKeys(items[0]?.index ?? 0, fast);

  return (
    <>
      <p id={orderId} hidden>
        In the order the events arrived: an event that arrived after an event of a later time is
        marked late. Notes about the stream (reconnected, stalled, ended) carry this page’s clock,
        events the server’s.
      </p>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        {...pointer}
        role="log"
        aria-live="off"
        aria-label="Telemetry events"
        aria-describedby={orderId}
        tabIndex={0}
        data-testid={TEST_IDS.timelineList}
        data-version={version}
        data-count={count}
        className="relative min-h-0 flex-1 overflow-auto bg-panel contain-strict focus-visible:outline-offset-[-2px]"
      >
        <div style={{ height: totalSize, position: 'relative', minWidth: '100%' }}>
          {items.map((row) => {
            const item = buffer.viewItem(row.index);
            if (!item) return null;
            return (
              <VirtualRow key={rowKey(row.index, item.index)} start={row.start}>
                <TimelineRow
                  item={item}
                  position={row.index}
                  originUs={buffer.originUs}
                  originNote={buffer.originNote}
                  selected={item.index === selected}
                  onSelect={onSelect}
                  onFillGap={onFillGap}
                  healing={item.kind === 'gap' ? item.healing : undefined}
                  lateUs={buffer.lateBy(item.index)}
                />
              </VirtualRow>
            );
          })}
        </div>
        <FollowHeldCue held={pointerHeld} noun={EVENT_NOUN} />
        {count === 0 && (
          <p className="absolute inset-x-0 top-0 p-6 text-sm text-muted">
            {buffer.size > 0
              ? 'No events match the filters.'
              : history
                ? emptyHistoryText(history.state, historyWindow)
                : 'No events yet. Events appear here as the session’s browser produces them.'}
          </p>
        )}
      </div>
    </>
  );
}
