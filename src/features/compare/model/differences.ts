/**
 * What differs between run A and run B beyond their steps: console errors (by fingerprint) seen in
 * one run only or a different number of times; requests that went differently
 * (request-differences.ts); pages visited by one run only, and the load time, LCP and CLS of the
 * pages both visited, side by side; error lines of the logs whose pattern only one run has. All
 * in one list, most important first (errors and failures before slowness and extra requests).
 */
import type { PageVisit } from '../../../entities/session-events/model/pages';
import type { TimelineSource } from '../../../entities/session-events/model/types';
import {
  byImportance,
  countsText,
  formatMs,
  median,
  muchSlower,
  plural,
  RANK,
  type Differences,
  type ErrorDifference,
  type LogDifference,
  type LogLine,
  type PageDifference,
  type PageMeasures,
  type PageSideBySide,
} from './difference-types';
import { errorFingerprint, fingerprintText, type ErrorFingerprint } from './fingerprint';
import { requestDifferences, requestFacts, type NetworkLookup } from './request-differences';
import { urlPattern } from './url-pattern';

/** What the differences are read from, for one run. */
export interface RunFacts {
  source: Pick<TimelineSource, 'forEach'>;
  network: NetworkLookup;
  /** The run's page visits (computePages). */
  visits: readonly PageVisit[];
  logs?: readonly LogLine[];
}

const MESSAGE_SHOWN = 120;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// ---- console errors -----------------------------------------------------------------------------

interface ErrorFacts {
  fingerprint: ErrorFingerprint;
  count: number;
  first: number;
}

function errorFacts(source: Pick<TimelineSource, 'forEach'>): Map<string, ErrorFacts> {
  const facts = new Map<string, ErrorFacts>();
  source.forEach((item) => {
    if (item.kind !== 'event' || item.type !== 'console_error') return;
    const fingerprint = errorFingerprint(item);
    if (!fingerprint) return;
    const entry = facts.get(fingerprint.key);
    if (entry) entry.count += 1;
    else facts.set(fingerprint.key, { fingerprint, count: 1, first: item.index });
  });
  return facts;
}

/** An error as people read it: its message, and where it was thrown when known. */
export function errorLabel(fingerprint: Omit<ErrorFingerprint, 'key'>): string {
  const message = clip(fingerprint.message || '(no message)', MESSAGE_SHOWN);
  if (fingerprint.file === null) return message;
  const file = fingerprint.file.split('/').pop() || fingerprint.file;
  return `${message} (${fingerprint.functionName} in ${file})`;
}

function errorDifferences(
  a: Map<string, ErrorFacts>,
  b: Map<string, ErrorFacts>,
): ErrorDifference[] {
  const found: ErrorDifference[] = [];
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const key of keys) {
    const inA = a.get(key);
    const inB = b.get(key);
    const countA = inA?.count ?? 0;
    const countB = inB?.count ?? 0;
    if (countA === countB) continue;
    const fingerprint = (inA ?? inB)?.fingerprint as ErrorFingerprint;
    const oneRun = countA === 0 || countB === 0;
    found.push({
      kind: 'error',
      rank: oneRun ? RANK.errorInOneRun : RANK.errorCount,
      text: `${oneRun ? `error only in ${countA === 0 ? 'B' : 'A'}` : 'error count differs'}: ${errorLabel(fingerprint)}: ${countsText(countA, countB)}`,
      countA,
      countB,
      fingerprint: key,
      message: fingerprint.message,
      functionName: fingerprint.functionName,
      file: fingerprint.file,
      exampleA: inA?.first ?? null,
      exampleB: inB?.first ?? null,
    });
  }
  return found;
}

// ---- pages --------------------------------------------------------------------------------------

interface PageFacts {
  pattern: string;
  count: number;
  first: number;
  loads: number[];
  lcps: number[];
  shifts: number[];
}

function pageFacts(visits: readonly PageVisit[]): Map<string, PageFacts> {
  const facts = new Map<string, PageFacts>();
  for (const visit of visits) {
    const pattern = urlPattern(visit.url) || '(no URL)';
    let entry = facts.get(pattern);
    if (!entry) {
      entry = { pattern, count: 0, first: visit.index, loads: [], lcps: [], shifts: [] };
      facts.set(pattern, entry);
    }
    entry.count += 1;
    if (visit.loadMs !== null) entry.loads.push(visit.loadMs);
    if (visit.lcp) entry.lcps.push(visit.lcp.ms);
    if (Number.isFinite(visit.cls)) entry.shifts.push(visit.cls);
  }
  return facts;
}

function measures(facts: PageFacts | undefined): PageMeasures | null {
  if (!facts) return null;
  return { loadMs: median(facts.loads), lcpMs: median(facts.lcps), cls: median(facts.shifts) };
}

