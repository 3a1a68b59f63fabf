import { laneStyle } from '../../../entities/session-events/model/catalogue';

/** Colours of the overview strip, read from the design tokens of the current theme. */
export interface OverviewPalette {
  fg: string;
  /** The strip's background, laid over what a time range leaves out. */
  bg: string;
  muted: string;
  border: string;
  danger: string;
  warn: string;
  accent: string;
  /** `--cat-<category>` (`--cat-other` for unknown ones), falling back to `--muted`. */
  category(name: string): string;
  /** The value of a colour variable such as `--cat-log`, falling back to `--muted`. */
  color(variable: string): string;
}

/**
 * Reads the tokens as computed for `element`, so the theme in force where the strip sits wins.
 * Called at draw time: a theme change needs only a redraw.
 */
export function readPalette(element: Element): OverviewPalette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string): string =>
    style.getPropertyValue(name).trim() || fallback;
  const muted = read('--muted', '#64748b');
  const colours = new Map<string, string>();
  const color = (variable: string): string => {
    let colour = colours.get(variable);
    if (colour === undefined) {
      colour = read(variable, muted);
      colours.set(variable, colour);
    }
    return colour;
  };
  return {
    fg: read('--fg', '#0f172a'),
    bg: read('--panel', '#ffffff'),
    muted,
    border: read('--border', '#d9e0e8'),
    danger: read('--danger', '#b91c1c'),
    warn: read('--warn', '#b45309'),
    accent: read('--accent', '#0369a1'),
    category: (name) => color(laneStyle(name).colorVar),
    color,
  };
}
