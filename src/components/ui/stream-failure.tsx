import type { StreamStatus } from '../../lib/sse/status';
import { FailureDetails } from './failure-details';

function advice(status: number): string {
  if (status === 401)
    return 'The server rejected the API token. Change the token: the streams reconnect with it.';
  if (status === 403)
    return 'This token may not read this session. Change the token: the streams reconnect with it.';
  if (status === 404) return 'The session does not exist, or no longer does.';
  return 'Retrying cannot fix this answer, so the stream does not retry by itself.';
}

/**
 * A stream that stopped on an answer retrying cannot fix (401, 403, 404, …): everything the server
 * said, in full (the status line next to the badge has room for one line only).
 */
export function StreamFailure({ status }: { status: StreamStatus }) {
  if (status.kind !== 'failed' || !status.failure) return null;
  return (
    <section
      aria-label="Stream error"
      className="flex flex-col gap-2 rounded-md border border-danger/40 bg-panel-2 px-3 py-2"
    >
      <p className="text-sm text-danger">
        {advice(status.failure.status)} Everything received stays here.
      </p>
      <FailureDetails failure={status.failure} />
    </section>
  );
}
