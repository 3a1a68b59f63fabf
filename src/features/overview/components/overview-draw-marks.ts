/** The overview's markers: errors, top-level navigations and screenshot thumbnails. */
import { drawLabel, xOf, type OverviewScene } from './overview-scene';

const THUMB_WIDTH = 40;
const THUMB_GAP = 3;

export function drawErrors(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette } = scene;
  drawLabel(ctx, scene, 'errors', layout.errorsTop + layout.errorsHeight / 2, palette.danger);
  ctx.fillStyle = palette.danger;
  for (const error of scene.overview.errors) {
    const x = Math.round(xOf(scene, error.tsUs)) - 1;
    ctx.fillRect(x, layout.errorsTop + 1, 2, layout.errorsHeight - 2);
  }
}

export function drawNavigations(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette } = scene;
  const height = layout.errorsTop + layout.errorsHeight - layout.lanesTop;
  ctx.fillStyle = palette.accent;
  for (const navigation of scene.overview.navigations) {
    ctx.fillRect(Math.round(xOf(scene, navigation.tsUs)), layout.lanesTop, 1, height);
  }
}

/** Each mark a person set: a line across the lanes, in the warning colour, flagged at the top. */
export function drawMarks(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette } = scene;
  const height = layout.errorsTop + layout.errorsHeight - layout.lanesTop;
  ctx.fillStyle = palette.warn;
  for (const mark of scene.overview.marks) {
    const x = Math.round(xOf(scene, mark.tsUs));
    ctx.fillRect(x - 1, layout.lanesTop, 2, height);
    ctx.beginPath();
    ctx.moveTo(x + 1, layout.lanesTop);
    ctx.lineTo(x + 8, layout.lanesTop + 3.5);
    ctx.lineTo(x + 1, layout.lanesTop + 7);
    ctx.fill();
  }
}

/**
 * A tick for every screenshot, and thumbnails for the newest ones that fit without overlapping
 * (so at most a few dozen images are ever loaded). Released screenshots get no thumbnail.
 */
export function drawThumbnails(ctx: CanvasRenderingContext2D, scene: OverviewScene): void {
  const { layout, palette, overview } = scene;
  if (layout.thumbHeight === 0) return;
  const top = layout.thumbTop + 1.5;
  const height = layout.thumbHeight - 6;
  ctx.fillStyle = palette.category('screenshot');
  for (const shot of overview.screenshots) {
    ctx.fillRect(Math.round(xOf(scene, shot.tsUs)), layout.thumbTop + layout.thumbHeight - 3, 1, 3);
  }
  ctx.strokeStyle = palette.border;
  const rightmost = layout.plotLeft + layout.plotWidth - THUMB_WIDTH;
  let leftmost = Number.POSITIVE_INFINITY;
  for (let i = overview.screenshots.length - 1; i >= 0; i -= 1) {
    const shot = overview.screenshots[i];
    if (!shot?.url) continue;
    const x = Math.min(
      Math.max(layout.plotLeft, xOf(scene, shot.tsUs) - THUMB_WIDTH / 2),
      rightmost,
    );
    if (x + THUMB_WIDTH + THUMB_GAP > leftmost) continue;
    leftmost = x;
    ctx.strokeRect(x + 0.5, top, THUMB_WIDTH - 1, height);
    const thumbnail = scene.thumbnails.get(shot.url);
    if (!thumbnail) continue;
    const scale = Math.min((THUMB_WIDTH - 2) / thumbnail.width, (height - 1) / thumbnail.height);
    const w = thumbnail.width * scale;
    const h = thumbnail.height * scale;
    ctx.drawImage(thumbnail, x + (THUMB_WIDTH - w) / 2, top + (height - h) / 2, w, h);
  }
}
