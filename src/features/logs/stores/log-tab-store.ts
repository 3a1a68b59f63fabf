import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RevealRequest } from '../../../components/ui/use-following-list';
import type { FollowPace } from '../../../lib/follow-pace';
import type { StreamStatus } from '../../../lib/sse/status';
import type { TextQuery } from '../model/filter';
import type { TimestampMode } from '../../../lib/time-format';
import type { LineClock, TimeSource } from '../model/line-clock';
import type { LevelKey } from './log-buffer';

export const EMPTY_QUERY: TextQuery = { text: '', regex: false, caseSensitive: false };

/** The view state and stream state of one log tab. Lines themselves live in its LogBuffer. */
export interface LogTabState extends FollowPace {
  status: StreamStatus;
  search: TextQuery;
  searchError: string | null;
  /** The search match the user stepped to (a line seq). */
  currentMatch: number | null;
  include: TextQuery;
  exclude: TextQuery;
  filterError: string | null;
  hiddenLevels: LevelKey[];
  /** Only lines of this span (Unix ms, both ends included): the session's time range. */
  range: { fromMs: number; toMs: number } | null;
  wrap: boolean;
  timestamps: TimestampMode;
  /** Which time the time column shows: the line's own, when it was read, or `auto` (line-clock.ts). */
  timeSource: 'auto' | TimeSource;
  lineNumbers: boolean;
  /** Selected lines, as an inclusive range of seqs. */
  selection: { anchor: number; focus: number } | null;
  /** Explicit pause: the view stops moving; `pausedAt` is the line count when it paused. */
  pausedAt: number | null;
  /** Following the tail because the view is at the bottom. */
  following: boolean;
  /** Line count when following stopped (scrolled up), to count new lines since. */
  unfollowedAt: number | null;
  /**
   * A request to bring a line into view (search step, deep link): `key` is its seq; the nonce
   * makes repeats count.
   */
  reveal: RevealRequest | null;
}

export type LogTabStore = StoreApi<LogTabState>;

export function createLogTabStore(initial: Partial<LogTabState> = {}): LogTabStore {
  return createStore<LogTabState>()(() => ({
    status: { kind: 'idle' },
    version: 0,
    flooded: false,
    fastFollow: false,
    search: EMPTY_QUERY,
    searchError: null,
    currentMatch: null,
    include: EMPTY_QUERY,
    exclude: EMPTY_QUERY,
    filterError: null,
    hiddenLevels: [],
    range: null,
    wrap: false,
    timestamps: 'local',
    timeSource: 'auto',
    lineNumbers: true,
    selection: null,
    pausedAt: null,
    following: true,
    unfollowedAt: null,
    reveal: null,
    ...initial,
  }));
}

/**
 * Brings a line into view, leaving follow mode so it stays there: to the middle of the view, or
 * (`keep`, a line the reader expanded) where it is, scrolled only as far as needed to show all of it.
 */
export function revealLine(
  store: LogTabStore,
  seq: number,
  total: number,
  align: 'center' | 'keep' = 'center',
): void {
  store.setState((state) => ({
    reveal: { key: seq, nonce: (state.reveal?.nonce ?? 0) + 1, align },
    following: false,
    unfollowedAt: state.unfollowedAt ?? total,
  }));
}

/** The time the column shows: the reader's choice, or line time when most lines state one. */
export function resolveTimeSource(choice: LogTabState['timeSource'], clock: LineClock): TimeSource {
  if (choice !== 'auto') return choice;
  return clock.prefersLineTime ? 'line' : 'read';
}
