import { FailureDetails } from '../../../components/ui/failure-details';
import { describeFailure } from '../../../lib/http/api-error';
import { ApiRequestError } from '../../../lib/http/request';
import type { ClipboardWriteResult } from '../api/write-clipboard';
import { formatBytes, formatClockTime, utf8ByteLength } from '../model/clipboard-text';

export interface ClipboardSendStatusProps {
  /** The text being sent, while a send is in flight. */
  pendingText: string | undefined;
  result: ClipboardWriteResult | undefined;
  error: Error | null;
}

/** What became of the latest send: in flight, confirmed, or failed with everything the server said. */
export function ClipboardSendStatus({ pendingText, result, error }: ClipboardSendStatusProps) {
  const failure = error instanceof ApiRequestError ? error.failure : null;
  return (
    <>
      {/* always mounted, so screen readers announce each change */}
      <div role="status" aria-label="Send result" className="min-w-0 text-sm">
        {pendingText !== undefined && (
          <p className="text-muted">Sending {formatBytes(utf8ByteLength(pendingText))}…</p>
        )}
        {result && (
          <p className="rounded-md border border-ok/40 bg-ok-bg px-3 py-2 text-ok">
            ✓ Sent {formatBytes(utf8ByteLength(result.text))} to the session’s clipboard at{' '}
            <time dateTime={new Date(result.sentAt).toISOString()}>
              {formatClockTime(result.sentAt)}
            </time>
          </p>
        )}
      </div>
      {error && (
        <div
          role="alert"
          className="flex min-w-0 flex-col gap-2 rounded-md border border-danger/40 bg-danger-bg p-3 wrap-anywhere"
        >
          <p className="text-sm font-semibold text-danger">The text was not sent</p>
          <p className="text-sm">{failure ? describeFailure(failure) : error.message}</p>
          {failure && <FailureDetails failure={failure} />}
          <p className="text-xs text-muted">Nothing typed was lost; send again when ready.</p>
        </div>
      )}
    </>
  );
}
