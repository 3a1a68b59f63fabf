import { createStore } from 'zustand/vanilla';

export interface PlayheadState {
  /** The session a recording is being played of, and the moment shown (Unix µs); null when none. */
  sessionId: string | null;
  tsUs: number | null;
  /** A moment chosen outside the timeline (a log line): the player seeks to it. */
  seek: { sessionId: string; tsUs: number; nonce: number } | null;
}

/**
 * Where a recording being played is, for the views that follow it from outside the timeline (the
 * app moves the log streams and the All view to the moment), and the moments they ask it to show.
 */
export const playhead = createStore<PlayheadState>()(() => ({
  sessionId: null,
  tsUs: null,
  seek: null,
}));

/** Asks the player of `sessionId`'s recording, if one is open, to show the moment `tsUs`. */
export function seekPlayhead(sessionId: string, tsUs: number): void {
  playhead.setState((state) => ({
    seek: { sessionId, tsUs, nonce: (state.seek?.nonce ?? 0) + 1 },
  }));
}
