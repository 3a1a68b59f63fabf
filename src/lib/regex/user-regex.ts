/**
 * Regular expressions that come from a person or from a link (the log filter and search, the
 * Network filter's `/regex/` terms): compiled so that no pattern can hold the page.
 *
 * The browser's engine backtracks, so a pattern such as `(a+)+$` can take minutes on one line, and
 * a link can carry such a pattern. Each pattern is checked first (pattern-shape.ts): one whose
 * backtracking is bounded runs on the browser's engine, which is the fastest; any other runs on a
 * linear-time engine (RE2), which never backtracks. Measured on 1,000,000 log lines of about 120
 * characters in Node 20: `error|warn` takes 52 ms on the browser's engine and 850 ms on the linear
 * one, `timeout \d+ms` 43 ms and 113 ms (913 ms ignoring case), so the browser's engine is kept
 * wherever it is safe. The linear engine has no lookaround and no backreferences, and such patterns
 * are refused with a message rather than run on the browser's engine where they would be unsafe.
 *
 * Patterns are read as JavaScript writes them: with the `u` flag when they are valid with it (so
 * `.` and classes see whole characters), else in the legacy syntax.
 */
import { LIMITS } from '../../config/limits';
import type { Range } from '../plain-match';
import { linearEngine, linearEngineStatus, loadLinearEngine } from './linear-engine';
import { patternShape } from './pattern-shape';

export interface UserRegex {
  /** Which engine runs it: the browser's (bounded backtracking) or the linear-time one. */
  engine: 'native' | 'linear';
  test: (text: string) => boolean;
  /**
   * A finder over one text: the first match starting at or after `from`, as UTF-16 offsets, or null.
   */
  finder: (text: string) => (from: number) => Range | null;
  /** The pattern sees whole characters, so a step past an empty match skips a surrogate pair. */
  unicode: boolean;
}

export type UserRegexResult =
  | { ok: true; regex: UserRegex }
  /** `ready`: the engine this pattern needs is loading; compile again when it settles. */
  | { ok: false; error: string; ready?: Promise<void> };

export const UNSUPPORTED_MESSAGE =
  'Lookaround and backreferences are not supported: patterns run on a linear-time engine so that no pattern can freeze the page';
export const PREPARING_MESSAGE = 'Preparing the regular-expression engine…';
export const ENGINE_FAILED_MESSAGE =
  'The regular-expression engine could not be loaded: reload the page to try again';

export function compileUserRegex(source: string, ignoreCase: boolean): UserRegexResult {
  const flags = ignoreCase ? 'i' : '';
  let native = tryCompile(source, `${flags}u`);
  if (native instanceof Error) native = tryCompile(source, flags);
  if (native instanceof Error) return { ok: false, error: describeRegexError(native) };

  // Loading starts with the first pattern typed, so it is usually there by the time one needs it.
  const ready = loadLinearEngine();
  const shape = patternShape(source, native.unicode, LIMITS.userRegex.nativeWorkMax);
  if (shape.unsupported !== null) return { ok: false, error: UNSUPPORTED_MESSAGE };
  if (shape.work <= LIMITS.userRegex.nativeWorkMax) return { ok: true, regex: nativeRegex(native) };

  const engine = linearEngine();
  if (engine === null) {
    if (linearEngineStatus() === 'failed') return { ok: false, error: ENGINE_FAILED_MESSAGE };
    return { ok: false, error: PREPARING_MESSAGE, ready };
  }
  try {
    const pattern = engine.compile(
      engine.translateRegExp(source),
      ignoreCase ? engine.CASE_INSENSITIVE : 0,
    );
    return {
      ok: true,
      regex: {
        engine: 'linear',
        unicode: true,
        test: (text) => pattern.test(text),
        finder: (text) => {
          const matcher = pattern.matcher(text);
          return (from) => (matcher.find(from) ? [matcher.start(), matcher.end()] : null);
        },
      },
    };
  } catch (error) {
    // valid JavaScript that RE2 reads otherwise, such as a repeat count above 1000
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: `Invalid regular expression: ${message.replace(/^error parsing regexp: /, '')}`,
    };
  }
}

function nativeRegex(tester: RegExp): UserRegex {
  const global = new RegExp(tester.source, `${tester.flags}g`);
  return {
    engine: 'native',
    unicode: tester.unicode,
    test: (text) => tester.test(text),
    finder: (text) => (from) => {
      global.lastIndex = from;
      const match = global.exec(text);
      global.lastIndex = 0;
      return match === null ? null : [match.index, match.index + match[0].length];
    },
  };
}

function tryCompile(source: string, flags: string): RegExp | Error {
  try {
    return new RegExp(source, flags);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
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

function describeRegexError(error: Error): string {
  const message = error.message;
  for (const [pattern, text] of EXPLANATIONS) {
    if (pattern.test(message)) return `Invalid regular expression: ${text}`;
  }
  // V8: "Invalid regular expression: /(/u: Unterminated group" – keep the part after the pattern.
  const detail = message.slice(message.lastIndexOf(': ') + 2) || message;
  return `Invalid regular expression: ${detail.charAt(0).toLowerCase()}${detail.slice(1)}`;
}
