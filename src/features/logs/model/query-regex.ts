/**
 * Regular-expression matching for the log filter and search. Patterns use the `u` flag when they are
 * valid with it (so `.` and classes see whole characters) and fall back to the legacy syntax.
 */
import type { Range } from '../../../lib/plain-match';

export type RegexMatcher =
  | {
      ok: true;
      test: (line: string) => boolean;
      ranges: (line: string, max: number) => Range[];
    }
  | { ok: false; error: string };

/**
 * Upper bound on match attempts per line when collecting ranges, so a pattern that matches the empty
 * string everywhere cannot stall on a very long line. Ranges past this point are not reported.
 */
const MAX_ATTEMPTS = 100_000;

export function regexMatcher(source: string, caseSensitive: boolean): RegexMatcher {
  const flags = caseSensitive ? '' : 'i';
  let unicode = true;
  let tester = tryCompile(source, `${flags}u`);
  if (tester instanceof Error) {
    unicode = false;
    tester = tryCompile(source, flags);
  }
  if (tester instanceof Error) return { ok: false, error: describe(tester) };
  const finder = new RegExp(source, `${tester.flags}g`);
  const test = tester.test.bind(tester);
  return {
    ok: true,
    test,
    ranges: (line, max) => regexRanges(finder, line, max, unicode),
  };
}

function tryCompile(source: string, flags: string): RegExp | Error {
  try {
    return new RegExp(source, flags);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** Non-empty matches, left to right, at most `max`; empty matches are stepped over. */
function regexRanges(finder: RegExp, line: string, max: number, unicode: boolean): Range[] {
  const ranges: Range[] = [];
  finder.lastIndex = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && ranges.length < max; attempt++) {
    const match = finder.exec(line);
    if (match === null) break;
    const start = match.index;
    const end = start + match[0].length;
    if (end > start) {
      ranges.push([start, end]);
      continue;
    }
    if (start >= line.length) break;
    finder.lastIndex = start + (unicode && isSurrogatePairAt(line, start) ? 2 : 1);
  }
  finder.lastIndex = 0;
  return ranges;
}

function isSurrogatePairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  if (high < 0xd800 || high > 0xdbff) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}

/** Engine messages turned into short explanations, e.g. `Invalid regular expression: missing )`. */
const EXPLANATIONS: ReadonlyArray<[RegExp, string]> = [
  [/unterminated group|missing \)|unterminated parenthetical/i, 'missing )'],
  [/unmatched '\)'|unmatched \)|unbalanced parenthesis/i, 'unmatched )'],
  [/unterminated character class|missing \]/i, 'missing ]'],
  [/nothing to repeat|lone quantifier/i, 'nothing to repeat'],
  [/\\ at end of pattern|trailing \\/i, 'pattern ends with \\'],
  [/incomplete quantifier/i, 'incomplete {…} quantifier'],
  [/numbers out of order/i, 'numbers out of order in {…}'],
  [/invalid group|invalid capture group name|invalid named/i, 'invalid group'],
];

function describe(error: Error): string {
  const message = error.message;
  for (const [pattern, text] of EXPLANATIONS) {
    if (pattern.test(message)) return `Invalid regular expression: ${text}`;
  }
  // V8: "Invalid regular expression: /(/u: Unterminated group" – keep the part after the pattern.
  const detail = message.slice(message.lastIndexOf(': ') + 2) || message;
  return `Invalid regular expression: ${detail.charAt(0).toLowerCase()}${detail.slice(1)}`;
}
