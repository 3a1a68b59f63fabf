import { memo, useCallback, useMemo } from 'react';
import { useStore } from 'zustand';
import { rowKeys } from '../../../components/ui/row-keys';
import {
  useFollowingList,
  type FollowChange,
  type FollowingListSource,
} from '../../../components/ui/use-following-list';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { FollowHeldCue } from '../../../components/ui/follow-held-cue';
import { VirtualRow } from '../../../components/ui/virtual-row';
import { TEST_IDS } from '../../../config/test-ids';
import { cn } from '../../../lib/cn';
import { revealControls } from '../../../lib/control-chars';
import { formatTimestamp } from '../../../lib/time-format';
import type { AllRow } from '../model/merged-feed';
import type { AllView } from '../stores/all-view';

const ROW_NOUN = ['row', 'rows'] as const;

export const ALL_ROW_HEIGHT = 24;

const LEVEL_TONE: Record<string, string> = {
  error: 'bg-danger-bg/60',
  warn: 'bg-warn-bg/50',
};

const AllRowView = memo(function AllRowView(props: {
  row: AllRow;
  rowKey: number;
  selected: boolean;
  onSelect: (key: number, open: boolean) => void;
}) {
  const { row, selected } = props;
  const line = revealControls(row.text);
  return (
    <div
      data-testid={TEST_IDS.allRow}
      data-source={row.source.id}
      data-kind={row.source.kind}
      data-level={row.level}
      aria-current={selected ? 'true' : undefined}
      onClick={() => props.onSelect(props.rowKey, false)}
      onDoubleClick={() => props.onSelect(props.rowKey, true)}
      className={cn(
        'flex h-6 cursor-default items-center gap-2 border-l-2 border-transparent pr-2 font-mono text-xs hover:bg-row-hover',
        LEVEL_TONE[row.level],
        selected && 'border-accent bg-row-selected hover:bg-row-selected',
      )}
    >
      <span
        className="w-24 shrink-0 pl-1 text-muted tabular-nums"
        title={Number.isFinite(row.timeMs) ? new Date(row.timeMs).toISOString() : ''}
      >
        {formatTimestamp(row.timeMs, 'local', 0)}
      </span>
      <span
        className="w-16 shrink-0 truncate sm:w-28"
        style={{ color: `var(${row.color})` }}
        title={`${row.source.label}: ${row.tag}`}
      >
        <UntrustedText text={row.tag} />
      </span>
      <span
        className={cn('min-w-0 flex-1 truncate', row.error && 'font-medium text-danger')}
        title={line}
      >
        <UntrustedText text={row.text} />
      </span>
      {row.late && (
        <span
          className="shrink-0 text-[10px] text-muted"
          title="Arrived after rows of a later time had been placed: shown where it arrived"
        >
          late
        </span>
      )}
    </div>
  );
});

/** The All view's rows: every source in time order, newest at the bottom, following like a log. */
export function AllList({ view }: { view: AllView }) {
  const { store, feed } = view;
  const { ring } = feed;
  const version = useStore(store, (state) => state.version);
  const selected = useStore(store, (state) => state.selected);
  const pausedAt = useStore(store, (state) => state.pausedAt);
  const following = useStore(store, (state) => state.following);
  const reveal = useStore(store, (state) => state.reveal);
  const source = useMemo<FollowingListSource>(
    () => ({
      viewCount: () => ring.viewCount,
      keyAt: (position) => ring.viewKey(position),
      viewIndexOf: (key) => ring.viewIndexOf(key),
      nextKey: () => ring.next,
    }),
    [ring],
  );
  const onFollowChange = useCallback((change: FollowChange) => store.setState(change), [store]);
  const onSelect = useCallback(
    (key: number, open: boolean) =>
      store.setState((state) => ({ selected: key, detailOpen: open || state.detailOpen })),
    [store],
  );
  const fast = following && pausedAt === null;
  const { scrollRef, onScroll, pointer, pointerHeld, count, items, totalSize } = useFollowingList({
    source,
    version,
    following,
    pausedAt,
    reveal,
    onFollowChange,
    rowHeight: ALL_ROW_HEIGHT,
    overscan: fast ? 2 : 20,
  });
  const rowKey = rowKeys(items[0]?.index ?? 0, fast);
  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      {...pointer}
      role="log"
      aria-live="off"
      aria-label="Events and log lines in time order"
      tabIndex={0}
      data-testid={TEST_IDS.allList}
      data-version={version}
      data-count={count}
      // every row placed so far, those the list no longer holds included
      data-received={ring.next}
      className="relative min-h-0 flex-1 overflow-auto bg-panel contain-strict focus-visible:outline-offset-[-2px]"
    >
      <div style={{ height: totalSize, position: 'relative', minWidth: '100%' }}>
        {items.map((item) => {
          const key = ring.viewKey(item.index);
          const row = key === undefined ? undefined : ring.at(key);
          if (key === undefined || !row) return null;
          return (
            <VirtualRow key={rowKey(item.index, key)} start={item.start}>
              <AllRowView row={row} rowKey={key} selected={key === selected} onSelect={onSelect} />
            </VirtualRow>
          );
        })}
      </div>
      <FollowHeldCue held={pointerHeld} noun={ROW_NOUN} />
      {count === 0 && (
        <p className="absolute inset-x-0 top-0 p-6 text-sm text-muted">
          {ring.size === 0
            ? 'Nothing yet. Events and the lines of every open log stream appear here in time order.'
            : 'Nothing matches the filters.'}
        </p>
      )}
    </div>
  );
}
