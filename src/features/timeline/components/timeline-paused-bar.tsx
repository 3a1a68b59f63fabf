import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { TEST_IDS } from '../../../config/test-ids';
import { jumpToLatest } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

/** Says that the list is not following, how many items arrived since, and how to catch up. */
export function TimelinePausedBar({ timeline }: { timeline: Timeline }) {
  const pausedAt = useStore(timeline.store, (state) => state.pausedAt);
  const unfollowedAt = useStore(timeline.store, (state) => state.unfollowedAt);
  const following = useStore(timeline.store, (state) => state.following);
  // the count of new items is read whenever the store changes; hidden, it reads nothing
  const hidden = timeline.origin.kind !== 'live' || (following && pausedAt === null);
  const next = useStore(timeline.store, () => (hidden ? 0 : timeline.buffer.next));
  if (hidden) return null;
  const since = pausedAt ?? unfollowedAt ?? next;
  const fresh = Math.max(0, next - since);
  return (
    <div
      data-testid={TEST_IDS.timelinePausedBar}
      className="flex shrink-0 items-center justify-between gap-2 border-t border-warn/40 bg-warn-bg px-3 py-1.5 text-xs"
    >
      <span className="font-medium text-warn">
        {pausedAt !== null ? 'Paused' : 'Not following (scrolled up)'}:{' '}
        {fresh.toLocaleString('en-US')} new {fresh === 1 ? 'item' : 'items'}
      </span>
      <Button size="sm" variant="primary" onClick={() => jumpToLatest(timeline)}>
        Jump to latest ↓
      </Button>
    </div>
  );
}
