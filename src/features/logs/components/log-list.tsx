import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type CSSProperties,
} from 'react';
import { useStore } from 'zustand';
import {
  useFollowingList,
  type FollowChange,
  type FollowingListSource,
} from '../../../components/ui/use-following-list';
import { FollowHeldCue } from '../../../components/ui/follow-held-cue';
import { rowKeys } from '../../../components/ui/row-keys';
import { VirtualRow } from '../../../components/ui/virtual-row';
import { TEST_IDS } from '../../../config/test-ids';
import { focusIfLost } from '../../../lib/focus';
import { linearEngineStatus, subscribeLinearEngine } from '../../../lib/regex/linear-engine';
import { compileQuery } from '../model/filter';
import type { LogLine } from '../stores/log-buffer';
import type { LogTab } from '../stores/log-tab-controller';
import { resolveTimeSource, revealLine } from '../stores/log-tab-store';
import { LogRow } from './log-row';

const ROW_HEIGHT = 20;
/** Rows rendered beyond each edge of the view. */
const OVERSCAN = 4;
const LINE_NOUN = ['line', 'lines'] as const;
const NO_RANGES: ReadonlyArray<readonly [number, number]> = [];
const NONE_EXPANDED: ReadonlySet<number> = new Set();

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
  const timeChoice = useStore(store, (state) => state.timeSource);
  const search = useStore(store, (state) => state.search);
  const currentMatch = useStore(store, (state) => state.currentMatch);
  const selection = useStore(store, (state) => state.selection);
  const pausedAt = useStore(store, (state) => state.pausedAt);
  const following = useStore(store, (state) => state.following);
  const reveal = useStore(store, (state) => state.reveal);
  const flooded = useStore(store, (state) => state.flooded);
  const fastFollow = useStore(store, (state) => state.fastFollow);

  // a line's key is its seq
  const source = useMemo<FollowingListSource>(
    () => ({
      viewCount: () => buffer.viewCount,
      keyAt: (index) => buffer.viewSeq(index),
      viewIndexOf: (seq) => buffer.viewIndexOf(seq),
      nextKey: () => buffer.total,
    }),
    [buffer],
  );
  const onFollowChange = useCallback((change: FollowChange) => store.setState(change), [store]);
  // Unwrapped rows share one height (an expanded JSON row is measured): arithmetic windowing.
  // Wrapped rows have any height: every row is measured.
  const {
    scrollRef,
    onScroll,
    pointer,
    pointerHeld,
    items,
    totalSize,
    measureElement,
    measureTall,
  } = useFollowingList({
    source,
    version,
    following,
    pausedAt,
    reveal,
    onFollowChange,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    variableHeight: wrap,
  });
  // following a fast stream, each update changes nearly every row: rows are kept by their place
  // in the window and only what they show changes (row-keys.ts). Wrapped rows are measured one
  // by one, so each stays with its line.
  const fast = !wrap && following && pausedAt === null && (flooded || fastFollow);
  const rowKey = rowKeys(items[0]?.index ?? 0, fast);

  // a search pattern that waited for the regular-expression engine is compiled again once it is in
  const engine = useSyncExternalStore(subscribeLinearEngine, linearEngineStatus);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- engine: see above
  const searchQuery = useMemo(() => compileQuery(search), [search, engine]);
  const timeSource = resolveTimeSource(timeChoice, buffer.clock);
  const firstLine = buffer.line(buffer.first);
  const originMs = firstLine ? buffer.clock.lineTime(firstLine, timeSource) : 0;

  // a stream just opened from the form (which went away): the keyboard goes on from its lines
  useEffect(() => focusIfLost(scrollRef.current), [scrollRef]);

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

  // the lines shown pretty-printed, by seq
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(NONE_EXPANDED);
  const onJson = useCallback(
    (seq: number, expand: boolean) => {
      setExpanded((current) => {
        const next = new Set(current);
        if (expand) next.add(seq);
        else next.delete(seq);
        return next;
      });
      // an expanded line is being read: the list stops following and keeps it in view as it grows
      if (expand) revealLine(store, seq, buffer.total, 'keep');
    },
    [store, buffer],
  );

  const low = selection ? Math.min(selection.anchor, selection.focus) : -1;
  const high = selection ? Math.max(selection.anchor, selection.focus) : -2;

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      {...pointer}
      role="log"
      aria-live="off"
      aria-label={`Log lines of ${tab.source.target}`}
      tabIndex={0}
      data-testid={TEST_IDS.logList}
      data-version={version}
      // sized by the panel, never by its rows (as the timeline's list): on a narrow screen, where
      // the page scrolls, the list is otherwise as tall as all its lines and cannot follow
      className="relative min-h-0 flex-1 overflow-auto bg-panel contain-strict focus-visible:outline-offset-[-2px]"
    >
      <div
        style={
          {
            height: totalSize,
            position: 'relative',
            minWidth: '100%',
            // the widest line number the rows show: the seq of the newest line, plus one
            '--line-digits': String(buffer.total).length,
          } as CSSProperties
        }
      >
        {items.map((item) => {
          const line = buffer.viewLine(item.index);
          if (!line) return null;
          const ranges = searchQuery?.ok ? searchQuery.ranges(line.plain) : NO_RANGES;
          return (
            <VirtualRow key={rowKey(item.index, line.seq)} start={item.start}>
              <LogRow
                line={line}
                index={item.index}
                wrap={wrap}
                lineNumbers={lineNumbers}
                timestamps={timestamps}
                timeSource={timeSource}
                clock={buffer.clock}
                timesVersion={buffer.retimed.count}
                originMs={originMs}
                ranges={ranges}
                currentMatch={currentMatch === line.seq}
                selected={line.seq >= low && line.seq <= high}
                onSelect={onSelect}
                onCopy={onCopyLine}
                expanded={expanded.has(line.seq)}
                onJson={onJson}
                measure={measureElement}
                measureTall={measureTall}
              />
            </VirtualRow>
          );
        })}
      </div>
      <FollowHeldCue held={pointerHeld} noun={LINE_NOUN} />
    </div>
  );
}
