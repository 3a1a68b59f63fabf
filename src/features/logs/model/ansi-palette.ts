/**
 * The xterm 256-colour palette: 0-15 basic colours (left to the theme), 16-231 a 6×6×6 colour cube,
 * 232-255 a grey ramp.
 */

const CUBE_LEVELS = [0, 95, 135, 175, 215, 255] as const;

/** Red, green and blue of a palette index from 16 to 255. */
export function paletteRgb(index: number): [number, number, number] {
  if (index >= 232) {
    const v = 8 + (index - 232) * 10;
    return [v, v, v];
  }
  const n = index - 16;
  const level = (k: number): number => CUBE_LEVELS[k] ?? 0;
  return [level(Math.floor(n / 36)), level(Math.floor(n / 6) % 6), level(n % 6)];
}

/** CSS colour of every palette index, computed once. */
export const PALETTE_CSS: readonly string[] = buildPalette();

function buildPalette(): string[] {
  const palette: string[] = [];
  for (let i = 0; i < 16; i++) palette.push(`var(--ansi-${i})`);
  for (let i = 16; i < 256; i++) {
    const [r, g, b] = paletteRgb(i);
    palette.push(`rgb(${r}, ${g}, ${b})`);
  }
  return palette;
}
