/**
 * ANSI escape handling for log lines: styled segments for rendering (never HTML) and plain text for
 * searching. Colours are numbers (0-15 basic, 16-255 palette) or `#rrggbb` truecolour strings.
 */
import { escapeEnd, isSgr } from './ansi-escape';
import { PALETTE_CSS, paletteRgb } from './ansi-palette';
import { applySgr, createSgrState } from './ansi-sgr';
import type { SgrState } from './ansi-sgr';

export interface AnsiStyle {
  fg?: number | string;
  bg?: number | string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
  strike?: boolean;
}

export interface AnsiSegment {
  text: string;
  /** null when the text has no styling at all. */
  style: AnsiStyle | null;
}

const ESC_CHAR = '\x1b';

/**
 * Splits a line into styled segments. Non-SGR escapes (cursor moves, erase, OSC titles and
 * hyperlinks, …) are removed; hyperlink text stays, its URL does not. An OSC (or DCS, …) that is
 * never terminated is text, its ESC included (the view shows it as a control mark). Conceal
 * (SGR 8) is ignored.
 * Adjacent segments with the same style are merged; empty segments are never produced, except for
 * the single segment of an empty line.
 */
export function parseAnsi(text: string): AnsiSegment[] {
  let esc = text.indexOf(ESC_CHAR);
  if (esc === -1) return [{ text, style: null }];
  const segments: AnsiSegment[] = [];
  const state = createSgrState();
  let style: AnsiStyle | null = null;
  let styleChanged = false;
  let pos = 0;
  const emit = (end: number): void => {
    if (end <= pos) return;
    const piece = text.slice(pos, end);
    if (styleChanged) {
      style = toStyle(state);
      styleChanged = false;
    }
    const last = segments[segments.length - 1];
    if (last !== undefined && sameStyle(last.style, style)) last.text += piece;
    else segments.push({ text: piece, style });
  };
  while (esc !== -1) {
    const end = escapeEnd(text, esc);
    if (end === esc) {
      // not a sequence (a string sequence never ended): the ESC stays in the text
      esc = text.indexOf(ESC_CHAR, esc + 1);
      continue;
    }
    emit(esc);
    if (isSgr(text, esc, end)) {
      applySgr(state, text, esc + 2, end - 1);
      styleChanged = true;
    }
    pos = end;
    esc = text.indexOf(ESC_CHAR, pos);
  }
  emit(text.length);
  if (segments.length === 0) segments.push({ text: '', style: null });
  return segments;
}

/** The line without any escape sequence: what filters and search match against. */
export function stripAnsi(text: string): string {
  let esc = text.indexOf(ESC_CHAR);
  if (esc === -1) return text;
  let out = '';
  let pos = 0;
  while (esc !== -1) {
    const end = escapeEnd(text, esc);
    if (end === esc) {
      esc = text.indexOf(ESC_CHAR, esc + 1);
      continue;
    }
    if (esc > pos) out += text.slice(pos, esc);
    pos = end;
    esc = text.indexOf(ESC_CHAR, pos);
  }
  if (pos < text.length) out += text.slice(pos);
  return out;
}

/**
 * The escape sequences `stripAnsi` removes from a line, as `[start, end)` pairs in order, pushed onto
 * `out` (the log store keeps a line's plain text and puts the sequences back when it is read).
 */
export function ansiSpans(text: string, out: number[]): void {
  let esc = text.indexOf(ESC_CHAR);
  while (esc !== -1) {
    const end = escapeEnd(text, esc);
    if (end === esc) {
      esc = text.indexOf(ESC_CHAR, esc + 1);
      continue;
    }
    out.push(esc, end);
    esc = text.indexOf(ESC_CHAR, end);
  }
}

/**
 * Whether text in this style would be invisible because its foreground equals its background.
 * The renderer overrides the colours of such text rather than hiding it.
 */
export function isConcealing(style: AnsiStyle): boolean {
  const { fg, bg } = style;
  if (fg === undefined || bg === undefined) return false;
  if (fg === bg) return true;
  return colorKey(fg) === colorKey(bg);
}

/**
 * CSS colour of a palette index. The 16 basic colours are theme variables (`var(--ansi-0)` …
 * `var(--ansi-15)`); 16-231 is the 6×6×6 cube and 232-255 the grey ramp. Anything else is `inherit`.
 */
export function ansiColor(index: number): string {
  return PALETTE_CSS[index] ?? 'inherit';
}

/** Comparable form of a colour: basic colours by index, everything else as `#rrggbb`. */
function colorKey(color: number | string): string {
  if (typeof color === 'string') return color.toLowerCase();
  if (color < 16) return `basic:${color}`;
  const [r, g, b] = paletteRgb(color);
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function toStyle(state: SgrState): AnsiStyle | null {
  const style: AnsiStyle = {};
  let any = false;
  if (state.fg !== undefined) {
    style.fg = state.fg;
    any = true;
  }
  if (state.bg !== undefined) {
    style.bg = state.bg;
    any = true;
  }
  if (state.bold) any = style.bold = true;
  if (state.dim) any = style.dim = true;
  if (state.italic) any = style.italic = true;
  if (state.underline) any = style.underline = true;
  if (state.inverse) any = style.inverse = true;
  if (state.strike) any = style.strike = true;
  return any ? style : null;
}

function sameStyle(a: AnsiStyle | null, b: AnsiStyle | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return (
    a.fg === b.fg &&
    a.bg === b.bg &&
    a.bold === b.bold &&
    a.dim === b.dim &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.inverse === b.inverse &&
    a.strike === b.strike
  );
}
