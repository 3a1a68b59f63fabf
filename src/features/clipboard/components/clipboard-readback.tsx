import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { FailureDetails } from '../../../components/ui/failure-details';
import { describeFailure } from '../../../lib/http/api-error';
import { ApiRequestError, type ApiConnection } from '../../../lib/http/request';
import { isClipboardReadUnsupported, readClipboardMutation } from '../api/read-clipboard';
import { useClipboardSends } from '../stores/clipboard-history';
import { ClipboardReadbackResult } from './clipboard-readback-result';

export interface ClipboardReadbackProps {
  connection: ApiConnection;
  sessionId: string;
  /** The text that last reached the clipboard from this page; `null` when there is none. */
  expected: string | null;
}

/** "Read back": reads the session's clipboard on demand and compares it with the last send. */
export function ClipboardReadback({ connection, sessionId, expected }: ClipboardReadbackProps) {
  const headingId = useId();
  const read = useMutation(readClipboardMutation(connection, sessionId));
  const listed = useClipboardSends(sessionId);
  const unsupported = read.isError && isClipboardReadUnsupported(read.error);
  const failure = read.error instanceof ApiRequestError ? read.error.failure : null;

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          Session clipboard
        </h3>
        <Button size="sm" onClick={() => read.mutate()} disabled={read.isPending}>
          {read.isPending ? 'Reading…' : 'Read back'}
        </Button>
      </div>
      <div role="status" aria-label="Read-back result" className="min-w-0 text-sm">
        {read.isSuccess && (
          <ClipboardReadbackResult result={read.data} expected={expected} listed={listed} />
        )}
        {unsupported && (
          <p className="text-muted">
            This server does not offer clipboard read
            {failure && ` (it answered ${failure.status} ${failure.statusText})`}.
          </p>
        )}
      </div>
      {read.isError && !unsupported && (
        <div
          role="alert"
          className="flex min-w-0 flex-col gap-2 rounded-md border border-danger/40 bg-danger-bg p-3 wrap-anywhere"
        >
          <p className="text-sm font-semibold text-danger">The clipboard could not be read</p>
          <p className="text-sm">{failure ? describeFailure(failure) : read.error.message}</p>
          {failure && <FailureDetails failure={failure} />}
        </div>
      )}
    </section>
  );
}
