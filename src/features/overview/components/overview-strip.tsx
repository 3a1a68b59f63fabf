/**
 * The overview (features/overview): the whole session on one strip, a lane per category with its
 * errors, page visits, marks and screenshots, a brush for the time range and a cursor for the
 * selection. It draws the bins the events layer computes (entities/session-events/model/overview.ts)
 * and lanes the app adds (the log streams).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { useOverviewNavigation } from '../hooks/overview-navigation';
import { useLiveOverview } from '../hooks/overview-live';
import { useElementWidth, useThemeVersion } from '../hooks/overview-observers';
import {
  fractionOf,
  type OverviewExtraLane,
} from '../../../entities/session-events/model/overview';
import {
  clockSeconds,
  describeOverview,
} from '../../../entities/session-events/model/overview-summary';
import type { TimelineSource } from '../../../entities/session-events/model/types';
import { drawBase, paintOverview, type OverviewBase } from './overview-draw';
import { computeLayout, plotWidthFor } from './overview-layout';
import { createThumbnailCache } from './overview-thumbnails';

export interface OverviewStripProps {
  source: TimelineSource;
  /** Bumps whenever the timeline changed. */
  version: number;
  /** Time range currently shown in the list, drawn as a translucent window. */
  visible: { fromUs: number; toUs: number } | null;
  onJump: (tsUs: number) => void;
  /** The time range chosen, drawn with what lies outside it dimmed. */
  range?: { fromUs: number; toUs: number } | null;
  /** Dragging across the strip (or Shift with the arrows) chose a range. */
  onBrush?: (range: { fromUs: number; toUs: number }) => void;
  /** Lanes from outside the timeline (log streams), on the same axis; a new array redraws. */
  extraLanes?: readonly OverviewExtraLane[];
}

/**
 * The whole timeline at a glance on one canvas: event density per category, errors, top-level
 * navigations and screenshot thumbnails, with the list's visible range as a window. Clicking,
 * dragging or the arrow keys jump the list. Recomputed at most ~4 times a second while live.
 *
 * The focusable slider is an overlay beside the canvas rather than its parent, because a
 * slider's children are presentational and the canvas's `img` summary would be lost.
 */
export function OverviewStrip({
  source,
  version,
  visible,
  onJump,
  range = null,
  onBrush,
  extraLanes,
}: OverviewStripProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const summaryId = useId();
  const width = useElementWidth(containerRef);
  const theme = useThemeVersion();
  const [paints, setPaints] = useState(0);
  const [thumbnails] = useState(() => createThumbnailCache(() => setPaints((n) => n + 1)));
  const [focused, setFocused] = useState(false);
  const overview = useLiveOverview(source, version, plotWidthFor(width), extraLanes);
  const layout = computeLayout(width, overview.lanes.length, overview.screenshots.length > 0);
  const fromUs = visible?.fromUs ?? null;
  const toUs = visible?.toUs ?? null;
  const navigation = useOverviewNavigation(overview, layout, fromUs, onJump, onBrush);
  const selection = navigation.brushing ?? range;
  const selectionFrom = selection?.fromUs ?? null;
  const selectionTo = selection?.toUs ?? null;
  const cursorUs = navigation.cursorUs;
  const empty = overview.totals.events === 0;

  useEffect(() => thumbnails.retain(overview.screenshots), [thumbnails, overview]);
  useEffect(() => () => thumbnails.clear(), [thumbnails]);
  // the base (lanes, marks, axis) is drawn when the overview changes; following the list moves
  // only the window, which is drawn over a copy of it
  const base = useRef<OverviewBase | undefined>(undefined);
  const [baseVersion, setBaseVersion] = useState(0);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || empty || width === 0) return;
    base.current = drawBase(
      canvas,
      {
        overview,
        layout: computeLayout(width, overview.lanes.length, overview.screenshots.length > 0),
        thumbnails,
      },
      base.current,
    );
    setBaseVersion((n) => n + 1);
  }, [overview, width, thumbnails, empty, theme, paints]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !base.current || baseVersion === 0) return;
    paintOverview(canvas, base.current, {
      visible: fromUs !== null && toUs !== null ? { fromUs, toUs } : null,
      cursorUs: focused ? cursorUs : null,
      selection:
        selectionFrom !== null && selectionTo !== null
          ? { fromUs: selectionFrom, toUs: selectionTo }
          : null,
    });
  }, [baseVersion, fromUs, toUs, cursorUs, focused, selectionFrom, selectionTo]);

  const valueUs = cursorUs ?? fromUs ?? overview.endUs;
  return (
    <div ref={containerRef} className="relative w-full border-b border-border bg-panel">
      <canvas
        ref={canvasRef}
        role="img"
        id={summaryId}
        aria-label={describeOverview(overview)}
        hidden={empty}
        className="block w-full"
        style={{ height: layout.height }}
      />
      {empty ? (
        // room on the left for the overview's fold button, which sits in that corner
        <p className="py-1 pr-3 pl-14 text-xs text-muted">No events yet</p>
      ) : (
        <div
          role="slider"
          tabIndex={0}
          aria-label={
            onBrush
              ? 'Timeline overview: jump to a time; drag, or Shift with the arrows, to choose a time range'
              : 'Timeline overview: jump to a time'
          }
          aria-describedby={summaryId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(fractionOf(overview, valueUs) * 100)}
          aria-valuetext={clockSeconds(valueUs)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          {...navigation.handlers}
          className={cn(
            'absolute inset-0 cursor-crosshair touch-none rounded-sm select-none',
            'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus',
          )}
        />
      )}
    </div>
  );
}
