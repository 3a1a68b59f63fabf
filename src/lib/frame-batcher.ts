import { BatchQueue, type ItemBatch } from './batch-queue';
import { WAITS_FOR, type BatcherEvent, type FrameBatcherPhase } from './frame-batcher-phases';
import {
  animationFrameScheduler,
  nextTaskScheduler,
  timerScheduler,
  type Scheduler,
} from './schedulers';

/**
 * Collects items as they arrive and hands them over in one batch per animation frame, so a store
 * is updated once per frame rather than once per event. When the page is hidden (no animation
 * frames), a timer takes over so nothing piles up unbounded.
 */
export interface FrameBatcher<T> {
  push(item: T): void;
  /** Queues a batch as it is: its items are read when they are taken. */
  pushAll(batch: ItemBatch<T>): void;
  /** Hands over everything pending now, in one go. */
  flush(): void;
  /** Drops what is pending and stops. */
  cancel(): void;
}

/**
 * Under a flood, updating every frame spends the frame on rendering what nobody can read: after a
 * batch of at least `items`, the next one is handed over `delayMs` later instead of next frame.
 * With `sliceMs`, a scheduled hand-over stops after that long and goes on in the next task, so that
 * a backlog never becomes one long task; meanwhile the view is told at most every `delayMs`.
 */
export interface BusyPacing {
  items: number;
  delayMs: number;
  sliceMs?: number;
  /**
   * Take items in a task of their own soon after they arrive (a slice at most), so that the frame
   * that shows them has only the showing to do. During a flood, only once `creditItems / 2` wait.
   */
  takeOnArrival?: boolean;
  /**
   * The items the stream lets wait untaken before it stops reading (its flow-control window,
   * lib/sse/decoded-stream.ts). During a flood the phases take items only every `delayMs`, which
   * would cap the stream at its window per delay (16,384 telemetry events per 100 ms: measured,
   * the telemetry firehose's ceiling); with `takeOnArrival`, once half of it waits, a slice is
   * taken in the task after the next frame, ending before the one after is due.
   */
  creditItems?: number;
  /**
   * After a showing of at least `items`, the next one comes no sooner than `intervalMs` later:
   * following a fast stream, a frame that shows is then followed by one that does not, which
   * the stream's reading, input and garbage collection get instead.
   */
  spaced?: { items: number; intervalMs: number };
}

/** Where a batcher hands items: `take` may be called several times before one `show`. */
export interface BatchSink<T> {
  take(items: T[]): void;
  /**
   * Everything taken so far should now be visible. `flooded`: a flood is going on (this showing
   * ends a backlog, or a batch of at least `items`), so views may spare what only helps a reader
   * of a still list (rows out of view). `items`: how many were taken since the last showing.
   */
  show(flooded: boolean, items: number): void;
}

/** Items handed to `take` at a time between two looks at the clock. */
const SLICE_ITEMS = 256;
/**
 * A frame at 60 Hz, and what a slice that starts after one leaves of it: for the messages that
 * arrive meanwhile and the next frame's own work. A slice ends that long before the next frame is
 * due, however late after the frame it started (a frame that showed an update renders longer).
 */
const FRAME_MS = 1000 / 60;
const FRAME_RESERVE_MS = 3;
/** Frames come every ~16.7 ms, not exactly: this much early still counts as on time. */
const FRAME_SLACK_MS = 4;

const now = (): number => performance.now();

/** Everything a batcher knows; only `step` (through `enter` and `settle`) changes `phase`. */
interface BatcherState<T> {
  phase: FrameBatcherPhase;
  /** Cancels what the phase waits for; undefined when it waits for nothing. */
  cancelWait: (() => void) | undefined;
  /** With `takeOnArrival`: cancels the task that takes what arrived, while one is scheduled. */
  cancelArrivalTask: (() => void) | undefined;
  /** Items not taken yet. */
  readonly pending: BatchQueue<T>;
  /** The last showing was part of a flood: the next hand-over waits for the busy delay. */
  flooded: boolean;
  /** Items taken since the batcher was last idle (it counts on through a backlog), for `flooded`. */
  run: number;
  /** Items taken since the last showing. */
  unshown: number;
  /** When the last showing was, and how many items it brought (for `spaced` and `delayMs`). */
  shownAt: number;
  lastShown: number;
  /** When the last animation frame the batcher saw began (its callback ran). */
  frameAt: number;
}

