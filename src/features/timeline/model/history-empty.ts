/** How far a history read got, as far as an empty timeline's sentence needs it. */
export type HistoryReadState = 'loading' | 'done' | 'cancelled' | 'failed';

/**
 * What an ended session's timeline says while it holds no event. A read that ended with none is
 * not proof that nothing happened: a session's telemetry storage can be turned off, and its events
 * were then only on the live stream; the session record does not say which, so both are named.
 */
export function emptyHistoryText(state: HistoryReadState, window: string): string {
  if (state === 'loading') return 'Reading the session’s telemetry history…';
  if (state === 'cancelled') return 'Reading the history stopped before any event came.';
  if (state === 'failed') return 'No events could be read from the history.';
  return window === 'start'
    ? 'No events in the history: the session recorded none, or its telemetry history is off (its events were then only on the live stream).'
    : 'No events in this part of the history: the session recorded none then, or its telemetry history is off.';
}

/** The same, for the history's one-line status. */
export const EMPTY_HISTORY_STATUS =
  'History: no events (none recorded, or the session’s telemetry history is off)';
