/**
 * Painting of the overview strip on a 2D canvas context already scaled to CSS pixels. Each row is
 * drawn by its own small function; nothing here knows about React.
 */
import { laneStyle } from '../../../entities/session-events/model/catalogue';
import { axisTicks } from './overview-axis';
import { drawErrors, drawMarks, drawNavigations, drawThumbnails } from './overview-draw-marks';
import { readPalette } from './overview-palette';
import { drawLabel, xOf, type OverviewScene } from './overview-scene';

const FONT = '10px ui-sans-serif, system-ui, sans-serif';

function drawLanes(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { overview, layout, palette } = scene;
  overview.lanes.forEach((lane, row) => {
    const top = layout.lanesTop + row * layout.laneHeight;
    const colour = lane.colorVar ? palette.color(lane.colorVar) : palette.category(lane.category);
    const label = lane.label ?? laneStyle(lane.category).label;
    drawLabel(ctx, scene, label, top + layout.laneHeight / 2, colour);
    ctx.fillStyle = palette.border;
    ctx.fillRect(layout.plotLeft, top + layout.laneHeight - 0.5, layout.plotWidth, 0.5);
    if (lane.max === 0) return;
    const binWidth = layout.plotWidth / lane.bins.length;
    ctx.fillStyle = colour;
    for (let bin = 0; bin < lane.bins.length; bin += 1) {
      const count = lane.bins[bin] ?? 0;
      if (count === 0) continue;
      ctx.globalAlpha = 0.3 + 0.7 * (count / lane.max);
      const x = layout.plotLeft + bin * binWidth;
      ctx.fillRect(x, top + 2, Math.max(1, binWidth), layout.laneHeight - 4);
    }
    ctx.globalAlpha = 1;
    // a log lane marks its error lines along its foot
    const errors = lane.errorBins;
    if (!errors) return;
    ctx.fillStyle = palette.danger;
    for (let bin = 0; bin < errors.length; bin += 1) {
      if ((errors[bin] ?? 0) === 0) continue;
      const x = layout.plotLeft + bin * binWidth;
      ctx.fillRect(x, top + layout.laneHeight - 4, Math.max(2, binWidth), 3);
    }
  });
}

function drawAxis(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette, overview } = scene;
  ctx.fillStyle = palette.border;
  ctx.fillRect(layout.plotLeft, layout.axisTop, layout.plotWidth, 1);
  const y = layout.axisTop + layout.axisHeight / 2 + 1;
  for (const tick of axisTicks(overview.startUs, overview.endUs, layout.plotWidth)) {
    const x = xOf(scene, tick.tsUs);
    ctx.fillStyle = palette.muted;
    ctx.fillRect(Math.round(x), layout.axisTop, 1, 3);
    const half = ctx.measureText(tick.label).width / 2;
    const left = layout.plotLeft;
    const right = layout.plotLeft + layout.plotWidth;
    ctx.fillText(tick.label, Math.min(Math.max(x - half, left), right - 2 * half), y);
  }
}

function drawWindow(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette, visible } = scene;
  if (!visible) return;
  const from = xOf(scene, Math.min(visible.fromUs, visible.toUs));
  const to = xOf(scene, Math.max(visible.fromUs, visible.toUs));
  const width = Math.max(2, to - from);
  ctx.fillStyle = palette.accent;
  ctx.globalAlpha = 0.14;
  ctx.fillRect(from, layout.lanesTop, width, layout.axisTop - layout.lanesTop);
  // outlined in the text colour, so the window stands apart from the accent navigation lines
  ctx.globalAlpha = 0.55;
  ctx.strokeStyle = palette.fg;
  ctx.strokeRect(
    from + 0.5,
    layout.lanesTop + 0.5,
    width - 1,
    layout.axisTop - layout.lanesTop - 1,
  );
  ctx.globalAlpha = 1;
}

function drawSelection(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette, selection } = scene;
  if (!selection) return;
  const from = xOf(scene, selection.fromUs);
  const to = Math.max(from + 2, xOf(scene, selection.toUs));
  const top = 0;
  const height = layout.axisTop;
  ctx.fillStyle = palette.bg;
  ctx.globalAlpha = 0.65;
  ctx.fillRect(layout.plotLeft, top, from - layout.plotLeft, height);
  ctx.fillRect(to, top, layout.plotLeft + layout.plotWidth - to, height);
  ctx.globalAlpha = 1;
  ctx.fillStyle = palette.accent;
  ctx.fillRect(Math.round(from) - 1, top, 2, height);
  ctx.fillRect(Math.round(to) - 1, top, 2, height);
}

function drawCursor(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette, cursorUs } = scene;
  if (cursorUs === null) return;
  ctx.fillStyle = palette.fg;
  ctx.fillRect(Math.round(xOf(scene, cursorUs)) - 1, 0, 2, layout.axisTop);
}

/** What changes only with the overview itself, not with the list's window or the cursor. */
export function drawOverviewBase(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  ctx.clearRect(0, 0, scene.layout.width, scene.layout.height);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  drawLanes(ctx, scene);
  drawErrors(ctx, scene);
  drawNavigations(ctx, scene);
  drawMarks(ctx, scene);
  drawThumbnails(ctx, scene);
  drawAxis(ctx, scene);
}

/** The list's window and the keyboard cursor, over the base. */
export function drawOverviewWindow(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  drawSelection(ctx, scene);
  drawWindow(ctx, scene);
  drawCursor(ctx, scene);
}

export type OverviewBaseScene = Omit<OverviewScene, 'palette' | 'visible' | 'cursorUs'>;

/** A drawn base: the offscreen canvas and what it was drawn from. */
export interface OverviewBase {
  canvas: HTMLCanvasElement;
  scene: OverviewScene;
  ratio: number;
}

function backingSize(
  canvas: HTMLCanvasElement,
  layout: { width: number; height: number },
  ratio: number,
): void {
  const width = Math.round(layout.width * ratio);
  const height = Math.round(layout.height * ratio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

/**
 * Draws the base of the strip offscreen, with the colours in force where `strip` sits. Done when
 * the overview, the size, the theme or a thumbnail changed (a few times a second at most), so
 * that following the list, which moves the window at every update, only copies it. Undefined
 * where canvases have no 2D context (jsdom, or a context lost under memory pressure).
 */
export function drawBase(
  strip: HTMLCanvasElement,
  scene: OverviewBaseScene,
  reuse?: OverviewBase,
): OverviewBase | undefined {
  const ratio = window.devicePixelRatio || 1;
  const canvas = reuse?.canvas ?? document.createElement('canvas');
  backingSize(canvas, scene.layout, ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  const full: OverviewScene = {
    ...scene,
    palette: readPalette(strip),
    visible: null,
    cursorUs: null,
  };
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  drawOverviewBase(ctx, full);
  return { canvas, scene: full, ratio };
}

/** Copies the base onto the strip and draws the window and the cursor over it. */
export function paintOverview(
  strip: HTMLCanvasElement,
  base: OverviewBase,
  view: Pick<OverviewScene, 'visible' | 'cursorUs' | 'selection'>,
): void {
  backingSize(strip, base.scene.layout, base.ratio);
  const ctx = strip.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, strip.width, strip.height);
  ctx.drawImage(base.canvas, 0, 0);
  ctx.setTransform(base.ratio, 0, 0, base.ratio, 0, 0);
  drawOverviewWindow(ctx, { ...base.scene, ...view });
}
