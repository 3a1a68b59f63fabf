/**
 * Plain substring matching, optionally ignoring case: the log filter and search, the All view's filter.
 */

export type Range = [start: number, end: number];

/** Whether a needle has any letter whose case could differ (`"404 /api"` has none). */
function hasCase(text: string): boolean {
  return text.toLowerCase() !== text.toUpperCase();
}

const NON_ASCII = /[\u0080-\uffff]/;

/** Whether text is ASCII only (stored with each log line: see PlainMatcher.test). */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface PlainMatcher {
  /**
   * `ascii`: the caller knows the line is ASCII only. Ignoring case then needs no lower-case copy
   * of the line (an ASCII-only regular expression gives the same answer), which is most of the
   * cost of filtering a million lines.
   */
  test: (line: string, ascii?: boolean) => boolean;
  ranges: (line: string, max: number) => Range[];
}

export function plainMatcher(text: string, caseSensitive: boolean): PlainMatcher {
  if (caseSensitive || !hasCase(text)) {
    return {
      test: (line) => line.includes(text),
      ranges: (line, max) => substringRanges(line, text, max),
    };
  }
  const needle = text.toLowerCase();
  // For an ASCII line only ASCII letters can match, and /i compares those exactly as lower-casing
  // does; a needle with other characters cannot occur in an ASCII line at all.
  const asciiNeedle = isAscii(needle) ? new RegExp(escapeRegex(needle), 'i') : null;
  return {
    test: (line, ascii) => {
      if (ascii === true) return asciiNeedle !== null && asciiNeedle.test(line);
      // A line that already contains the lower-case needle needs no lower-case copy.
      return line.includes(needle) || line.toLowerCase().includes(needle);
    },
    ranges: (line, max) => {
      const lower = line.toLowerCase();
      if (lower.length === line.length) return substringRanges(lower, needle, max);
      return substringRanges(lowerWithOrigins(line), needle, max);
    },
  };
}

/**
 * Lower-cased text plus, for each of its UTF-16 units, where the character it came from starts and
 * ends in the original (a few characters, such as `İ`, grow when lower-cased).
 */
interface MappedText {
  text: string;
  starts: number[];
  ends: number[];
}

function lowerWithOrigins(line: string): MappedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < line.length;) {
    const code = line.codePointAt(i) ?? 0;
    const width = code > 0xffff ? 2 : 1;
    const lower = line.slice(i, i + width).toLowerCase();
    for (let k = 0; k < lower.length; k++) {
      starts.push(i);
      ends.push(i + width);
    }
    text += lower;
    i += width;
  }
  return { text, starts, ends };
}

/** Non-overlapping occurrences of `needle`, left to right, at most `max`. */
function substringRanges(haystack: string | MappedText, needle: string, max: number): Range[] {
  const ranges: Range[] = [];
  if (typeof haystack === 'string') {
    let at = haystack.indexOf(needle);
    while (at !== -1 && ranges.length < max) {
      ranges.push([at, at + needle.length]);
      at = haystack.indexOf(needle, at + needle.length);
    }
    return ranges;
  }
  let previousEnd = 0;
  let at = haystack.text.indexOf(needle);
  while (at !== -1 && ranges.length < max) {
    const end = at + needle.length;
    const start = haystack.starts[at] ?? 0;
    const originalEnd = haystack.ends[end - 1] ?? start;
    // Two matches inside one grown character collapse into one range.
    if (start >= previousEnd) {
      ranges.push([start, originalEnd]);
      previousEnd = originalEnd;
    }
    at = haystack.text.indexOf(needle, end);
  }
  return ranges;
}
