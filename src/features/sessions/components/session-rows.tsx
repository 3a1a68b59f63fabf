import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useRowWindow } from '../../../components/ui/use-row-window';
import type { SessionInfo } from '../model/browser-session';
import { SESSION_ROW_HEIGHT, SessionRow } from './session-row';

export interface SessionRowsProps {
  sessions: readonly SessionInfo[];
  onOpen: (id: string) => void;
  /** The sessions picked for a comparison, and how to pick one; absent: no comparison offered. */
  picked?: readonly string[];
  onPick?: (id: string) => void;
}

/**
 * The listed sessions, windowed: only the rows in view (and a few either side) are in the page,
 * however many the server sent, so a long list costs what a short one does to show and to
 * re-render. Each row is a button in a list item that states its place in the whole list. Tab
 * steps through the rows (focusing one scrolls it into view, which brings the next ones in);
 * the arrow keys move between rows, Home and End go to the first and the last.
 */
export function SessionRows({ sessions, onOpen, picked, onPick }: SessionRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rows = useRowWindow({
    count: sessions.length,
    scrollRef,
    rowHeight: SESSION_ROW_HEIGHT,
    overscan: 8,
    pinnedToEnd: false,
  });
  // a row asked for by the keyboard that was not in the page yet: focused once it is rendered
  const focusWanted = useRef<number | null>(null);
  const focusRow = (index: number): boolean => {
    const button = listRef.current?.querySelector<HTMLElement>(`button[data-index="${index}"]`);
    button?.focus();
    return button !== null && button !== undefined;
  };
  useLayoutEffect(() => {
    if (focusWanted.current !== null && focusRow(focusWanted.current)) focusWanted.current = null;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    const from = Number((event.target as HTMLElement).dataset.index);
    if (!Number.isSafeInteger(from)) return;
    const last = sessions.length - 1;
    const to =
      event.key === 'ArrowDown'
        ? Math.min(last, from + 1)
        : event.key === 'ArrowUp'
          ? Math.max(0, from - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    if (focusRow(to)) return;
    // far away: scroll there; the row is focused when the window has moved to it
    focusWanted.current = to;
    const element = scrollRef.current;
    if (element)
      element.scrollTop =
        to === 0 ? 0 : rows.startOf(to) + SESSION_ROW_HEIGHT - element.clientHeight;
  };

  return (
    <div ref={scrollRef} className="-mx-3 max-h-[60vh] overflow-y-auto">
      <ul
        ref={listRef}
        aria-label="Sessions"
        className="relative"
        style={{ height: rows.totalSize }}
        onKeyDown={onKeyDown}
      >
        {rows.items.map(({ index, start }) => {
          const session = sessions[index];
          if (!session) return null;
          return (
            <li
              // sessions are keyed by place: a server may list one id twice
              key={index}
              aria-setsize={sessions.length}
              aria-posinset={index + 1}
              className="absolute inset-x-0 top-0"
              style={{ height: SESSION_ROW_HEIGHT, transform: `translateY(${start}px)` }}
            >
              <SessionRow
                session={session}
                index={index}
                onOpen={onOpen}
                picked={picked?.includes(session.id)}
                onPick={onPick}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
