import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export interface ShareBounds {
  min: number;
  max: number;
  step: number;
}

export interface PaneResizerProps {
  /** The pane's share of its row's width. */
  share: number;
  bounds: ShareBounds;
  onChange: (share: number) => void;
  /** Names the edge: "Width of the details". */
  label: string;
  /** What the pane is called in the value's words: "details" → "details take 40% of the width". */
  pane: string;
}

function clamp(share: number, bounds: ShareBounds): number {
  return Math.min(bounds.max, Math.max(bounds.min, share));
}

/**
 * The edge on the left of a pane (its next sibling) on wide screens: drag it, or focus it and use
 * the arrows (Home, End: the narrowest and widest), to give the pane more or less of its row.
 */
export function PaneResizer({ share, bounds, onChange, label, pane }: PaneResizerProps) {
  const dragging = useRef(false);
  const shareAt = (event: PointerEvent<HTMLDivElement>): number | null => {
    const row = event.currentTarget.parentElement?.getBoundingClientRect();
    const sized = event.currentTarget.nextElementSibling?.getBoundingClientRect();
    if (!row || !sized || row.width === 0) return null;
    return clamp((sized.right - event.clientX) / row.width, bounds);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = {
      ArrowLeft: share + bounds.step,
      ArrowRight: share - bounds.step,
      Home: bounds.min,
      End: bounds.max,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(clamp(Math.round(next * 100) / 100, bounds));
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={Math.round(bounds.min * 100)}
      aria-valuemax={Math.round(bounds.max * 100)}
      aria-valuenow={Math.round(share * 100)}
      aria-valuetext={`${pane} take ${Math.round(share * 100)}% of the width`}
      tabIndex={0}
      title={`Drag, or use the arrow keys, to resize the ${pane}`}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (!dragging.current) return;
        const next = shareAt(event);
        if (next !== null) onChange(next);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      className="hidden w-1.5 shrink-0 cursor-col-resize touch-none bg-border/40 hover:bg-accent/60 focus-visible:bg-accent lg:block"
    />
  );
}
