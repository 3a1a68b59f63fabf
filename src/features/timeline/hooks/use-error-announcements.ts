import { useEffect } from 'react';
import { forgetNew, reportNew } from '../../../components/ui/live-announcer';
import { LIMITS } from '../../../config/limits';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

const describe = (count: number): string =>
  `${count.toLocaleString('en-US')} new ${count === 1 ? 'error' : 'errors'} in the timeline`;

/**
 * Counts the errors (console errors, failed requests, crashes…) that arrive in a live timeline
 * and reports them to the live announcer, which says them in coalesced summaries. What the list
 * already held, and events older than when watching began (the replay of history), are not news;
 * nothing is reported while the timeline is paused.
 */
export function watchTimelineErrors(
  timeline: Timeline,
  nowUs: number = Date.now() * 1000,
): () => void {
  if (timeline.origin.kind !== 'live') return () => undefined;
  const { buffer, store } = timeline;
  const key = `timeline:${timeline.origin.sessionId}`;
  const sinceUs = nowUs - LIMITS.announceHistoryMs * 1000;
  let next = buffer.next;
  const check = (): void => {
    const paused = store.getState().pausedAt !== null;
    let count = 0;
    if (!paused) {
      for (let index = Math.max(next, buffer.first); index < buffer.next; index += 1) {
        const item = buffer.item(index);
        if (item?.kind === 'event' && item.error && item.tsUs >= sinceUs) count += 1;
      }
    }
    next = buffer.next;
    if (paused) forgetNew(key);
    else reportNew(key, count, describe);
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.version !== previous.version || state.pausedAt !== previous.pausedAt) check();
  });
  return (): void => {
    unsubscribe();
    forgetNew(key);
  };
}

/** Announces new errors of a session's live timeline while the session is shown. */
export function useTimelineErrorAnnouncements(timeline: Timeline | undefined): void {
  useEffect(() => (timeline ? watchTimelineErrors(timeline) : undefined), [timeline]);
}
