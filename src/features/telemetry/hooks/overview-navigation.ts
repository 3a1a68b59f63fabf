import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { fractionAtX, type OverviewLayout } from '../components/overview-layout';
import { fractionOf, timeAt, type Overview } from '../model/overview';

/** Keyboard step of the overview cursor, as a fraction of the whole range. */
export const OVERVIEW_KEY_STEP = 0.05;
const PAGE_STEP = 0.25;

type Handler<E> = (event: E) => void;

export interface OverviewNavigation {
  /** Where the last jump went (Unix µs), or null before any. */
  cursorUs: number | null;
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
 * Jumping from the overview: pointer down jumps at once, dragging (with pointer capture) jumps at
 * most once per animation frame, and the keyboard moves a cursor in 5% steps (Home/End: the ends).
 */
export function useOverviewNavigation(
  overview: Overview,
  layout: OverviewLayout,
  visibleFromUs: number | null,
  onJump: (tsUs: number) => void,
): OverviewNavigation {
  const [cursorUs, setCursorUs] = useState<number | null>(null);
  const onJumpRef = useRef(onJump);
  const drag = useRef({ frame: 0, pendingUs: null as number | null });
  useEffect(() => {
    onJumpRef.current = onJump;
  }, [onJump]);
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
  const flushDrag = (): void => {
    const state = drag.current;
    cancelAnimationFrame(state.frame);
    state.frame = 0;
    const pending = state.pendingUs;
    state.pendingUs = null;
    if (pending !== null) jump(pending);
  };
  const endDrag = (event: ReactPointerEvent<HTMLElement>): void => {
    const target = event.currentTarget;
    if (target.hasPointerCapture?.(event.pointerId)) target.releasePointerCapture(event.pointerId);
    flushDrag();
  };

  return {
    cursorUs,
    handlers: {
      onPointerDown(event) {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        drag.current.pendingUs = null;
        jump(timeUnder(event));
      },
      onPointerMove(event) {
        if (!event.currentTarget.hasPointerCapture?.(event.pointerId)) return;
        const state = drag.current;
        state.pendingUs = timeUnder(event);
        if (state.frame === 0) state.frame = requestAnimationFrame(flushDrag);
      },
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
      onKeyDown(event) {
        const current = fractionOf(overview, cursorUs ?? visibleFromUs ?? overview.endUs);
        const target = keyTarget(event.key, current);
        if (target === null) return;
        event.preventDefault();
        jump(timeAt(overview, target));
      },
    },
  };
}
