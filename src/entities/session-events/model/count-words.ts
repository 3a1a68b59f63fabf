/** How the timeline's counts read: a number with its word, and what a time range makes of it. */

// one formatter for every count: toLocaleString makes one per call, and counts are drawn often
const counts = new Intl.NumberFormat('en-US');

export function formatCount(count: number): string {
  return counts.format(count);
}

/** "1 error", "1,200 errors" (`plural` for a word that is not the word and an s). */
export function countOf(count: number, word: string, plural = `${word}s`): string {
  return `${formatCount(count)} ${count === 1 ? word : plural}`;
}

/** What counts as an error, for the titles of the counts of errors. */
export const ERRORS_ARE = 'console errors, failed requests, crashes and other failures';

/**
 * Where a count was counted: nothing more without a time range; with one, " in the time range
 * (of 12,000 in the session)", the session's count of the same thing beside it.
 */
export function rangeScope(ranged: boolean, sessionCount: number): string {
  return ranged ? ` in the time range (of ${formatCount(sessionCount)} in the session)` : '';
}
