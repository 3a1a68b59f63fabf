import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { Button } from '../../../components/ui/button';
import { TEST_IDS } from '../../../config/test-ids';
import { jumpToLatest } from '../stores/log-actions';
import type { LogTab } from '../stores/log-tab-controller';

/** Says plainly that the view is not following, how many lines arrived since, and how to catch up. */
export function LogPausedBar({ tab }: { tab: LogTab }) {
  const pausedAt = useStore(tab.store, (state) => state.pausedAt);
  const unfollowedAt = useStore(tab.store, (state) => state.unfollowedAt);
  const following = useStore(tab.store, (state) => state.following);
  useGlanceVersion(tab.store);
  if (following && pausedAt === null) return null;
  const since = pausedAt ?? unfollowedAt ?? tab.buffer.total;
  const fresh = Math.max(0, tab.buffer.total - since);
  return (
    <div
      data-testid={TEST_IDS.logPausedBar}
      data-new-lines={fresh}
      className="flex shrink-0 items-center justify-between gap-2 border-t border-warn/40 bg-warn-bg px-3 py-1.5 text-xs"
    >
      <span className="font-medium text-warn" aria-live="polite">
        {pausedAt !== null ? 'Paused' : 'Not following the end'}: {fresh.toLocaleString()} new{' '}
        {fresh === 1 ? 'line' : 'lines'}
      </span>
      <Button size="sm" variant="primary" onClick={() => jumpToLatest(tab)}>
        Jump to latest ↓
      </Button>
    </div>
  );
}
