/**
 * Keeps ANSI colours from hiding log text. A line may colour its text like the row it sits on
 * (`ESC[30;40m`, a truecolour equal to the theme's background, a background equal to the theme's
 * text colour); wherever the resulting pair would be nearly invisible, the text is shown in the
 * theme's own colours instead. Which themes that concerns is decided here; the renderer marks the
 * text and styles.css applies it, so switching themes needs no re-render.
 */
import { paletteRgb } from './ansi-palette';
import type { AnsiStyle } from './ansi';

export type PaletteTheme = 'light' | 'dark';
export const PALETTE_THEMES: readonly PaletteTheme[] = ['light', 'dark'];

/**
 * The 16 basic colours of each theme, styles.css's `--ansi-0` … `--ansi-15` (a test keeps them
 * equal). Each is either readable on the theme's panel (WCAG AA, 4.5:1) or, like black in the dark
 * theme and white in the light one, so close to it that such text falls back to the theme's text
 * colour; as backgrounds they keep badges such as black on green or white on red readable.
 */
export const BASIC_COLOURS: Readonly<Record<PaletteTheme, readonly string[]>> = {
  light: [
    '#000000',
    '#b91c1c',
    '#15803d',
    '#a16207',
    '#1d4ed8',
    '#a21caf',
    '#0e7490',
    '#e5e7eb',
    '#4b5563',
    '#dc2626',
    '#166534',
    '#854d0e',
    '#2563eb',
    '#c026d3',
    '#155e75',
    '#ffffff',
  ],
  dark: [
    '#000000',
    '#f87171',
    '#4ade80',
    '#facc15',
    '#60a5fa',
    '#e879f9',
    '#22d3ee',
    '#d1d5db',
    '#9ca3af',
    '#fca5a5',
    '#86efac',
    '#fde047',
    '#93c5fd',
    '#f0abfc',
    '#67e8f9',
    '#ffffff',
  ],
};

/** styles.css's `--fg` and `--panel`: the colours a line has when it sets none. */
export const THEME_COLOURS: Readonly<Record<PaletteTheme, { fg: string; bg: string }>> = {
  light: { fg: '#0f172a', bg: '#ffffff' },
  dark: { fg: '#e5e9f0', bg: '#111827' },
};

/**
 * Below this WCAG contrast ratio text counts as hidden (equal colours give 1). Low enough that
 * ordinary coloured output keeps its colours, high enough to catch colours chosen to hide text.
 */
export const MIN_CONTRAST = 1.5;

type Rgb = readonly [number, number, number];

function hexRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** The colour of an ANSI value in a theme, or undefined when it is outside the palette. */
function rgbOf(color: number | string, theme: PaletteTheme): Rgb | undefined {
  if (typeof color === 'string') return /^#[0-9a-f]{6}$/i.test(color) ? hexRgb(color) : undefined;
  if (!Number.isInteger(color) || color < 0 || color > 255) return undefined;
  if (color < 16) return hexRgb(BASIC_COLOURS[theme][color] ?? '#000000');
  return paletteRgb(color);
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number): number => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio, from 1 (equal) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The text and background colours this style gives in a theme, inverse applied. */
function effectivePair(style: AnsiStyle, theme: PaletteTheme): [Rgb, Rgb] {
  const defaults = THEME_COLOURS[theme];
  const fg = (style.fg === undefined ? undefined : rgbOf(style.fg, theme)) ?? hexRgb(defaults.fg);
  const bg = (style.bg === undefined ? undefined : rgbOf(style.bg, theme)) ?? hexRgb(defaults.bg);
  return style.inverse ? [bg, fg] : [fg, bg];
}

/** The themes in which text of this style would be (nearly) invisible. */
export function illegibleIn(style: AnsiStyle): PaletteTheme[] {
  if (style.fg === undefined && style.bg === undefined) return [];
  return PALETTE_THEMES.filter((theme) => {
    const [fg, bg] = effectivePair(style, theme);
    return contrastRatio(fg, bg) < MIN_CONTRAST;
  });
}
