/**
 * Painting of the overview strip on a 2D canvas context already scaled to CSS pixels. Each row is
 * drawn by its own small function; nothing here knows about React.
 */
import { categoryStyle } from '../model/catalogue';
import { axisTicks } from './overview-axis';
import { drawErrors, drawNavigations, drawThumbnails } from './overview-draw-marks';
import { readPalette } from './overview-palette';
import { drawLabel, xOf, type OverviewScene } from './overview-scene';

const FONT = '10px ui-sans-serif, system-ui, sans-serif';

function drawLanes(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { overview, layout, palette } = scene;
  overview.lanes.forEach((lane, row) => {
    const top = layout.lanesTop + row * layout.laneHeight;
    const colour = palette.category(lane.category);
    drawLabel(ctx, scene, categoryStyle(lane.category).label, top + layout.laneHeight / 2, colour);
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

function drawCursor(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette, cursorUs } = scene;
  if (cursorUs === null) return;
  ctx.fillStyle = palette.fg;
  ctx.fillRect(Math.round(xOf(scene, cursorUs)) - 1, 0, 2, layout.axisTop);
}

export function drawOverview(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  ctx.clearRect(0, 0, scene.layout.width, scene.layout.height);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  drawLanes(ctx, scene);
  drawErrors(ctx, scene);
  drawNavigations(ctx, scene);
  drawThumbnails(ctx, scene);
  drawWindow(ctx, scene);
  drawAxis(ctx, scene);
  drawCursor(ctx, scene);
}

/**
 * Sizes the canvas's backing store for the device pixel ratio and draws. Does nothing where the
 * canvas has no 2D context (jsdom, or a context lost under memory pressure).
 */
export function paintOverview(
  canvas: HTMLCanvasElement,
  scene: Omit<OverviewScene, 'palette'>,
): void {
  const { layout } = scene;
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(layout.width * ratio);
  const height = Math.round(layout.height * ratio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  drawOverview(ctx, { ...scene, palette: readPalette(canvas) });
}
