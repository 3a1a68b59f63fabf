/**
 * What differs between two runs, as the comparison reports it: console errors, requests, pages
 * and log lines, each difference with its counts on both sides, an example of each side to open,
 * a sentence for people, and its rank (errors and failures first); and the small helpers that
 * count, take medians and order them.
 */

/** A line of a run's logs, as the log views read them. */
export interface LogLine {
  tsMs: number;
  text: string;
  error: boolean;
}

interface DifferenceBase {
  /** Lower comes first: see RANK. */
  rank: number;
  /** One sentence for people: `GET https://shop/api/cart: 200 in A, 500 in B`. */
  text: string;
  countA: number;
  countB: number;
}

export interface ErrorDifference extends DifferenceBase {
  kind: 'error';
  fingerprint: string;
  /** The message with its ids and numbers taken out. */
  message: string;
  functionName: string | null;
  file: string | null;
  /** Timeline index of one occurrence in each run; null where there is none. */
  exampleA: number | null;
  exampleB: number | null;
}

export type RequestChange = 'failed' | 'status' | 'slower' | 'only';

export interface RequestDifference extends DifferenceBase {
  kind: 'request';
  change: RequestChange;
  method: string;
  pattern: string;
  /** The outcomes seen (`200`, `500`, `failed (net::ERR_…)`, `canceled`, `pending`), with counts. */
  outcomesA: string[];
  outcomesB: string[];
  /** Median duration of the finished ones, ms; null when none finished. */
  medianMsA: number | null;
  medianMsB: number | null;
  /** Timeline index of one such request in each run (one with the differing outcome when so). */
  exampleA: number | null;
  exampleB: number | null;
}

export interface PageMeasures {
  /** Medians over the visits of the page that measured them; null when none did. */
  loadMs: number | null;
  lcpMs: number | null;
  cls: number | null;
}

export interface PageDifference extends DifferenceBase {
  kind: 'page';
  /** Visited by one run only, or much slower (or shifting much more) in one. */
  change: 'only' | 'worse';
  pattern: string;
  a: PageMeasures | null;
  b: PageMeasures | null;
  /** Timeline index of one visit in each run. */
  exampleA: number | null;
  exampleB: number | null;
}

export interface LogDifference extends DifferenceBase {
  kind: 'log';
  fingerprint: string;
  /** The first such line's text with its ids and numbers taken out. */
  example: string;
  /** Position in the run's lines of one such line; null where there is none. */
  exampleA: number | null;
  exampleB: number | null;
}

export type Difference = ErrorDifference | RequestDifference | PageDifference | LogDifference;

/** A page either run visited, with its measures side by side. */
export interface PageSideBySide {
  pattern: string;
  countA: number;
  countB: number;
  a: PageMeasures | null;
  b: PageMeasures | null;
}

export interface Differences {
  /** Everything that differs, most important first. */
  list: Difference[];
  /** Every page pattern either run visited, in the order first visited (A's, then B's own). */
  pages: PageSideBySide[];
}

/** The order differences are listed in: what most likely explains a failure first. */
export const RANK = {
  errorInOneRun: 0,
  requestFailed: 1,
  requestStatus: 2,
  errorCount: 3,
  logErrorInOneRun: 4,
  pageInOneRun: 5,
  slower: 6,
  requestInOneRun: 7,
} as const;

/** Most important first: by rank, then what run B (the failing one) has more of, then by count. */
export function byImportance(x: Difference, y: Difference): number {
  if (x.rank !== y.rank) return x.rank - y.rank;
  const moreInB = (d: Difference): number => (d.countB > d.countA ? 0 : 1);
  if (moreInB(x) !== moreInB(y)) return moreInB(x) - moreInB(y);
  const size = (d: Difference): number => Math.abs(d.countB - d.countA) + d.countA + d.countB;
  if (size(x) !== size(y)) return size(y) - size(x);
  return x.text < y.text ? -1 : x.text > y.text ? 1 : 0;
}

export function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

/** The median of some numbers; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Much slower: more than twice as long and more than `minMs` longer. */
export function muchSlower(slow: number | null, fast: number | null, minMs = 200): boolean {
  return slow !== null && fast !== null && slow > 2 * fast && slow - fast > minMs;
}

/** `1.2 s` or `340 ms`. */
export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** Counts of values, most frequent first (ties by value), as `200 ×3`, `500`. */
export function tally(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .map(([value, count]) => (count === 1 ? value : `${value} ×${count}`));
}

/** `in A, … in B` for a count on each side: `0 in A, 1 in B`. */
export function countsText(countA: number, countB: number): string {
  return `${countA.toLocaleString('en-US')} in A, ${countB.toLocaleString('en-US')} in B`;
}
