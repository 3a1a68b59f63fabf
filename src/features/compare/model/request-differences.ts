/**
 * Requests that went differently in two runs, matched by method and URL pattern: an outcome one
 * run saw and the other did not (a 500 where the other had 200, a failure), outcomes that share
 * nothing, much slower (medians: over twice as long and 200 ms more), or made by one run only.
 */
import { computeNetworkRows } from '../../../entities/session-events/model/network-table';
import type { NetworkExchange } from '../../../entities/session-events/model/network';
import type { EventItem, TimelineSource } from '../../../entities/session-events/model/types';
import {
  countsText,
  formatMs,
  median,
  muchSlower,
  RANK,
  tally,
  type RequestChange,
  type RequestDifference,
} from './difference-types';
import { urlPattern } from './url-pattern';

/** What a comparison reads of a run's network: the timeline's index of exchanges. */
export interface NetworkLookup {
  exchangeOf(item: EventItem): NetworkExchange | null;
}

/** The requests of one run with one method and URL pattern. */
export interface RequestFacts {
  method: string;
  pattern: string;
  /** One outcome per request, in order. */
  outcomes: string[];
  /** Durations of those that finished (or failed), ms. */
  durations: number[];
  /** Timeline index of the first request with each outcome. */
  firstOf: Map<string, number>;
}

const OUTCOMES_SHOWN = 4;

/** A request's outcome: its status, `failed (reason)`, `canceled`, or `pending`. */
function outcomeOf(
  failed: boolean,
  canceled: boolean,
  errorText: string | null,
  status: number | null,
) {
  if (failed) return canceled ? 'canceled' : `failed${errorText ? ` (${errorText})` : ''}`;
  return status !== null ? String(status) : 'pending';
}

/** A failure, or an HTTP error status. */
function isBad(outcome: string): boolean {
  if (outcome.startsWith('failed')) return true;
  const status = Number(outcome);
  return Number.isInteger(status) && status >= 400;
}

/** A run's requests by method and URL pattern (the key), in the order first made. */
export function requestFacts(
  source: Pick<TimelineSource, 'forEach'>,
  network: NetworkLookup,
): Map<string, RequestFacts> {
  const facts = new Map<string, RequestFacts>();
  const patterns = new Map<string, string>();
  for (const row of computeNetworkRows(source, (item) => network.exchangeOf(item))) {
    const { view } = row;
    const url = view.url ?? '';
    let pattern = patterns.get(url);
    if (pattern === undefined) {
      pattern = urlPattern(url) || '(no URL)';
      patterns.set(url, pattern);
    }
    const method = (view.method ?? 'REQUEST').toUpperCase();
    const key = `${method} ${pattern}`;
    let entry = facts.get(key);
    if (!entry) {
      entry = { method, pattern, outcomes: [], durations: [], firstOf: new Map() };
      facts.set(key, entry);
    }
    const outcome = outcomeOf(row.failed, view.canceled, view.errorText, view.status);
    entry.outcomes.push(outcome);
    if (!entry.firstOf.has(outcome)) entry.firstOf.set(outcome, row.index);
    if (view.durationMs !== null && view.durationMs >= 0) entry.durations.push(view.durationMs);
  }
  return facts;
}

function shown(outcomes: readonly string[]): string {
  const counted = tally(outcomes);
  const head = counted.slice(0, OUTCOMES_SHOWN).join(', ');
  return counted.length > OUTCOMES_SHOWN ? `${head}, …` : head;
}

function firstIndex(facts: RequestFacts | undefined, outcome?: string): number | null {
  if (!facts) return null;
  if (outcome !== undefined) {
    const index = facts.firstOf.get(outcome);
    if (index !== undefined) return index;
  }
  let first: number | null = null;
  for (const index of facts.firstOf.values())
    first = first === null ? index : Math.min(first, index);
  return first;
}

function difference(
  change: RequestChange,
  a: RequestFacts | undefined,
  b: RequestFacts | undefined,
  text: string,
  examples: { a?: string; b?: string } = {},
): RequestDifference {
  const facts = (a ?? b) as RequestFacts;
  const rank =
    change === 'failed'
      ? RANK.requestFailed
      : change === 'status'
        ? RANK.requestStatus
        : change === 'slower'
          ? RANK.slower
          : RANK.requestInOneRun;
  return {
    kind: 'request',
    change,
    rank,
    text,
    method: facts.method,
    pattern: facts.pattern,
    countA: a?.outcomes.length ?? 0,
    countB: b?.outcomes.length ?? 0,
    outcomesA: a ? tally(a.outcomes) : [],
    outcomesB: b ? tally(b.outcomes) : [],
    medianMsA: a ? median(a.durations) : null,
    medianMsB: b ? median(b.durations) : null,
    exampleA: firstIndex(a, examples.a),
    exampleB: firstIndex(b, examples.b),
  };
}

/** How one method and URL pattern went differently in the two runs; null when it did not. */
function compareRequest(
  a: RequestFacts | undefined,
  b: RequestFacts | undefined,
): RequestDifference | null {
  const name = `${(a ?? b)?.method} ${(a ?? b)?.pattern}`;
  if (!a || !b) {
    const side = a ? 'A' : 'B';
    const count = (a ?? b)?.outcomes.length ?? 0;
    return difference(
      'only',
      a,
      b,
      `${name}: only in ${side} (${countsText(a ? count : 0, b ? count : 0)})`,
    );
  }
  const outcomesA = new Set(a.outcomes);
  const outcomesB = new Set(b.outcomes);
  const badOnlyA = [...outcomesA].filter((outcome) => isBad(outcome) && !outcomesB.has(outcome));
  const badOnlyB = [...outcomesB].filter((outcome) => isBad(outcome) && !outcomesA.has(outcome));
  const shared = [...outcomesA].some((outcome) => outcomesB.has(outcome));
  const outcomesText = `${name}: ${shown(a.outcomes)} in A, ${shown(b.outcomes)} in B`;
  if (badOnlyA.length > 0 || badOnlyB.length > 0) {
    const failed = [...badOnlyA, ...badOnlyB].some((outcome) => outcome.startsWith('failed'));
    return difference(failed ? 'failed' : 'status', a, b, outcomesText, {
      a: badOnlyA[0],
      b: badOnlyB[0],
    });
  }
  if (!shared) return difference('status', a, b, outcomesText);
  const medianA = median(a.durations);
  const medianB = median(b.durations);
  if (muchSlower(medianB, medianA)) {
    return difference(
      'slower',
      a,
      b,
      `${name}: much slower in B, ${formatMs(medianB)} against ${formatMs(medianA)} in A (medians)`,
    );
  }
  if (muchSlower(medianA, medianB)) {
    return difference(
      'slower',
      a,
      b,
      `${name}: much slower in A, ${formatMs(medianA)} against ${formatMs(medianB)} in B (medians)`,
    );
  }
  return null;
}

/** The requests that went differently (unordered: the caller sorts every difference together). */
export function requestDifferences(
  a: Map<string, RequestFacts>,
  b: Map<string, RequestFacts>,
): RequestDifference[] {
  const found: RequestDifference[] = [];
  for (const [key, factsA] of a) {
    const change = compareRequest(factsA, b.get(key));
    if (change) found.push(change);
  }
  for (const [key, factsB] of b) {
    if (a.has(key)) continue;
    const change = compareRequest(undefined, factsB);
    if (change) found.push(change);
  }
  return found;
}
