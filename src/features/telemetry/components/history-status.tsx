import { useStore } from 'zustand';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { HistoryTimeline } from '../stores/timeline-controller';

/** An ended session's history being read: how far, and a way to stop or go on. */
export function HistoryStatus({ timeline }: { timeline: HistoryTimeline }) {
  const history = useStore(timeline.store, (state) => state.history);
  const status = useStore(timeline.store, (state) => state.status);
  const loaded = (history?.loaded ?? 0).toLocaleString('en-US');
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs" data-testid="history-status">
      <Badge tone="neutral" title={status.kind === 'ended' ? status.reason : undefined}>
        ended
      </Badge>
      <span role="status" className="text-muted">
        {history?.state === 'loading'
          ? `Reading history: ${loaded} events…`
          : history?.state === 'done'
            ? `History: ${loaded} events`
            : history?.state === 'cancelled'
              ? `History stopped at ${loaded} events`
              : history?.state === 'failed'
                ? `History stopped at ${loaded} events: `
                : null}
        {history?.state === 'failed' && history.error && (
          <span className="text-danger">
            <UntrustedText text={history.error} />
          </span>
        )}
      </span>
      {history?.state === 'loading' && (
        <Button size="sm" onClick={() => timeline.cancel()}>
          Stop
        </Button>
      )}
      {(history?.state === 'cancelled' || history?.state === 'failed') && (
        <Button size="sm" onClick={() => timeline.load()}>
          {history.state === 'failed' ? 'Try again' : 'Read the rest'}
        </Button>
      )}
    </span>
  );
}