/** How a page fared worse in one run: much slower to load or paint, or shifting poorly. */
function worse(slow: PageMeasures, fast: PageMeasures, run: 'A' | 'B', other: 'A' | 'B'): string[] {
  const found: string[] = [];
  if (muchSlower(slow.loadMs, fast.loadMs))
    found.push(
      `load ${formatMs(slow.loadMs)} in ${run} against ${formatMs(fast.loadMs)} in ${other}`,
    );
  if (muchSlower(slow.lcpMs, fast.lcpMs))
    found.push(`LCP ${formatMs(slow.lcpMs)} in ${run} against ${formatMs(fast.lcpMs)} in ${other}`);
  if (slow.cls !== null && fast.cls !== null && slow.cls > 0.25 && fast.cls < 0.1)
    found.push(`CLS ${slow.cls.toFixed(2)} in ${run} against ${fast.cls.toFixed(2)} in ${other}`);
  return found;
}

function pageDifferences(
  a: Map<string, PageFacts>,
  b: Map<string, PageFacts>,
): { differences: PageDifference[]; pages: PageSideBySide[] } {
  const differences: PageDifference[] = [];
  const pages: PageSideBySide[] = [];
  const patterns = new Set([...a.keys(), ...b.keys()]);
  for (const pattern of patterns) {
    const inA = a.get(pattern);
    const inB = b.get(pattern);
    const countA = inA?.count ?? 0;
    const countB = inB?.count ?? 0;
    const side = { pattern, countA, countB, a: measures(inA), b: measures(inB) };
    pages.push(side);
    const base = {
      kind: 'page' as const,
      ...side,
      exampleA: inA?.first ?? null,
      exampleB: inB?.first ?? null,
    };
    if (!side.a || !side.b) {
      const run = side.a ? 'A' : 'B';
      const visits = plural(countA + countB, 'visit');
      differences.push({
        ...base,
        change: 'only',
        rank: RANK.pageInOneRun,
        text: `page only in ${run}: ${pattern} (${visits})`,
      });
      continue;
    }
    const found = [...worse(side.b, side.a, 'B', 'A'), ...worse(side.a, side.b, 'A', 'B')];
    if (found.length > 0)
      differences.push({
        ...base,
        change: 'worse',
        rank: RANK.slower,
        text: `page ${pattern}: ${found.join('; ')}`,
      });
  }
  return { differences, pages };
}

// ---- log lines ----------------------------------------------------------------------------------

interface LogFacts {
  count: number;
  first: number;
  example: string;
}

function logFacts(lines: readonly LogLine[] | undefined): Map<string, LogFacts> {
  const facts = new Map<string, LogFacts>();
  (lines ?? []).forEach((line, position) => {
    if (!line || line.error !== true) return;
    const fingerprint = fingerprintText(typeof line.text === 'string' ? line.text : '');
    const entry = facts.get(fingerprint);
    if (entry) entry.count += 1;
    else facts.set(fingerprint, { count: 1, first: position, example: fingerprint });
  });
  return facts;
}

function logDifferences(a: Map<string, LogFacts>, b: Map<string, LogFacts>): LogDifference[] {
  const found: LogDifference[] = [];
  const only = (mine: Map<string, LogFacts>, theirs: Map<string, LogFacts>, run: 'A' | 'B') => {
    for (const [fingerprint, facts] of mine) {
      if (theirs.has(fingerprint)) continue;
      const countA = run === 'A' ? facts.count : 0;
      const countB = run === 'B' ? facts.count : 0;
      found.push({
        kind: 'log',
        rank: RANK.logErrorInOneRun,
        text: `log error only in ${run}: "${clip(facts.example || '(empty line)', MESSAGE_SHOWN)}" (${plural(facts.count, 'line')})`,
        countA,
        countB,
        fingerprint,
        example: facts.example,
        exampleA: run === 'A' ? facts.first : null,
        exampleB: run === 'B' ? facts.first : null,
      });
    }
  };
  only(a, b, 'A');
  only(b, a, 'B');
  return found;
}

// ---- all together -------------------------------------------------------------------------------

/** Every difference between two runs, most important first, and their pages side by side. */
export function findDifferences(a: RunFacts, b: RunFacts): Differences {
  const pages = pageDifferences(pageFacts(a.visits), pageFacts(b.visits));
  const list = [
    ...errorDifferences(errorFacts(a.source), errorFacts(b.source)),
    ...requestDifferences(requestFacts(a.source, a.network), requestFacts(b.source, b.network)),
    ...pages.differences,
    ...logDifferences(logFacts(a.logs), logFacts(b.logs)),
  ].sort(byImportance);
  return { list, pages: pages.pages };
}
