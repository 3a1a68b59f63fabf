/**
 * Characters in untrusted text (log lines, console text, URLs, headers, error messages) that a
 * browser would otherwise apply or hide instead of showing: bidi controls that reorder what follows
 * them (the "Trojan Source" trick: `invoice‮fdp.exe` shown as `invoiceexe.pdf`), control characters
 * (a lone carriage return, backspace, escape), line and paragraph separators that break a row in
 * two, and Unicode tag characters that carry invisible text.
 *
 * The dashboard shows each of them as a visible mark in their place, in logical order, and never
 * lets the browser apply them. Tab and line feed stay as they are (and CR directly before LF, a
 * line end); everything else, zero-width joiners included, is ordinary text.
 */

export interface ControlInfo {
  /** `U+202E`. */
  code: string;
  /** What is shown in its place: a control picture (`␍`) or an abbreviation (`RLO`). */
  label: string;
  /** `RIGHT-TO-LEFT OVERRIDE`, or a generic description. */
  name: string;
}

export type TextRun =
  { text: string; control?: undefined } | { text: string; control: ControlInfo };

const BIDI: Readonly<Record<number, [label: string, name: string]>> = {
  0x061c: ['ALM', 'ARABIC LETTER MARK'],
  0x200e: ['LRM', 'LEFT-TO-RIGHT MARK'],
  0x200f: ['RLM', 'RIGHT-TO-LEFT MARK'],
  0x202a: ['LRE', 'LEFT-TO-RIGHT EMBEDDING'],
  0x202b: ['RLE', 'RIGHT-TO-LEFT EMBEDDING'],
  0x202c: ['PDF', 'POP DIRECTIONAL FORMATTING'],
  0x202d: ['LRO', 'LEFT-TO-RIGHT OVERRIDE'],
  0x202e: ['RLO', 'RIGHT-TO-LEFT OVERRIDE'],
  0x2066: ['LRI', 'LEFT-TO-RIGHT ISOLATE'],
  0x2067: ['RLI', 'RIGHT-TO-LEFT ISOLATE'],
  0x2068: ['FSI', 'FIRST STRONG ISOLATE'],
  0x2069: ['PDI', 'POP DIRECTIONAL ISOLATE'],
  0x2028: ['LS', 'LINE SEPARATOR'],
  0x2029: ['PS', 'PARAGRAPH SEPARATOR'],
};

/**
 * One match per character to reveal. CR is revealed unless a LF follows; tag characters
 * (U+E0000–U+E007F) are surrogate pairs.
 */
const CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|\r(?!\n)|\udb40[\udc00-\udc7f]/g;

/** Cheap test without the global regex's state. */
const HAS_CONTROL = new RegExp(CONTROL.source);

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What a revealed character is shown as, and why. */
export function describeControl(char: string): ControlInfo {
  const codePoint = char.codePointAt(0) ?? 0;
  const code = hex(codePoint);
  const bidi = BIDI[codePoint];
  if (bidi) return { code, label: bidi[0], name: bidi[1] };
  if (codePoint < 0x20) {
    return { code, label: String.fromCharCode(0x2400 + codePoint), name: 'CONTROL CHARACTER' };
  }
  if (codePoint === 0x7f) return { code, label: '\u2421', name: 'DELETE' };
  if (codePoint >= 0xe0000) return { code, label: code, name: 'TAG CHARACTER (invisible)' };
  return { code, label: code, name: 'CONTROL CHARACTER' };
}

export function hasControls(text: string): boolean {
  return HAS_CONTROL.test(text);
}

/**
 * Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their
 * presentation forms, and the right-to-left scripts of the supplementary planes): text with any of
 * them gets its own bidi isolate; text without them cannot reorder its neighbours.
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|[\ud802\ud803\ud83a\ud83b][\udc00-\udfff]/;

export function hasRightToLeft(text: string): boolean {
  return RTL.test(text);
}

/** The text cut into plain runs and single revealed characters, in logical order. */
export function splitControls(text: string): TextRun[] {
  if (!hasControls(text)) return [{ text }];
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(CONTROL)) {
    const at = match.index;
    if (at > last) runs.push({ text: text.slice(last, at) });
    runs.push({ text: match[0], control: describeControl(match[0]) });
    last = at + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

/**
 * The same as a plain string, for attributes (title, aria-label) that cannot hold marks: each
 * revealed character becomes `⟨label⟩`.
 */
export function revealControls(text: string): string {
  if (!hasControls(text)) return text;
  return text.replace(CONTROL, (char) => `\u27e8${describeControl(char).label}\u27e9`);
}
