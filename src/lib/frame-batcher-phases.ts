/**
 * The phases a frame batcher (frame-batcher.ts) goes through between two hand-overs, what each
 * phase waits for, and the events that move a batcher on.
 */

/**
 * Where a batcher is between two hand-overs. Each phase but `idle` and `handing-over` waits for
 * one thing (`WAITS_FOR`) and moves on when it comes; `step` in createFrameBatcher is the only
 * place that moves a batcher from one phase to another.
 *
 * - `idle`: nothing is scheduled. Items arriving move it to `busy-delay` when the last showing
 *   was flooded, and to `frame` otherwise.
 * - `handing-over`: items are being taken or shown (a frame's or a task's callback, or a flush).
 *   Items that arrive as it takes are taken by it; items that arrive as it shows are scheduled
 *   once it has shown, as they would be from `idle`.
 * - `frame`: waits for the next animation frame and hands over in its callback (see below).
 * - `busy-delay`: a flood is going on: waits `delayMs` (a timer), then goes to `busy-frame`.
 * - `busy-frame`: waits for a frame, then goes to `busy-task`, so that a slice starts as a frame
 *   ends (our own tasks do not make the page render).
 * - `busy-task`: waits for the task after that frame, and hands over in it.
 * - `backlog-frame`: a slice left items pending: waits for a frame (the page renders what has been
 *   shown, input gets its turn), then goes to `backlog-task`.
 * - `backlog-task`: waits for the task after that frame. If the view was told less than `delayMs`
 *   ago, takes the next slice; otherwise shows what has been taken so far in this task of its own
 *   and goes to `shown-frame`.
 * - `shown-frame`, `shown-task`: after a backlog's showing, wait for a frame and then the task
 *   after it (the showing's frame has only the rendering to do), and take the next slice there.
 *
 * Handing over: with `spaced`, if the last showing brought at least `spaced.items` and came less
 * than `spaced.intervalMs` ago, this frame is skipped (back to `frame`). Otherwise, without
 * `sliceMs`, everything pending is taken and shown (`idle`); with `sliceMs`, one slice is taken:
 * when it leaves nothing pending, what was taken is shown (`idle`), and otherwise `backlog-frame`.
 * A slice lasts `sliceMs` at most, and ends `FRAME_RESERVE_MS` before the next frame is due.
 *
 * With `takeOnArrival`, a task that takes what arrived runs beside these phases: it is scheduled
 * when items arrive (unless one is already scheduled), takes one slice at most, and never shows;
 * the phases above still show what it took. During a flood it comes only once half of
 * `creditItems` wait (the stream would soon stop reading), after a frame, and its slice ends
 * `FRAME_RESERVE_MS` before the next frame is due, as a backlog's slices do; the view is still
 * shown only every `delayMs`.
 */
export type FrameBatcherPhase =
  | 'idle'
  | 'handing-over'
  | 'frame'
  | 'busy-delay'
  | 'busy-frame'
  | 'busy-task'
  | 'backlog-frame'
  | 'backlog-task'
  | 'shown-frame'
  | 'shown-task';

/** What a waiting phase waits for: an animation frame, the busy delay, or the next task. */
type Wait = 'frame' | 'delay' | 'task';

export const WAITS_FOR: Readonly<Record<FrameBatcherPhase, Wait | undefined>> = {
  idle: undefined,
  'handing-over': undefined,
  frame: 'frame',
  'busy-delay': 'delay',
  'busy-frame': 'frame',
  'busy-task': 'task',
  'backlog-frame': 'frame',
  'backlog-task': 'task',
  'shown-frame': 'frame',
  'shown-task': 'task',
};

/**
 * What moves a batcher on: what its phase waits for has come (`Wait`), items arrived, the task
 * that takes them on arrival has come, or its owner flushed or cancelled it.
 */
export type BatcherEvent = Wait | 'arrived' | 'arrival-frame' | 'arrival-task' | 'flush' | 'cancel';
