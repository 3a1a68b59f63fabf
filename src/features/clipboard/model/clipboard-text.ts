/** How big a text is: code points (what a person counts as characters) and UTF-8 bytes sent. */
export interface TextSize {
  characters: number;
  bytes: number;
}

/**
 * Counts code points and UTF-8 bytes in one pass, without encoding the text (it may be large and
 * is measured on every keystroke). A lone surrogate counts as one character of 3 bytes, the size
 * of the U+FFFD replacement it becomes when encoded.
 */
export function measureText(text: string): TextSize {
  let characters = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    characters++;
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return { characters, bytes };
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

export function utf8ByteLength(text: string): number {
  return measureText(text).bytes;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

export function formatBytes(bytes: number): string {
  return plural(bytes, 'byte', 'bytes');
}

/** E.g. `12 characters · 14 bytes`. */
export function formatTextSize(size: TextSize): string {
  return `${plural(size.characters, 'character', 'characters')} · ${formatBytes(size.bytes)}`;
}

/** The first line of a text, for one-line previews; a placeholder when it would show nothing. */
export function firstLine(text: string): string {
  if (text === '') return '(empty)';
  const line = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  return line.trim() === '' ? '(blank first line)' : line;
}

/** A preview short enough for an accessible name, cut on a code point boundary. */
export function shortPreview(text: string, limit = 32): string {
  const points: string[] = [];
  for (const point of firstLine(text)) {
    if (points.length === limit) return `${points.slice(0, limit - 1).join('')}…`;
    points.push(point);
  }
  return points.join('');
}

/** Local wall-clock time as `HH:MM:SS`, independent of the browser's locale. */
export function formatClockTime(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
