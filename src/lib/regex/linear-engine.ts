/**
 * The linear-time regular-expression engine (re2js, a JavaScript port of RE2), loaded on first need.
 *
 * It is about 260 KB (65 KB gzip), a third of the page's start bundle, and only patterns that the
 * page's own engine could get stuck on need it, so it comes in its own chunk. Until it has loaded,
 * such a pattern reports that it is being prepared; views subscribe here to compile it again once
 * it is there.
 */
import type { RE2JS } from 're2js';

export type LinearEngine = typeof RE2JS;

/** `pending`: not asked for yet, or loading. */
export type LinearEngineStatus = 'pending' | 'ready' | 'failed';

let engine: LinearEngine | null = null;
let status: LinearEngineStatus = 'pending';
let settled: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Listeners hear only of the load settling, never while it starts (that may be during a render). */
function settle(next: LinearEngineStatus): void {
  status = next;
  for (const listener of [...listeners]) listener();
}

/** The engine if it has loaded, else null. */
export function linearEngine(): LinearEngine | null {
  return engine;
}

/** A snapshot for `useSyncExternalStore`, with `subscribeLinearEngine`. */
export function linearEngineStatus(): LinearEngineStatus {
  return status;
}

/**
 * Starts loading the engine (once); the promise settles, never rejects, when it has loaded or
 * failed to (a failure is kept: the status says so, and the page has to be reloaded).
 */
export function loadLinearEngine(): Promise<void> {
  settled ??= import('re2js').then(
    (module) => {
      engine = module.RE2JS;
      settle('ready');
    },
    () => settle('failed'),
  );
  return settled;
}

/** Calls `listener` when the load settles; returns the unsubscribe function. */
export function subscribeLinearEngine(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
