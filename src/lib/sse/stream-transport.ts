import type { RelayState } from './relay-fetch';

/**
 * How this page's streams travel (lib/sse/relay-fetch.ts), as the stream worker last reported it:
 * over the stream relay, or one HTTP connection each. Read by the stream status, which says so
 * when a stream waits for a connection the browser's limit holds back.
 */
let current: RelayState | null = null;
const listeners = new Set<() => void>();

export const streamTransport = {
  get(): RelayState | null {
    return current;
  },
  set(state: RelayState): void {
    current = state;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** What a stream still connecting is told when streams go direct. */
export function directStreamsNote(state: RelayState | null): string | null {
  if (state?.mode !== 'direct') return null;
  return (
    'each stream holds one of the 6 connections a browser opens to one server over HTTP/1.1, ' +
    'so past the sixth, streams and requests wait for one to close' +
    (state.reason ? ` (no stream relay here: ${state.reason})` : '')
  );
}
