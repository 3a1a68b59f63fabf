import { Button } from '../../../components/ui/button';
import { FailureDetails } from '../../../components/ui/failure-details';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { ApiRequestError } from '../../../lib/http/request';
import { ServerUnreachable } from './server-unreachable';
import { TokenPrompt } from './token-prompt';

export interface SessionProblemProps {
  sessionId: string;
  error: unknown;
  onRetry: () => void;
  onLeave: () => void;
  /**
   * Set while the server does not answer (no answer, 5xx) and the session's record is read again
   * by itself at this time: said calmly, with a countdown, instead of as a failure.
   */
  retryAt?: number | null;
  /** The same token was accepted before (the view opened with it): a refusal now means it changed. */
  tokenWasAccepted?: boolean;
}

/** Why a session could not be opened: token rejected, no such session, or anything else. */
export function SessionProblem({
  sessionId,
  error,
  onRetry,
  onLeave,
  retryAt = null,
  tokenWasAccepted = false,
}: SessionProblemProps) {
  const failure = error instanceof ApiRequestError ? error.failure : null;
  if (retryAt !== null)
    return <ServerUnreachable retryAt={retryAt} failure={failure} onRetry={onRetry} />;
  if (failure && (failure.status === 401 || failure.status === 403)) {
    const session = (
      <span className="font-mono text-fg wrap-anywhere">
        <UntrustedText text={sessionId} />
      </span>
    );
    return (
      <TokenPrompt
        title={
          tokenWasAccepted
            ? 'Token no longer accepted'
            : failure.status === 401
              ? 'Token rejected'
              : 'Token not allowed for this session'
        }
        submitLabel="Retry with this token"
      >
        <p className="text-sm text-muted">
          {tokenWasAccepted ? (
            <>
              The server no longer accepts the API token it accepted for session {session}: the
              token changed (a server restarted with a new one, or the token was revoked). Enter the
              current one; the streams reconnect with it and nothing on screen is lost.
            </>
          ) : (
            <>
              The server refused the API token for session {session}. Enter another one; nothing on
              screen is lost.
            </>
          )}
        </p>
        <FailureDetails failure={failure} />
      </TokenPrompt>
    );
  }
  const notFound = failure?.status === 404;
  return (
    <section
      role="alert"
      className="flex flex-col gap-4 rounded-lg border border-danger/40 bg-panel p-5"
    >
      <h2 className="text-base font-semibold text-danger">
        {notFound ? 'No such session' : 'The session could not be opened'}
      </h2>
      <p className="text-sm text-muted">
        {notFound ? (
          <>
            There is no browser session{' '}
            <span className="font-mono text-fg wrap-anywhere">
              <UntrustedText text={sessionId} />
            </span>{' '}
            on this API, or it has ended.
          </>
        ) : (
          'The request for this session failed.'
        )}
      </p>
      {failure ? (
        <FailureDetails failure={failure} />
      ) : (
        <p className="text-sm">
          <UntrustedText text={error instanceof Error ? error.message : String(error)} />
        </p>
      )}
      <div className="flex gap-2">
        {!notFound && <Button onClick={onRetry}>Try again</Button>}
        <Button onClick={onLeave} variant={notFound ? 'primary' : 'ghost'}>
          Open another session
        </Button>
      </div>
    </section>
  );
}
