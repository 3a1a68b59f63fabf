import { LIMITS } from '../config/limits';
import { backoffCeiling } from './backoff';

/**
 * What every reader of pages (a session's telemetry history, gap filling, the sessions list)
 * consults so that a server whose cursor does not move cannot make it ask again and again: a
 * request budget per second, the cursors seen (one seen again ends the read), pages in a row that
 * added nothing new (a backoff on each, and the end after a few), and the reader's AbortSignal.
 */

export interface PagedReadLimits {
  burst: number;
  perSecond: number;
  idlePagesMax: number;
  idleBackoffMs: number;
  idleBackoffMaxMs: number;
}

/** A paged read ended because it stopped moving forward; `message` says why, for the user. */
export class PagedReadStop extends Error {
  override name = 'PagedReadStop';
}

/** A page as the reader saw it. */
export interface PageSeen {
  /** The cursor of the next page (`X-Next-Offset`), or null on the last page. */
  next: number | string | null;
  /** Distinct items the page added that the read did not have yet. */
  added: number;
  /** Identifies the page's content, when known: the same content again adds nothing. */
  key?: string;
}

/**
 * Whether a paged read moves forward. Pure bookkeeping, no waiting: `page()` returns why the read
 * must end, or null to go on.
 */
export class PageProgress {
  /** Pages in a row that added nothing new. */
  idleInRow = 0;
  private readonly cursors = new Set<string>();
  private readonly keys = new Set<string>();

  constructor(
    private readonly idlePagesMax: number = LIMITS.pagedRead.idlePagesMax,
    /** The cursor the read starts from (a resumed read), if any. */
    start?: number | string,
  ) {
    if (start !== undefined) this.cursors.add(String(start));
  }

  page({ next, added, key }: PageSeen): string | null {
    const repeated = key !== undefined && this.keys.has(key);
    if (key !== undefined) this.keys.add(key);
    this.idleInRow = added > 0 && !repeated ? 0 : this.idleInRow + 1;
    if (next === null) return null;
    const cursor = String(next);
    if (this.cursors.has(cursor))
      return `the server sent the same page cursor again (X-Next-Offset ${cursor})`;
    this.cursors.add(cursor);
    if (this.idleInRow >= this.idlePagesMax)
      return `${this.idleInRow} pages in a row added nothing new`;
    return null;
  }
}

/** A token bucket: `burst` requests at once, then `perSecond`. */
export interface RequestBudget {
  /** Takes one request from the budget; returns how long to wait before sending it, in ms. */
  take(): number;
}

export function createRequestBudget(
  limits: Pick<PagedReadLimits, 'burst' | 'perSecond'> = LIMITS.pagedRead,
  now: () => number = Date.now,
): RequestBudget {
  let tokens: number = limits.burst;
  let at = now();
  return {
    take() {
      const time = now();
      tokens = Math.min(limits.burst, tokens + ((time - at) / 1000) * limits.perSecond);
      at = time;
      // a request taken ahead of the budget leaves it in debt, so the waits add up in order
      tokens -= 1;
      return tokens >= 0 ? 0 : (-tokens / limits.perSecond) * 1000;
    },
  };
}

function abortError(): DOMException {
  return new DOMException('The read was stopped', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits for the budget's next request: null when it may go at once; an AbortError on abort. */
export function budgetWait(budget: RequestBudget, signal?: AbortSignal): Promise<void> | null {
  if (signal?.aborted) return Promise.reject(abortError());
  const ms = budget.take();
  return ms > 0 ? sleep(ms, signal) : null;
}

export interface PagedReadGuard {
  /**
   * What to wait for before asking for the next page (the budget, and a backoff after pages that
   * added nothing): null when it may be asked for at once, so a healthy read loses no turn of the
   * event loop; a promise that rejects with an AbortError once the signal aborts.
   */
  wait(): Promise<void> | null;
  /** Records a page; throws PagedReadStop when the read must end. */
  afterPage(page: PageSeen): void;
}

export interface PagedReadGuardOptions {
  signal?: AbortSignal;
  /** Shared by the reads of one view, so that many short reads keep to one budget. */
  budget?: RequestBudget;
  /** The cursor the read starts from, when it resumes. */
  start?: number | string;
  limits?: PagedReadLimits;
}

/** The guard of one paged read. */
export function createPagedReadGuard(options: PagedReadGuardOptions = {}): PagedReadGuard {
  const limits = options.limits ?? LIMITS.pagedRead;
  const budget = options.budget ?? createRequestBudget(limits);
  const progress = new PageProgress(limits.idlePagesMax, options.start);
  const { signal } = options;
  const backoff = { initialMs: limits.idleBackoffMs, maxMs: limits.idleBackoffMaxMs, factor: 2 };
  return {
    wait() {
      if (signal?.aborted) return Promise.reject(abortError());
      const idle = progress.idleInRow;
      // one empty page can be ordinary (upstream filters within a page); more in a row are not
      const backoffMs = idle >= 2 ? backoffCeiling(idle - 2, { ...backoff, jitter: 'none' }) : 0;
      const ms = Math.max(budget.take(), backoffMs);
      return ms > 0 ? sleep(ms, signal) : null;
    },
    afterPage(page) {
      const stop = progress.page(page);
      if (stop !== null) throw new PagedReadStop(stop);
    },
  };
}