/** What a batcher's state looks like from outside, for tests and diagnostics. */
export interface FrameBatcherSnapshot {
  readonly phase: FrameBatcherPhase;
  /** Items not taken yet. */
  readonly pending: number;
  /** Items taken and not yet shown. */
  readonly unshown: number;
  readonly flooded: boolean;
  /** With `takeOnArrival`: a task that takes what arrived is scheduled. */
  readonly arrivalTask: boolean;
}

const snapshots = new WeakMap<FrameBatcher<unknown>, () => FrameBatcherSnapshot>();

/** The state of a batcher made by createFrameBatcher. */
export function inspectFrameBatcher(batcher: FrameBatcher<unknown>): FrameBatcherSnapshot {
  const snapshot = snapshots.get(batcher);
  if (!snapshot) throw new Error('not a batcher made by createFrameBatcher');
  return snapshot();
}

export function createFrameBatcher<T>(
  target: BatchSink<T> | ((items: T[]) => void),
  schedule: Scheduler = animationFrameScheduler,
  busy?: BusyPacing,
  nextTask: Scheduler = nextTaskScheduler,
): FrameBatcher<T> {
  const sink: BatchSink<T> =
    typeof target === 'function' ? { take: target, show: () => undefined } : target;
  const state: BatcherState<T> = {
    phase: 'idle',
    cancelWait: undefined,
    cancelArrivalTask: undefined,
    pending: new BatchQueue<T>(),
    flooded: false,
    run: 0,
    unshown: 0,
    shownAt: Number.NEGATIVE_INFINITY,
    lastShown: 0,
    frameAt: Number.NEGATIVE_INFINITY,
  };
  const { pending } = state;

  // actions: they take and show, and leave the phase to `step`

  const takePart = (limit: number): void => {
    const part = pending.take(limit);
    state.run += part.length;
    state.unshown += part.length;
    sink.take(part);
  };
  const takeRest = (): void => {
    while (pending.size > 0) takePart(Number.POSITIVE_INFINITY);
  };
  /** Takes parts of what is pending for about `ms`, at least one; true when nothing is left. */
  const takeFor = (ms: number): boolean => {
    const deadline = now() + ms;
    do {
      if (pending.size > 0) takePart(SLICE_ITEMS);
    } while (pending.size > 0 && now() < deadline);
    return pending.size === 0;
  };
  const show = (): void => {
    state.flooded = busy !== undefined && state.run >= busy.items;
    state.run = 0;
    state.shownAt = now();
    const items = state.unshown;
    state.unshown = 0;
    state.lastShown = items;
    sink.show(state.flooded || pending.size > 0, items);
  };
  const stopArrivalTask = (): void => {
    state.cancelArrivalTask?.();
    state.cancelArrivalTask = undefined;
  };
  /** Takes everything pending and shows it, when anything was taken since the last showing. */
  const takeAllAndShow = (): void => {
    stopArrivalTask();
    if (pending.size === 0 && state.unshown === 0) {
      state.flooded = false;
      return;
    }
    takeRest();
    show();
  };
  /** Takes one slice; shows when it leaves nothing pending. The phase it leads to. */
  const slice = (sliceMs: number): FrameBatcherPhase => {
    if (!takeFor(Math.min(sliceMs, state.frameAt + FRAME_MS - FRAME_RESERVE_MS - now()))) {
      return 'backlog-frame';
    }
    show();
    return 'idle';
  };
  /** What a frame (or the task after a busy frame) does with what is pending. The phase next. */
  const handOver = (): FrameBatcherPhase => {
    const spaced = busy?.spaced;
    if (
      spaced &&
      state.lastShown >= spaced.items &&
      now() - state.shownAt < spaced.intervalMs - FRAME_SLACK_MS
    ) {
      return 'frame';
    }
    const sliceMs = busy?.sliceMs;
    if (sliceMs === undefined) {
      takeAllAndShow();
      return 'idle';
    }
    return slice(sliceMs);
  };
  /** In a backlog's task: the next slice, or a showing in this task of its own. */
  const backlogTask = (): FrameBatcherPhase => {
    if (now() - state.shownAt < (busy?.delayMs ?? 0)) {
      return slice(busy?.sliceMs ?? Number.POSITIVE_INFINITY);
    }
    // a backlog's showing does not end the run that `flooded` counts
    const carried = state.run;
    show();
    state.run = carried;
    return 'shown-frame';
  };

  // the phases' waits: callbacks made once, so that a wait allocates no closure of its own

  const onFrame = (): void => step('frame');
  const onDelay = (): void => step('delay');
  const onTask = (): void => step('task');
  const onArrivalFrame = (): void => step('arrival-frame');
  const onArrivalTask = (): void => step('arrival-task');

  /** Moves to `phase` and schedules what it waits for. */
  const enter = (phase: FrameBatcherPhase): void => {
    state.phase = phase;
    const wait = WAITS_FOR[phase];
    state.cancelWait =
      wait === 'frame'
        ? schedule(onFrame)
        : wait === 'task'
          ? nextTask(onTask)
          : wait === 'delay'
            ? timerScheduler(busy?.delayMs ?? 0)(onDelay)
            : undefined;
  };
  /** What items that arrive in `idle` wait for. */
  const arrivalPhase = (): FrameBatcherPhase => (state.flooded ? 'busy-delay' : 'frame');
  /**
   * Leaves `handing-over` for `next`; what arrived as it showed is scheduled as from `idle`. A
   * flush or cancel from inside the hand-over (by the sink) has moved the batcher on already.
   */
  const settle = (next: FrameBatcherPhase): void => {
    if (state.phase !== 'handing-over') return;
    enter(next === 'idle' && pending.size > 0 ? arrivalPhase() : next);
  };

  /** The transition function: every change of phase happens here. */
  const step = (event: BatcherEvent): void => {
    switch (event) {
      case 'arrived':
        if (state.phase === 'idle') enter(arrivalPhase());
        if (!busy?.takeOnArrival || state.cancelArrivalTask) return;
        if (!state.flooded) state.cancelArrivalTask = nextTask(onArrivalTask);
        else if (pending.size * 2 >= (busy.creditItems ?? Number.POSITIVE_INFINITY))
          state.cancelArrivalTask = schedule(onArrivalFrame);
        return;
      case 'arrival-frame':
        state.frameAt = now();
        state.cancelArrivalTask = nextTask(onArrivalTask);
        return;
      case 'arrival-task': {
        // one slice at most, never a showing: the phases take the rest and show. During a flood
        // this comes only once half the stream's credit waits, in the task after a frame, and
        // ends before the next is due (see BusyPacing.creditItems)
        state.cancelArrivalTask = undefined;
        const sliceMs = busy?.sliceMs ?? Number.POSITIVE_INFINITY;
        if (!state.flooded) takeFor(sliceMs);
        else takeFor(Math.min(sliceMs, state.frameAt + FRAME_MS - FRAME_RESERVE_MS - now()));
        return;
      }
      case 'flush':
        state.cancelWait?.();
        state.cancelWait = undefined;
        state.phase = 'handing-over';
        takeAllAndShow();
        settle('idle');
        return;
      case 'cancel':
        state.cancelWait?.();
        state.cancelWait = undefined;
        stopArrivalTask();
        pending.clear();
        state.run = 0;
        state.unshown = 0;
        state.phase = 'idle';
        return;
      case 'frame':
      case 'delay':
      case 'task':
        break;
    }
    // what the phase waits for has come (unless its wait was cancelled and came all the same)
    const phase = state.phase;
    if (WAITS_FOR[phase] !== event) return;
    state.cancelWait = undefined;
    if (event === 'frame') state.frameAt = now();
    switch (phase) {
      case 'busy-delay':
        enter('busy-frame');
        return;
      case 'busy-frame':
        enter('busy-task');
        return;
      case 'backlog-frame':
        enter('backlog-task');
        return;
      case 'shown-frame':
        enter('shown-task');
        return;
      case 'frame':
      case 'busy-task':
        state.phase = 'handing-over';
        settle(handOver());
        return;
      case 'backlog-task':
        state.phase = 'handing-over';
        settle(backlogTask());
        return;
      case 'shown-task':
        state.phase = 'handing-over';
        settle(slice(busy?.sliceMs ?? Number.POSITIVE_INFINITY));
        return;
      case 'idle':
      case 'handing-over':
        return; // they wait for nothing
    }
  };

  const batcher: FrameBatcher<T> = {
    push(item) {
      pending.push(item);
      step('arrived');
    },
    pushAll(batch) {
      if (batch.length === 0) return;
      pending.pushAll(batch);
      step('arrived');
    },
    flush: () => step('flush'),
    cancel: () => step('cancel'),
  };
  snapshots.set(batcher, () => ({
    phase: state.phase,
    pending: pending.size,
    unshown: state.unshown,
    flooded: state.flooded,
    arrivalTask: state.cancelArrivalTask !== undefined,
  }));
  return batcher;
}
