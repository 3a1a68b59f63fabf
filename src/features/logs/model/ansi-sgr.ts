/**
 * Applies SGR ("select graphic rendition") parameters to a mutable text style.
 *
 * Supported: 0 reset, 1 bold, 2 dim, 3 italic, 4 underline (also `4:n` styles), 7 inverse,
 * 9 strike, 22/23/24/27/29 to turn those off, 30-37/90-97 and 40-47/100-107 basic colours,
 * 38/48 with `5;n` (256 colours) or `2;r;g;b` (truecolour) in `;` or `:` form, 39/49 defaults.
 * 8 (conceal) is deliberately ignored so that no log text can be hidden; unknown codes are ignored.
 */

export interface SgrState {
  fg: number | string | undefined;
  bg: number | string | undefined;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  inverse: boolean;
  strike: boolean;
}

export function createSgrState(): SgrState {
  return {
    fg: undefined,
    bg: undefined,
    bold: false,
    dim: false,
    italic: false,
    underline: false,
    inverse: false,
    strike: false,
  };
}

export function resetSgrState(state: SgrState): void {
  state.fg = undefined;
  state.bg = undefined;
  state.bold = false;
  state.dim = false;
  state.italic = false;
  state.underline = false;
  state.inverse = false;
  state.strike = false;
}

/** No parameter given (`ESC [ ; m` or an empty `:` field). */
const EMPTY = -1;

/**
 * Reads the parameters of the SGR sequence in `text[from, to)` (between `ESC [` and `m`) and applies
 * them. Parameters are `;`-separated; a parameter may carry `:`-separated sub-parameters.
 */
export function applySgr(state: SgrState, text: string, from: number, to: number): void {
  if (from >= to) {
    resetSgrState(state);
    return;
  }
  if (to - from <= 3) {
    // Fast path for the common single-parameter forms (`ESC [ 31 m`, `ESC [ 0 m`).
    let code = 0;
    let simple = true;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c > 0x39) {
        simple = false;
        break;
      }
      code = code * 10 + (c - 0x30);
    }
    if (simple && code !== 38 && code !== 48) {
      applyCode(state, code, EMPTY);
      return;
    }
  }
  // Flat list of numbers; `groupStart` marks which numbers begin a `;` parameter.
  const values: number[] = [];
  const groupStart: boolean[] = [];
  let current = EMPTY;
  let startsGroup = true;
  for (let i = from; i <= to; i++) {
    const c = i < to ? text.charCodeAt(i) : 0x3b;
    if (c === 0x3b || c === 0x3a) {
      values.push(current);
      groupStart.push(startsGroup);
      startsGroup = c === 0x3b;
      current = EMPTY;
    } else {
      // Digits only (checked by the caller); cap to keep absurd parameters finite.
      current = current === EMPTY ? c - 0x30 : Math.min(current * 10 + (c - 0x30), 1_000_000);
    }
  }
  let i = 0;
  while (i < values.length) {
    const code = values[i] ?? EMPTY;
    // Sub-parameters that belong to this parameter (colon form).
    let groupEnd = i + 1;
    while (groupEnd < values.length && groupStart[groupEnd] !== true) groupEnd++;
    if (code === 38 || code === 48) {
      const colonForm = groupEnd > i + 1;
      const [color, consumed] = colonForm
        ? readColor(values, i + 1, groupEnd, true)
        : readColor(values, i + 1, values.length, false);
      if (color !== undefined) {
        if (code === 38) state.fg = color;
        else state.bg = color;
      }
      i = colonForm ? groupEnd : i + 1 + consumed;
      continue;
    }
    applyCode(state, code, groupEnd > i + 1 ? (values[i + 1] ?? EMPTY) : EMPTY);
    i = groupEnd;
  }
}

/**
 * Reads the colour after a 38/48. Returns the colour (undefined when malformed) and how many values
 * it used. The colon form `38:2:[colourspace]:r:g:b` may carry a colour-space id before r, g, b.
 */
function readColor(
  values: readonly number[],
  from: number,
  end: number,
  colonForm: boolean,
): [number | string | undefined, number] {
  const mode = values[from];
  if (mode === 5) {
    const n = values[from + 1];
    if (n === undefined || from + 1 >= end) return [undefined, end - from];
    return [n >= 0 && n <= 255 ? n : undefined, 2];
  }
  if (mode === 2) {
    let first = from + 1;
    if (colonForm && end - first >= 4) first++;
    if (first + 3 > end) return [undefined, end - from];
    const r = values[first] ?? EMPTY;
    const g = values[first + 1] ?? EMPTY;
    const b = values[first + 2] ?? EMPTY;
    const used = first + 3 - from;
    if (r > 255 || g > 255 || b > 255) return [undefined, used];
    return [`#${hex2(r)}${hex2(g)}${hex2(b)}`, used];
  }
  // Unknown or missing colour mode: drop it together with the 38/48.
  return [undefined, mode === undefined ? 0 : 1];
}

function hex2(value: number): string {
  const v = value < 0 ? 0 : value;
  return v < 16 ? `0${v.toString(16)}` : v.toString(16);
}

function applyCode(state: SgrState, code: number, sub: number): void {
  if (code >= 30 && code <= 37) {
    state.fg = code - 30;
    return;
  }
  if (code >= 40 && code <= 47) {
    state.bg = code - 40;
    return;
  }
  if (code >= 90 && code <= 97) {
    state.fg = code - 90 + 8;
    return;
  }
  if (code >= 100 && code <= 107) {
    state.bg = code - 100 + 8;
    return;
  }
  switch (code) {
    case EMPTY:
    case 0:
      resetSgrState(state);
      return;
    case 1:
      state.bold = true;
      return;
    case 2:
      state.dim = true;
      return;
    case 3:
      state.italic = true;
      return;
    case 4:
      // `4:0` turns underline off; `4:1`…`4:5` are underline styles (single, double, curly…).
      state.underline = sub !== 0;
      return;
    case 7:
      state.inverse = true;
      return;
    case 9:
      state.strike = true;
      return;
    case 22:
      state.bold = false;
      state.dim = false;
      return;
    case 23:
      state.italic = false;
      return;
    case 24:
      state.underline = false;
      return;
    case 27:
      state.inverse = false;
      return;
    case 29:
      state.strike = false;
      return;
    case 39:
      state.fg = undefined;
      return;
    case 49:
      state.bg = undefined;
      return;
    default:
      // 8 (conceal), 5/6 (blink), fonts, frames and anything unknown: ignored.
      return;
  }
}
