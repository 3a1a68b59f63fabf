import { createContext, use } from 'react';
import type { ApiFailure } from '../../lib/http/api-error';
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
 * What the view around a stream made of a failure the stream cannot judge alone (a session view
 * reads the session's record after a 401, 403 or 404): a calm line instead of the box while it
 * finds out (`note`), the box with other advice (`advice`), or nothing, because a message above
 * the view says it once (`hidden`). `undefined`: the stream's own advice.
 */
export type StreamFailureView =
  { kind: 'note'; text: string } | { kind: 'advice'; text: string } | { kind: 'hidden' };

export type StreamFailureNote = (failure: ApiFailure) => StreamFailureView | undefined;

export const StreamFailureNoteContext = createContext<StreamFailureNote | null>(null);

/**
 * A stream that stopped on an answer retrying cannot fix (401, 403, 404, …): everything the server
 * said, in full (the status line next to the badge has room for one line only).
 */
export function StreamFailure({ status }: { status: StreamStatus }) {
  const noteFor = use(StreamFailureNoteContext);
  if (status.kind !== 'failed' || !status.failure) return null;
  const view = noteFor?.(status.failure);
  if (view?.kind === 'hidden') return null;
  if (view?.kind === 'note')
    return (
      <p role="note" aria-label="Stream stopped" className="text-sm text-muted">
        {view.text}
      </p>
    );
  return (
    <section
      aria-label="Stream error"
      className="flex flex-col gap-2 rounded-md border border-danger/40 bg-panel-2 px-3 py-2"
    >
      <p className="text-sm text-danger">
        {view?.kind === 'advice' ? view.text : advice(status.failure.status)} Everything received
        stays here.
      </p>
      <FailureDetails failure={status.failure} />
    </section>
  );
}
