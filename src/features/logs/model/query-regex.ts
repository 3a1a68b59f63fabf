/**
 * Regular-expression matching for the log filter and search. Patterns are compiled so that none can
 * hold the page (src/lib/regex/user-regex.ts: the browser's engine where that is safe, else a
 * linear-time one).
 */
import { LIMITS } from '../../../config/limits';
import type { Range } from '../../../lib/plain-match';
import { compileUserRegex, type UserRegex } from '../../../lib/regex/user-regex';

export type RegexMatcher =
  | {
      ok: true;
      test: (line: string) => boolean;
      ranges: (line: string, max: number) => Range[];
    }
  /** `ready`: the pattern's engine is loading; compile again when this settles. */
  | { ok: false; error: string; ready?: Promise<void> };

/**
 * Upper bound on match attempts per line when collecting ranges, so a pattern that matches the empty
 * string everywhere cannot stall on a very long line. Ranges past this point are not reported.
 */
const MAX_ATTEMPTS = 100_000;

export function regexMatcher(source: string, caseSensitive: boolean): RegexMatcher {
  const compiled = compileUserRegex(source, !caseSensitive);
  if (!compiled.ok) return compiled;
  const { regex } = compiled;
  return {
    ok: true,
    test: regex.test,
    ranges: (line, max) => regexRanges(regex, line, max),
  };
}

/**
 * Non-empty matches, left to right, at most `max`; empty matches are stepped over. Each search
 * is linear in the line, but one per position could still add up on a long line, so collecting
 * stops after a time budget (the line is shown; later matches are not marked).
 */
function regexRanges(regex: UserRegex, line: string, max: number): Range[] {
  const ranges: Range[] = [];
  const find = regex.finder(line);
  const deadline = performance.now() + LIMITS.userRegex.highlightBudgetMs;
  let from = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && ranges.length < max; attempt++) {
    const match = find(from);
    if (match === null) break;
    const [start, end] = match;
    if (end > start) {
      ranges.push(match);
      from = end;
    } else {
      if (start >= line.length) break;
      from = start + (regex.unicode && isSurrogatePairAt(line, start) ? 2 : 1);
    }
    if (performance.now() > deadline) break;
  }
  return ranges;
}

function isSurrogatePairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  if (high < 0xd800 || high > 0xdbff) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}
