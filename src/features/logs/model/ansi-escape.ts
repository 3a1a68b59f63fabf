/**
 * Boundaries of terminal escape sequences inside one log line.
 *
 * Every sequence starts with ESC (0x1b). Sequences are recognised by their ECMA-48 shape so that
 * nothing of them is ever shown raw, and so that a malformed sequence swallows as little text as
 * possible.
 */

const ESC = 0x1b;
const BEL = 0x07;
const BACKSLASH = 0x5c;
/** C1 "string terminator" as a single UTF-16 unit. */
const ST_C1 = 0x9c;

/** Final byte of an SGR ("select graphic rendition") sequence: `m`. */
const SGR_FINAL = 0x6d;

/**
 * Index just past the escape sequence that starts at `start` (where `text[start]` is ESC).
 * An unterminated CSI or short sequence runs to the end of the text (a line cut inside a colour
 * change loses nothing worth reading). A string sequence (OSC, DCS, …) with no terminator is not
 * a sequence at all: the answer is then `start`, and the ESC and what follows it are text, so a
 * stray `ESC ]` cannot hide the rest of its line.
 */
export function escapeEnd(text: string, start: number): number {
  const length = text.length;
  const next = start + 1;
  if (next >= length) return length;
  const kind = text.charCodeAt(next);
  // CSI: ESC [
  if (kind === 0x5b) return csiEnd(text, next + 1);
  // OSC (ESC ]), DCS (ESC P), SOS (ESC X), PM (ESC ^), APC (ESC _): strings ended by ST or BEL.
  if (kind === 0x5d || kind === 0x50 || kind === 0x58 || kind === 0x5e || kind === 0x5f) {
    return stringEnd(text, next + 1) ?? start;
  }
  // nF sequences: ESC, intermediates 0x20-0x2f, then one final byte 0x30-0x7e (charset selection…).
  if (kind >= 0x20 && kind <= 0x2f) {
    let i = next + 1;
    while (i < length) {
      const c = text.charCodeAt(i);
      if (c >= 0x20 && c <= 0x2f) {
        i++;
        continue;
      }
      return c >= 0x30 && c <= 0x7e ? i + 1 : i;
    }
    return length;
  }
  // Two-character sequences: ESC 7, ESC M, ESC c, ESC =, …
  if (kind >= 0x30 && kind <= 0x7e) return next + 1;
  // A lone ESC followed by text: only the ESC goes.
  return next;
}

/**
 * End of a CSI sequence whose parameters start at `from`: parameter bytes 0x30-0x3f, then
 * intermediate bytes 0x20-0x2f, then a final byte 0x40-0x7e. Any other character cancels the
 * sequence and is kept as text.
 */
function csiEnd(text: string, from: number): number {
  const length = text.length;
  let i = from;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x3f) i++;
    else break;
  }
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x2f) i++;
    else break;
  }
  if (i >= length) return length;
  const final = text.charCodeAt(i);
  return final >= 0x40 && final <= 0x7e ? i + 1 : i;
}

/**
 * End of an OSC/DCS-style string: just past its BEL, ESC \ or C1 terminator. Null when another
 * escape begins first or the line ends without one: then there was no string sequence.
 */
function stringEnd(text: string, from: number): number | null {
  const length = text.length;
  for (let i = from; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === BEL || c === ST_C1) return i + 1;
    if (c === ESC) return text.charCodeAt(i + 1) === BACKSLASH ? i + 2 : null;
  }
  return null;
}

/**
 * Whether `text[start, end)` is a complete SGR sequence: `ESC [`, parameters made only of digits,
 * `;` and `:`, and the final `m`. Private (`ESC [ ? … m`) and intermediate forms are not SGR.
 */
export function isSgr(text: string, start: number, end: number): boolean {
  if (end - start < 3) return false;
  if (text.charCodeAt(start + 1) !== 0x5b || text.charCodeAt(end - 1) !== SGR_FINAL) return false;
  for (let i = start + 2; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    // 0-9, ':' (0x3a) and ';' (0x3b)
    if (c < 0x30 || c > 0x3b) return false;
  }
  return true;
}
