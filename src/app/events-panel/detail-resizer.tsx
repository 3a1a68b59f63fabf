import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clampShare, DETAIL_SHARE, useDetailShare } from './detail-width';

/**
 * The edge between the list and the details pane on wide screens: drag it, or focus it and use
 * the arrows (Home, End: the narrowest and widest), to give the details more or less room.
 */
export function DetailResizer() {
  const share = useDetailShare((state) => state.value);
  const setShare = useDetailShare((state) => state.set);
  const dragging = useRef(false);
  const shareAt = (event: PointerEvent<HTMLDivElement>): number | null => {
    const box = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!box || box.width === 0) return null;
    return clampShare((box.right - event.clientX) / box.width);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = {
      ArrowLeft: share + DETAIL_SHARE.step,
      ArrowRight: share - DETAIL_SHARE.step,
      Home: DETAIL_SHARE.min,
      End: DETAIL_SHARE.max,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setShare(clampShare(Math.round(next * 100) / 100));
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Width of the details"
      aria-valuemin={Math.round(DETAIL_SHARE.min * 100)}
      aria-valuemax={Math.round(DETAIL_SHARE.max * 100)}
      aria-valuenow={Math.round(share * 100)}
      aria-valuetext={`details take ${Math.round(share * 100)}% of the width`}
      tabIndex={0}
      title="Drag, or use the arrow keys, to resize the details"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (!dragging.current) return;
        const next = shareAt(event);
        if (next !== null) setShare(next);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      className="hidden w-1.5 shrink-0 cursor-col-resize touch-none bg-border/40 hover:bg-accent/60 focus-visible:bg-accent lg:block"
    />
  );
}
