/**
 * Two runs' steps lined up by what they did, not by their clocks: first their page visits (by URL
 * pattern), then the steps within each pair of visits. Rows pair a step of run A with one of run
 * B; where the runs did different things the rows hold a step of one run against a different step
 * of the other, or against nothing. The divergence is the first row where they differ. Degenerate
 * cases (a run without telemetry, runs with nothing in common, steps cut, an approximate match on
 * huge runs) come with a note in words.
 */
import { hostOf } from './url-pattern';
import {
  DEFAULT_CELLS_PER_MATCH,
  DEFAULT_TOTAL_CELLS,
  DEFAULT_WINDOW,
  matchSequences,
  type MatchBudget,
} from './sequence-match';
import { MAX_STEPS_PER_VISIT, type RunSteps, type Step, type VisitSteps } from './steps';

export interface AlignedRow {
  a: Step | null;
  b: Step | null;
  /** Both runs did the same thing here (equal keys). */
  same: boolean;
}

export interface Alignment {
  rows: AlignedRow[];
  /** Position in `rows` of the first row where the runs did different things; null when none. */
  divergence: number | null;
  /** Rows where both did the same thing. */
  common: number;
  /** Steps of each run (page visits among them). */
  stepsA: number;
  stepsB: number;
  /** Whether the best alignment was found (else one good enough for huge runs, see notes). */
  exact: boolean;
  /** Sentences on what the alignment could not do or found odd. */
  notes: string[];
}

export interface AlignOptions {
  /** Largest table one exact match may fill (steps of A × steps of B); 4,000,000 unless given. */
  exactCells?: number;
  /** Cells for exact matching over the whole alignment; 40,000,000 unless given. */
  totalCells?: number;
  /** How far ahead the approximate match looks for a step; 64 unless given. */
  window?: number;
  /** The cap the steps were read with, for the note when steps were cut. */
  maxStepsPerVisit?: number;
}

/** Numbers for keys, shared by both runs, so that matching compares numbers. */
class KeyNumbers {
  private readonly numbers = new Map<string, number>();
  of(key: string): number {
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.numbers.size;
      this.numbers.set(key, number);
    }
    return number;
  }
}

/** What happened before the first page pairs with the other run's. */
const START_KEY = '\n(before the first page)';

function row(a: Step | null, b: Step | null): AlignedRow {
  return { a, b, same: a !== null && b !== null && a.key === b.key };
}

