/**
 * Pretty-printing of log lines that are JSON records, for the expanded line view.
 */
import { stripAnsi } from './ansi';

const INDENT = '  ';
/** Deeper nesting than this is shown as the raw line (the indentation alone would be huge). */
const MAX_DEPTH = 64;

/**
 * The line pretty-printed with 2-space indentation when it is (after removing escape sequences and
 * surrounding space) a JSON object or array; null otherwise. Numbers and strings are copied as
 * written, so 64-bit ids and escapes stay exact and keys keep their order and duplicates.
 */
export function tryPrettyJson(text: string): string | null {
  let first = firstNonSpace(text);
  let line = text;
  if (text.charCodeAt(first) === 0x1b) {
    line = stripAnsi(text);
    first = firstNonSpace(line);
  }
  const open = line.charCodeAt(first);
  if (open !== 0x7b && open !== 0x5b) return null;
  const last = lastNonSpace(line);
  if (line.charCodeAt(last) !== (open === 0x7b ? 0x7d : 0x5d)) return null;
  const json = line.slice(first, last + 1);
  try {
    JSON.parse(json);
  } catch {
    return null;
  }
  return reindent(json);
}

/**
 * Re-indents valid JSON without parsing its values: strings are copied verbatim, whitespace between
 * tokens is replaced by the standard layout (`{}`/`[]` stay on one line, `"key": value`).
 */
function reindent(json: string): string | null {
  const parts: string[] = [];
  let depth = 0;
  const length = json.length;
  let i = 0;
  while (i < length) {
    const c = json.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      i++;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      const next = nextNonSpace(json, i + 1);
      if (json.charCodeAt(next) === close) {
        parts.push(c === 0x7b ? '{}' : '[]');
        i = next + 1;
        continue;
      }
      depth++;
      if (depth > MAX_DEPTH) return null;
      parts.push(c === 0x7b ? '{' : '[', newline(depth));
      i++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) {
      depth--;
      parts.push(newline(depth), c === 0x7d ? '}' : ']');
      i++;
      continue;
    }
    if (c === 0x2c) {
      parts.push(',', newline(depth));
      i++;
      continue;
    }
    if (c === 0x3a) {
      parts.push(': ');
      i++;
      continue;
    }
    const end = c === 0x22 ? stringEnd(json, i) : scalarEnd(json, i);
    parts.push(json.slice(i, end));
    i = end;
  }
  return parts.join('');
}

const NEWLINES: string[] = [];

function newline(depth: number): string {
  let value = NEWLINES[depth];
  if (value === undefined) {
    value = `\n${INDENT.repeat(depth)}`;
    NEWLINES[depth] = value;
  }
  return value;
}

/** Index just past the string literal opening at `from` (the JSON is known to be valid). */
function stringEnd(json: string, from: number): number {
  let i = from + 1;
  for (;;) {
    const quote = json.indexOf('"', i);
    if (quote === -1) return json.length;
    let backslashes = 0;
    while (json.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** Index just past a number or literal (`true`, `false`, `null`). */
function scalarEnd(json: string, from: number): number {
  let i = from;
  while (i < json.length) {
    const c = json.charCodeAt(i);
    if (c === 0x2c || c === 0x7d || c === 0x5d || c === 0x3a || c <= 0x20) break;
    i++;
  }
  return i;
}

function firstNonSpace(text: string): number {
  return nextNonSpace(text, 0);
}

function nextNonSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function lastNonSpace(text: string): number {
  let i = text.length - 1;
  while (i >= 0 && isSpace(text.charCodeAt(i))) i--;
  return i;
}

/** JSON whitespace plus other blanks a log line may be padded with. */
function isSpace(c: number): boolean {
  return (
    c === 0x20 ||
    c === 0x09 ||
    c === 0x0a ||
    c === 0x0d ||
    c === 0x0b ||
    c === 0x0c ||
    c === 0xa0 ||
    c === 0xfeff
  );
}
