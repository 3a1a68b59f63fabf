import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { fractionAtX, type OverviewLayout } from '../components/overview-layout';
import { fractionOf, timeAt, type Overview } from '../../../entities/session-events/model/overview';

/** Keyboard step of the overview cursor, as a fraction of the whole range. */
export const OVERVIEW_KEY_STEP = 0.05;
const PAGE_STEP = 0.25;

type Handler<E> = (event: E) => void;

/** Pointer travel (CSS px) past which a press on the strip selects a range instead of a point. */
export const BRUSH_MIN_PX = 4;

export interface OverviewNavigation {
  /** Where the last jump went (Unix µs), or null before any. */
  cursorUs: number | null;
  /** The range being dragged out (Unix µs, ordered), or null. */
  brushing: { fromUs: number; toUs: number } | null;
  handlers: {
    onPointerDown: Handler<ReactPointerEvent<HTMLElement>>;
    onPointerMove: Handler<ReactPointerEvent<HTMLElement>>;
    onPointerUp: Handler<ReactPointerEvent<HTMLElement>>;
    onPointerCancel: Handler<ReactPointerEvent<HTMLElement>>;
    onKeyDown: Handler<ReactKeyboardEvent<HTMLElement>>;
  };
}

function keyTarget(key: string, current: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return current - OVERVIEW_KEY_STEP;
    case 'ArrowRight':
    case 'ArrowUp':
      return current + OVERVIEW_KEY_STEP;
    case 'PageDown':
      return current - PAGE_STEP;
    case 'PageUp':
      return current + PAGE_STEP;
    case 'Home':
      return 0;
    case 'End':
      return 1;
    default:
      return null;
  }
}

/**
 * Jumping from the overview: pointer down jumps at once; dragging past a few pixels (with pointer
 * capture) draws out a time range, given to `onBrush` on release, at most one repaint per frame.
 * The keyboard moves a cursor in 5% steps (Home/End: the ends); with Shift it draws a range from
 * where the cursor was when Shift was first held.
 */
export function useOverviewNavigation(
  overview: Overview,
  layout: OverviewLayout,
  visibleFromUs: number | null,
  onJump: (tsUs: number) => void,
  onBrush?: (range: { fromUs: number; toUs: number }) => void,
): OverviewNavigation {
  const [cursorUs, setCursorUs] = useState<number | null>(null);
  const [brushing, setBrushing] = useState<{ fromUs: number; toUs: number } | null>(null);
  const onJumpRef = useRef(onJump);
  const onBrushRef = useRef(onBrush);
  const drag = useRef({
    frame: 0,
    pendingUs: null as number | null,
    startX: 0,
    startUs: 0,
    brushing: false,
  });
  const keyAnchor = useRef<number | null>(null);
  useEffect(() => {
    onJumpRef.current = onJump;
    onBrushRef.current = onBrush;
  }, [onJump, onBrush]);
  useEffect(() => {
    const state = drag.current;
    return () => cancelAnimationFrame(state.frame);
  }, []);

  const timeUnder = (event: ReactPointerEvent<HTMLElement>): number => {
    const left = event.currentTarget.getBoundingClientRect().left;
    return timeAt(overview, fractionAtX(layout, event.clientX - left));
  };
  const jump = (tsUs: number): void => {
    setCursorUs(tsUs);
    onJumpRef.current(tsUs);
  };
  const ordered = (a: number, b: number) => ({ fromUs: Math.min(a, b), toUs: Math.max(a, b) });
  const flushDrag = (): void => {
    const state = drag.current;
    cancelAnimationFrame(state.frame);
    state.frame = 0;
    const pending = state.pendingUs;
    state.pendingUs = null;
    if (pending !== null) setBrushing(ordered(state.startUs, pending));
  };
  const endDrag = (event: ReactPointerEvent<HTMLElement>, apply: boolean): void => {
    const target = event.currentTarget;
    if (target.hasPointerCapture?.(event.pointerId)) target.releasePointerCapture(event.pointerId);
    const state = drag.current;
    cancelAnimationFrame(state.frame);
    state.frame = 0;
    state.pendingUs = null;
    if (state.brushing && apply) onBrushRef.current?.(ordered(state.startUs, timeUnder(event)));
    state.brushing = false;
    setBrushing(null);
  };

  return {
    cursorUs,
    brushing,
    handlers: {
      onPointerDown(event) {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        const state = drag.current;
        state.pendingUs = null;
        state.brushing = false;
        state.startX = event.clientX;
        state.startUs = timeUnder(event);
        jump(state.startUs);
      },
      onPointerMove(event) {
        if (!event.currentTarget.hasPointerCapture?.(event.pointerId)) return;
        const state = drag.current;
        if (!onBrushRef.current) return;
        if (!state.brushing && Math.abs(event.clientX - state.startX) < BRUSH_MIN_PX) return;
        state.brushing = true;
        state.pendingUs = timeUnder(event);
        if (state.frame === 0) state.frame = requestAnimationFrame(flushDrag);
      },
      onPointerUp: (event) => endDrag(event, true),
      onPointerCancel: (event) => endDrag(event, false),
      onKeyDown(event) {
        const from = cursorUs ?? visibleFromUs ?? overview.endUs;
        const target = keyTarget(event.key, fractionOf(overview, from));
        if (target === null) return;
        event.preventDefault();
        const toUs = timeAt(overview, target);
        if (event.shiftKey && onBrushRef.current) {
          keyAnchor.current ??= from;
          setCursorUs(toUs);
          onBrushRef.current(ordered(keyAnchor.current, toUs));
          return;
        }
        keyAnchor.current = null;
        jump(toUs);
      },
    },
  };
}
