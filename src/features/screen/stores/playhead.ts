import { createStore } from 'zustand/vanilla';

/**
 * Where a recording being played is, for the views that follow it from outside the timeline (the
 * app moves the log streams and the All view to the moment): the session it is of, and the
 * moment shown (Unix µs), null while nothing plays.
 */
export const playhead = createStore<{ sessionId: string | null; tsUs: number | null }>()(() => ({
  sessionId: null,
  tsUs: null,
}));
