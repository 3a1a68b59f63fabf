/** The work did not finish within its time; thrown by withDeadline. */
export class DeadlineExceeded extends Error {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'DeadlineExceeded';
    this.timeoutMs = timeoutMs;
  }
}

/** The rejection for a caller's own abort: the signal's reason when it is an AbortError. */
function abortErrorOf(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === 'AbortError') return reason;
  return new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Runs `work` with a signal that aborts when the caller's signal does or when `timeoutMs` has
 * passed, whichever comes first. The result settles at that moment even if `work` ignores its
 * signal (a fetch stub, a body that never ends): a caller's abort rejects with an AbortError,
 * the deadline with DeadlineExceeded. The timer and the listener go away once it settled.
 */
export function withDeadline<T>(
  timeoutMs: number,
  callerSignal: AbortSignal | null | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    if (callerSignal?.aborted) {
      reject(abortErrorOf(callerSignal));
      return;
    }
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      return true;
    };
    const stop = (error: unknown): void => {
      if (!settle()) return;
      reject(error);
      controller.abort(error);
    };
    const onCallerAbort = (): void => {
      if (callerSignal) stop(abortErrorOf(callerSignal));
    };
    const timer = setTimeout(() => stop(new DeadlineExceeded(timeoutMs)), timeoutMs);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    Promise.resolve()
      .then(() => work(controller.signal))
      .then(
        (value) => {
          if (settle()) resolve(value);
        },
        (error: unknown) => {
          if (settle()) reject(error);
        },
      );
  });
}
