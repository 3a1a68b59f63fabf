import type { StreamFailureNote } from '../components/ui/stream-failure';
import { LIMITS } from '../config/limits';
import type { SessionLookup } from '../features/sessions/model/session-lookup';
import { backoffDelay, resolveBackoffOptions } from '../lib/backoff';
import type { ApiFailure } from '../lib/http/api-error';
import { ApiRequestError } from '../lib/http/request';
import type { StreamStatus } from '../lib/sse/status';

/*
 * A session's stream that stops on 401, 403 or 404 does not decide by itself that the session
 * ended or the token changed: a server shutting down, or restarted, answers so too. The session
 * view reads the session's record again and goes by what it says.
 */

/** Statuses of a stream that are about the session (gone?) or the token, not the stream. */
const ABOUT_THE_SESSION = new Set([401, 403, 404]);

/** Whether a stream's status calls for reading the session's record again. */
export function asksAboutSession(status: StreamStatus): boolean {
  return status.kind === 'failed' && ABOUT_THE_SESSION.has(status.failure?.status ?? -1);
}

/** What the session's record, read again, says. */
export type RecordAnswer =
  /** It ended (its record has a deletion time): the view shows it ended. */
  | { kind: 'ended'; endedAt: string }
  /** It runs: a stream's failure is its own. */
  | { kind: 'running' }
  /** No answer, or one that says to ask later (5xx, 408, 429): ask again, with backoff. */
  | { kind: 'unreachable'; failure: ApiFailure | null }
  /** The token was refused: the view's token message says so. */
  | { kind: 'refused' }
  /** Anything else (no such session, no session details on this server…): it stands. */
  | { kind: 'other' };

/** Reads a record read's outcome: its error if it failed (the last good data may remain), else its data. */
export function judgeRecord(outcome: {
  error: unknown;
  data: SessionLookup | undefined;
}): RecordAnswer {
  const { error, data } = outcome;
  if (error) {
    if (!(error instanceof ApiRequestError)) return { kind: 'other' };
    const { status } = error.failure;
    if (status === 401 || status === 403) return { kind: 'refused' };
    if (status === 0 || status >= 500 || status === 408 || status === 429)
      return { kind: 'unreachable', failure: error.failure };
    return { kind: 'other' };
  }
  if (data?.kind !== 'found') return { kind: 'other' };
  return data.info.deletedAt
    ? { kind: 'ended', endedAt: data.info.deletedAt }
    : { kind: 'running' };
}

/**
 * Where a check is: none under way (`idle`), the record being read, the server not answering
 * (read again at `retryAt`), or the record read and the session running.
 */
export interface SessionCheckState {
  phase: 'idle' | 'checking' | 'unreachable' | 'running';
  retryAt: number | null;
}

export const IDLE_CHECK: SessionCheckState = { phase: 'idle', retryAt: null };

/** What a check works with (the view's current ones: see SessionCheck.use). */
export interface SessionCheckLinks {
  /** Reads the session's record (again) and says what it says. */
  read: () => Promise<RecordAnswer>;
  /** The server answers again after it did not: streams stopped meanwhile reconnect. */
  reconnect: () => void;
}

export interface SessionCheckOptions extends Partial<SessionCheckLinks> {
  onChange: (state: SessionCheckState) => void;
  random?: () => number;
  now?: () => number;
}

export interface SessionCheck {
  readonly state: SessionCheckState;
  /** Works with these from now on (the view's newest record read and streams). */
  use(links: SessionCheckLinks): void;
  /** A stream stopped on an answer about the session: read the record (unless reading already). */
  streamFailed(): void;
  /** Reads the record now (the person asked), whatever is scheduled. */
  retry(): void;
  /** Stops a scheduled read and ignores one under way; a later call starts afresh. */
  cancel(): void;
}

const BACKOFF = resolveBackoffOptions({
  initialMs: LIMITS.backoffInitialMs,
  maxMs: LIMITS.backoffMaxMs,
  // half of each delay is fixed: a server that does not answer is never asked again at once
  jitter: 'equal',
});

/** Reads the session's record after a stream's 401/403/404, and again with backoff while the server does not answer. */
export function createSessionCheck(options: SessionCheckOptions): SessionCheck {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let state = IDLE_CHECK;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by cancel(): a read of an older generation is ignored. */
  let generation = 0;
  let reading = false;
  let links: SessionCheckLinks = {
    read: options.read ?? (() => Promise.resolve({ kind: 'other' })),
    reconnect: options.reconnect ?? (() => undefined),
  };

  const set = (next: SessionCheckState): void => {
    state = next;
    options.onChange(next);
  };

  const run = async (): Promise<void> => {
    if (reading) return;
    clearTimeout(timer);
    timer = undefined;
    reading = true;
    const current = generation;
    // while the server does not answer, its message (and countdown) stays until it does
    if (state.phase !== 'unreachable') set({ phase: 'checking', retryAt: null });
    let answer: RecordAnswer;
    try {
      answer = await links.read();
    } catch {
      answer = { kind: 'other' };
    } finally {
      if (current === generation) reading = false;
    }
    if (current !== generation) return;
    if (answer.kind === 'unreachable') {
      const serverSaid = Math.min(answer.failure?.retryAfterMs ?? 0, LIMITS.backoffMaxMs);
      const delay = Math.max(backoffDelay(failures, BACKOFF, random), serverSaid);
      failures += 1;
      timer = setTimeout(() => void run(), delay);
      set({ phase: 'unreachable', retryAt: now() + delay });
      return;
    }
    const wasUnreachable = failures > 0;
    failures = 0;
    set({ phase: answer.kind === 'running' ? 'running' : 'idle', retryAt: null });
    if (answer.kind === 'running' && wasUnreachable) links.reconnect();
  };

  return {
    get state() {
      return state;
    },
    use(next) {
      links = next;
    },
    streamFailed() {
      // while the server does not answer, the scheduled read is the next question
      if (state.phase !== 'unreachable') void run();
    },
    retry: () => void run(),
    cancel() {
      generation += 1;
      reading = false;
      clearTimeout(timer);
      timer = undefined;
      failures = 0;
      if (state !== IDLE_CHECK) set(IDLE_CHECK);
    },
  };
}

/**
 * What a stream's failure box says in a session view, from the check and whether a message
 * about the session's record (token refused, no such session, server not answering) is shown
 * above the view.
 */
export function sessionFailureNote(
  check: SessionCheckState,
  recordProblemShown: boolean,
): StreamFailureNote {
  return (failure) => {
    if (!ABOUT_THE_SESSION.has(failure.status)) return undefined;
    if (check.phase === 'checking')
      return {
        kind: 'note',
        text: 'The stream stopped; checking whether the session is still there…',
      };
    // the message above the view says it, once
    if (recordProblemShown || check.phase === 'unreachable') return { kind: 'hidden' };
    if (check.phase === 'running' && failure.status === 404)
      return {
        kind: 'advice',
        text: 'The session is still running, but the server answered 404 for this stream.',
      };
    return undefined;
  };
}
