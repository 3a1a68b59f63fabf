import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { useTickingNow } from '../../../components/ui/use-ticking-now';
import { describeFailure, type ApiFailure } from '../../../lib/http/api-error';
import { secondsUntil } from '../../../lib/sse/status';

export interface ServerUnreachableProps {
  /** When the session's record is read again (epoch ms). */
  retryAt: number;
  /** The last answer, if there was one (a 503, a network error…). */
  failure: ApiFailure | null;
  onRetry: () => void;
}

/**
 * The one message while the server (or the upstream behind it) does not answer: the view keeps
 * everything and asks again by itself, with a countdown and a way to ask now.
 */
export function ServerUnreachable({ retryAt, failure, onRetry }: ServerUnreachableProps) {
  const now = useTickingNow(true, retryAt);
  return (
    <section
      aria-label="Server not answering"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-warn/40 bg-panel px-4 py-3"
    >
      <p className="text-sm">
        {/* said once; the countdown beside it is not */}
        <span role="alert">The server is not answering</span>; retrying in{' '}
        {secondsUntil(retryAt, now)} s.
      </p>
      <Button size="sm" onClick={onRetry}>
        Retry now
      </Button>
      <p className="basis-full text-xs text-muted">
        Everything on screen stays, and the streams reconnect when it answers again.
        {failure && (
          <>
            {' '}
            Last answer: <UntrustedText text={describeFailure(failure)} />
          </>
        )}
      </p>
    </section>
  );
}
