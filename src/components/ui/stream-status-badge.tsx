import { useSyncExternalStore } from 'react';
import { TEST_IDS } from '../../config/test-ids';
import { describeStatus, type StreamStatus } from '../../lib/sse/status';
import { directStreamsNote, streamTransport } from '../../lib/sse/stream-transport';
import { revealControls } from '../../lib/control-chars';
import { Badge, type Tone } from './badge';
import { Button } from './button';
import { UntrustedText } from './untrusted-text';
import { useTickingNow } from './use-ticking-now';

const TONE: Record<StreamStatus['kind'], Tone> = {
  idle: 'neutral',
  connecting: 'info',
  live: 'ok',
  stalled: 'warn',
  retrying: 'warn',
  ended: 'neutral',
  failed: 'danger',
};

const SHORT: Record<StreamStatus['kind'], string> = {
  idle: 'idle',
  connecting: 'connecting',
  live: 'live',
  stalled: 'stalled',
  retrying: 'retrying',
  ended: 'ended',
  failed: 'failed',
};

/** A stream's explicit status, with a countdown while retrying and "reconnect now". */
export function StreamStatusBadge({
  status,
  onReconnect,
}: {
  status: StreamStatus;
  /** Absent where there is nothing to connect to (a stream saved in a file). */
  onReconnect?: () => void;
}) {
  const now = useTickingNow(status.kind === 'retrying', status);
  const transport = useSyncExternalStore(streamTransport.subscribe, streamTransport.get);
  const note = status.kind === 'connecting' ? directStreamsNote(transport) : null;
  const label = note ? `${describeStatus(status, now)}: ${note}` : describeStatus(status, now);
  const canReconnect =
    onReconnect !== undefined &&
    (status.kind === 'retrying' ||
      status.kind === 'stalled' ||
      status.kind === 'failed' ||
      status.kind === 'ended');
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Badge
        tone={TONE[status.kind]}
        data-testid={TEST_IDS.streamStatus}
        data-status={status.kind}
        title={revealControls(label)}
      >
        {status.kind === 'live' && (
          <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
        )}
        {SHORT[status.kind]}
      </Badge>
      <span className="min-w-0 truncate text-xs text-muted" aria-live="polite">
        {status.kind === 'live' ? '' : <UntrustedText text={label} />}
      </span>
      {canReconnect && (
        <Button size="sm" variant="ghost" onClick={onReconnect}>
          Reconnect now
        </Button>
      )}
    </span>
  );
}
