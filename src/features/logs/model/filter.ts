/**
 * Line matching for the log viewer: the filter (hides lines that do not match) and search (highlights
 * matches). Everything here matches against the line with escape sequences already removed
 * (`stripAnsi`), so callers pass stripped text and highlight ranges index into that stripped text.
 */
import type { LogLevel } from './level';
import { plainMatcher } from '../../../lib/plain-match';
import { regexMatcher } from './query-regex';

export interface TextQuery {
  text: string;
  regex: boolean;
  caseSensitive: boolean;
}

export type CompiledQuery =
  | {
      ok: true;
      /** `ascii`: the line is known to be ASCII only (a faster path, same answer). */
      test: (line: string, ascii?: boolean) => boolean;
      /** Non-overlapping, non-empty `[start, end)` matches, at most `MAX_RANGES_PER_LINE`. */
      ranges: (line: string) => Array<[start: number, end: number]>;
    }
  /** `ready`: a regular expression's engine is loading; compile again when this settles. */
  | { ok: false; error: string; ready?: Promise<void> };

/** Highlights reported per line at most. */
export const MAX_RANGES_PER_LINE = 1000;

/** The compiled query, or null when its text is empty (matches everything, highlights nothing). */
export function compileQuery(query: TextQuery): CompiledQuery | null {
  if (query.text === '') return null;
  if (!query.regex) {
    const matcher = plainMatcher(query.text, query.caseSensitive);
    return {
      ok: true,
      test: matcher.test,
      ranges: (line) => matcher.ranges(line, MAX_RANGES_PER_LINE),
    };
  }
  const matcher = regexMatcher(query.text, query.caseSensitive);
  if (!matcher.ok) return matcher;
  return {
    ok: true,
    test: matcher.test,
    ranges: (line) => matcher.ranges(line, MAX_RANGES_PER_LINE),
  };
}

export interface LineFilter {
  /** Lines must match this (empty: all lines). */
  include: TextQuery;
  /** Lines matching this are hidden (empty: none). */
  exclude: TextQuery;
  /** Levels shown; `'none'` stands for lines without a detected level. */
  levels: ReadonlySet<LogLevel | 'none'>;
}

export type CompiledLineFilter =
  | { ok: true; matches: (text: string, level: LogLevel | null, ascii?: boolean) => boolean }
  | { ok: false; error: string; ready?: Promise<void> };

const ALL_LEVEL_CHOICES = 6;

/**
 * Compiles a filter; `matches` takes the stripped line text, its detected level, and whether the
 * text is known to be ASCII only.
 */
export function compileLineFilter(filter: LineFilter): CompiledLineFilter {
  const include = compileQuery(filter.include);
  if (include !== null && !include.ok) return { ...include, error: `Filter: ${include.error}` };
  const exclude = compileQuery(filter.exclude);
  if (exclude !== null && !exclude.ok) return { ...exclude, error: `Exclude: ${exclude.error}` };
  // A copy, so later changes to the caller's set cannot change a compiled filter.
  const levels = new Set(filter.levels);
  const allLevels = levels.size >= ALL_LEVEL_CHOICES;
  const includeTest = include?.test;
  const excludeTest = exclude?.test;
  return {
    ok: true,
    matches: (text, level, ascii) => {
      if (!allLevels && !levels.has(level ?? 'none')) return false;
      if (includeTest !== undefined && !includeTest(text, ascii)) return false;
      return excludeTest === undefined || !excludeTest(text, ascii);
    },
  };
}
