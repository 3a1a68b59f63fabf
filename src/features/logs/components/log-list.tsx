import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { VirtualRow } from '../../../components/ui/virtual-row';
import { TEST_IDS } from '../../../config/test-ids';
import { focusIfLost } from '../../../lib/focus';
import { isScrolledToBottom } from '../../../lib/scroll';
import { compileQuery } from '../model/filter';
import type { LogLine } from '../stores/log-buffer';
import type { LogTab } from '../stores/log-tab-controller';
import { LogRow } from './log-row';

const ROW_HEIGHT = 20;
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

  // the virtualizer is mutable by design; this component does not rely on automatic memoization
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 30,
    getItemKey: (index) => buffer.viewLine(index)?.seq ?? -index - 1,
  });

  // where the reader is, recorded after every scroll, restored after every update
  const rememberAnchor = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const first = virtualizer.getVirtualItems().find((item) => item.end > element.scrollTop);
    const line = first ? buffer.viewLine(first.index) : undefined;
    anchor.current =
      first && line ? { seq: line.seq, offset: element.scrollTop - first.start } : null;
  }, [buffer, virtualizer]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    programmatic.current = true;
    if (following && pausedAtTotal === null) {
      virtualizer.scrollToIndex(Math.max(0, count - 1), { align: 'end' });
      element.scrollTop = element.scrollHeight;
    } else if (anchor.current) {
      const index = buffer.viewIndexOf(anchor.current.seq);
      const start = virtualizer.measurementsCache[index]?.start ?? index * ROW_HEIGHT;
      if (Math.abs(element.scrollTop - (start + anchor.current.offset)) > 1)
        element.scrollTop = start + anchor.current.offset;
    }
    requestAnimationFrame(() => {
      programmatic.current = false;
    });
  }, [version, count, following, pausedAtTotal, buffer, virtualizer]);

  useLayoutEffect(() => {
    if (!reveal) return;
    programmatic.current = true;
    virtualizer.scrollToIndex(buffer.viewIndexOf(reveal.seq), { align: 'center' });
    requestAnimationFrame(() => {
      programmatic.current = false;
      rememberAnchor();
    });
  }, [reveal, buffer, virtualizer, rememberAnchor]);

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
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = buffer.viewLine(item.index);
          if (!line) return null;
          const ranges = searchQuery?.ok ? searchQuery.ranges(line.plain) : NO_RANGES;
          return (
            <VirtualRow key={item.key} start={item.start}>
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
                measure={virtualizer.measureElement}
              />
            </VirtualRow>
          );
        })}
      </div>
    </div>
  );
}
