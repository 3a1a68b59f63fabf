import type { Overview } from '../../../entities/session-events/model/overview';
import type { OverviewLayout } from './overview-layout';
import type { OverviewPalette } from './overview-palette';
import type { ThumbnailCache } from './overview-thumbnails';

/** Everything one paint of the overview strip needs. */
export interface OverviewScene {
  overview: Overview;
  layout: OverviewLayout;
  palette: OverviewPalette;
  /** Time range shown in the list, drawn as a translucent window. */
  visible: { fromUs: number; toUs: number } | null;
  /** Keyboard cursor, drawn as a line while the strip has focus. */
  cursorUs: number | null;
  /** The time range chosen (or being dragged out): what is outside it is dimmed. */
  selection?: { fromUs: number; toUs: number } | null;
  thumbnails: ThumbnailCache;
}

/** Horizontal position (CSS px) of an instant, clamped to the plot. */
export function xOf(scene: OverviewScene, tsUs: number): number {
  const { overview, layout } = scene;
  const span = overview.endUs - overview.startUs;
  const f = span > 0 ? (tsUs - overview.startUs) / span : 0;
  return layout.plotLeft + Math.min(1, Math.max(0, f)) * layout.plotWidth;
}

/** A row label in the left column, squeezed to fit. */
export function drawLabel(
  ctx: CanvasRenderingContext2D,
  scene: OverviewScene,
  text: string,
  y: number,
  colour: string,
): void {
  ctx.fillStyle = colour;
  ctx.fillText(text, 4, y, scene.layout.labelWidth - 8);
}
