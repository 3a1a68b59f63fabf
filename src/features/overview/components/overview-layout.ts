/** Geometry of the overview strip, in CSS pixels. Rows top to bottom: thumbnails, lanes, errors, axis. */
export interface OverviewLayout {
  width: number;
  height: number;
  /** Left column holding the lane labels. */
  labelWidth: number;
  plotLeft: number;
  plotWidth: number;
  thumbTop: number;
  thumbHeight: number;
  lanesTop: number;
  laneHeight: number;
  errorsTop: number;
  errorsHeight: number;
  axisTop: number;
  axisHeight: number;
}

const LABEL_WIDTH = 84;
const RIGHT_PAD = 8;
const THUMB_HEIGHT = 30;
const LANE_HEIGHT = 11;
const ERRORS_HEIGHT = 10;
const AXIS_HEIGHT = 16;

/** Width of the plot area, which is also the number of time bins (one per CSS pixel). */
export function plotWidthFor(width: number): number {
  return Math.max(1, Math.floor(width - LABEL_WIDTH - RIGHT_PAD));
}

export function computeLayout(
  width: number,
  laneCount: number,
  thumbnails: boolean,
): OverviewLayout {
  const thumbHeight = thumbnails ? THUMB_HEIGHT : 0;
  const lanesTop = thumbHeight;
  const errorsTop = lanesTop + laneCount * LANE_HEIGHT;
  const axisTop = errorsTop + ERRORS_HEIGHT;
  return {
    width: Math.max(0, width),
    height: axisTop + AXIS_HEIGHT,
    labelWidth: LABEL_WIDTH,
    plotLeft: LABEL_WIDTH,
    plotWidth: plotWidthFor(width),
    thumbTop: 0,
    thumbHeight,
    lanesTop,
    laneHeight: LANE_HEIGHT,
    errorsTop,
    errorsHeight: ERRORS_HEIGHT,
    axisTop,
    axisHeight: AXIS_HEIGHT,
  };
}

/** Fraction (0..1) of the plot under a horizontal offset from the strip's left edge. */
export function fractionAtX(layout: OverviewLayout, x: number): number {
  if (!(layout.plotWidth > 1)) return 0;
  return Math.min(1, Math.max(0, (x - layout.plotLeft) / layout.plotWidth));
}