/** Rows for two lists matched by `pairs`: matched ones side by side, the others zipped between. */
function zipRows<T>(
  a: readonly T[],
  b: readonly T[],
  pairs: readonly number[],
  emit: (a: T | null, b: T | null) => void,
): void {
  let i = 0;
  let j = 0;
  const gap = (toA: number, toB: number): void => {
    while (i < toA || j < toB) {
      emit(i < toA ? (a[i] as T) : null, j < toB ? (b[j] as T) : null);
      if (i < toA) i += 1;
      if (j < toB) j += 1;
    }
  };
  for (let at = 0; at < pairs.length; at += 2) {
    const pi = pairs[at] as number;
    const pj = pairs[at + 1] as number;
    gap(pi, pj);
    emit(a[pi] as T, b[pj] as T);
    i = pi + 1;
    j = pj + 1;
  }
  gap(a.length, b.length);
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

function countSteps(run: RunSteps): number {
  let count = 0;
  for (const group of run.groups) count += group.steps.length + (group.step ? 1 : 0);
  return count;
}

function sites(run: RunSteps): Set<string> {
  const hosts = new Set<string>();
  for (const visit of run.visits) {
    const host = hostOf(visit.url);
    if (host !== '') hosts.add(host);
  }
  return hosts;
}

function list(values: Iterable<string>, max = 3): string {
  const all = [...values];
  const shown = all.slice(0, max).join(', ');
  return all.length > max ? `${shown} and ${all.length - max} more` : shown;
}

/** The notes on runs that cannot be compared well, or only in part. */
function notesOn(a: RunSteps, b: RunSteps, rows: AlignedRow[], options: AlignOptions): string[] {
  const notes: string[] = [];
  if (a.events === 0 && b.events === 0) notes.push('neither run has telemetry');
  else if (a.events === 0) notes.push('run A has no telemetry');
  else if (b.events === 0) notes.push('run B has no telemetry');
  if (a.events === 0 || b.events === 0) return notes;
  const hostsA = sites(a);
  const hostsB = sites(b);
  const shared = [...hostsA].some((host) => hostsB.has(host));
  if (hostsA.size > 0 && hostsB.size > 0 && !shared) {
    notes.push(
      `the runs visited different sites (A: ${list(hostsA)}; B: ${list(hostsB)}): ` +
        'there is little to line up',
    );
  } else {
    const firstVisit = rows.findIndex(
      (each) => each.a?.kind === 'visit' || each.b?.kind === 'visit',
    );
    if (firstVisit >= 0) {
      const after = rows.slice(firstVisit + 1);
      const stepsAfter = (side: 'a' | 'b'): boolean => after.some((each) => each[side] !== null);
      if (stepsAfter('a') && stepsAfter('b') && !after.some((each) => each.same))
        notes.push('nothing in common after the first page');
    }
  }
  const cap = options.maxStepsPerVisit ?? MAX_STEPS_PER_VISIT;
  for (const [name, run] of [
    ['A', a],
    ['B', b],
  ] as const) {
    if (run.cut === 0) continue;
    const pages = run.groups.filter((group) => group.cut > 0).length;
    notes.push(
      `run ${name}: ${plural(pages, 'page')} had more than ${plural(cap, 'step')}; only the ` +
        `first ${cap.toLocaleString('en-US')} of each are compared (${plural(run.cut, 'step')} left out)`,
    );
  }
  return notes;
}

/** Lines up two runs' steps (see the file's comment). */
export function alignRuns(a: RunSteps, b: RunSteps, options: AlignOptions = {}): Alignment {
  const numbers = new KeyNumbers();
  const budget: MatchBudget = {
    cellsPerMatch: options.exactCells ?? DEFAULT_CELLS_PER_MATCH,
    cells: options.totalCells ?? DEFAULT_TOTAL_CELLS,
    window: options.window ?? DEFAULT_WINDOW,
    exact: true,
  };
  const groupKeys = (run: RunSteps): Int32Array =>
    Int32Array.from(run.groups, (group) => numbers.of(group.step ? group.step.key : START_KEY));
  const stepKeys = (steps: readonly Step[]): Int32Array =>
    Int32Array.from(steps, (step) => numbers.of(step.key));

  const rows: AlignedRow[] = [];
  const emitGroups = (groupA: VisitSteps | null, groupB: VisitSteps | null): void => {
    const visitA = groupA?.step ?? null;
    const visitB = groupB?.step ?? null;
    if (visitA || visitB) rows.push(row(visitA, visitB));
    const stepsA = groupA?.steps ?? [];
    const stepsB = groupB?.steps ?? [];
    const pairs =
      stepsA.length > 0 && stepsB.length > 0
        ? matchSequences(stepKeys(stepsA), stepKeys(stepsB), budget)
        : [];
    zipRows(stepsA, stepsB, pairs, (stepA, stepB) => rows.push(row(stepA, stepB)));
  };
  const groupPairs = matchSequences(groupKeys(a), groupKeys(b), budget);
  zipRows(a.groups, b.groups, groupPairs, emitGroups);

  let divergence: number | null = null;
  let common = 0;
  rows.forEach((each, at) => {
    if (each.same) common += 1;
    else divergence ??= at;
  });
  const notes = notesOn(a, b, rows, options);
  const stepsA = countSteps(a);
  const stepsB = countSteps(b);
  if (!budget.exact) {
    notes.push(
      `the runs have too many steps to line up exactly (${plural(stepsA, 'step')} and ` +
        `${stepsB.toLocaleString('en-US')}): the steps each run took once were lined up first, ` +
        'then their neighbours; a few rows may pair otherwise than the best alignment would',
    );
  }
  return { rows, divergence, common, stepsA, stepsB, exact: budget.exact, notes };
}
