/**
 * The comparison of two runs of one task, run A (passing) and run B (failing): their steps lined
 * up by what they did (align.ts), what differs between them (differences.ts), and a headline to
 * take in at a glance: where B diverged, the errors and failed requests only one run had, counts.
 * Pure: reads the two timelines (a few passes over each) and the runs' log lines.
 */
import type { TimelineSource } from '../../../entities/session-events/model/types';
import { alignRuns, type AlignOptions, type Alignment, type AlignedRow } from './align';
import { plural, type Difference, type Differences, type LogLine } from './difference-types';
import { findDifferences } from './differences';
import type { NetworkLookup } from './request-differences';
import { runSteps, type Step } from './steps';

/** A run's telemetry as a comparison reads it: a timeline's buffer (TelemetryBuffer) fits. */
export interface RunTelemetry extends TimelineSource {
  readonly network: NetworkLookup;
}

export interface RunInput {
  telemetry: RunTelemetry;
  /** The run's log lines, when it has any (error lines are compared by pattern). */
  logs?: readonly LogLine[];
}

export interface CompareOptions extends AlignOptions {
  /** Steps kept per page visit (the first ones); 5,000 unless given. */
  maxStepsPerVisit?: number;
}

export interface Comparison {
  alignment: Alignment;
  differences: Differences;
  /** A few lines to take in at a glance, most telling first. */
  headline: string[];
  /** Events each run held. */
  eventsA: number;
  eventsB: number;
}

const LABEL_MAX = 80;
const REQUESTS_IN_HEADLINE = 2;

/** A step in a few words: its key, cut short. */
export function stepLabel(step: Step | null): string {
  if (!step) return 'nothing';
  return step.key.length > LABEL_MAX ? `${step.key.slice(0, LABEL_MAX - 1)}…` : step.key;
}

/** Where and how B went another way than A, in a sentence. */
export function divergenceText(alignment: Alignment): string {
  const { divergence, rows } = alignment;
  if (divergence === null) {
    return alignment.stepsA === 0
      ? 'Neither run took a step'
      : `Both runs took the same ${plural(alignment.stepsA, 'step')}`;
  }
  const at = rows[divergence] as AlignedRow;
  const step = `step ${(divergence + 1).toLocaleString('en-US')}`;
  const after = divergence > 0 ? `, after ${plural(divergence, 'step')} in common` : '';
  if (at.a && at.b)
    return `B diverged at ${step}${after} (A: ${stepLabel(at.a)}, B: ${stepLabel(at.b)})`;
  if (at.a) return `B stopped at ${step}${after}, where A went on (A: ${stepLabel(at.a)})`;
  return `B went on at ${step}${after}, where A had stopped (B: ${stepLabel(at.b)})`;
}

function errorLines(list: readonly Difference[]): string[] {
  const lines: string[] = [];
  for (const run of ['B', 'A'] as const) {
    const only = list.filter(
      (each) => each.kind === 'error' && (run === 'B' ? each.countA === 0 : each.countB === 0),
    );
    if (only.length === 0) continue;
    const first = only[0] as Difference;
    const label = first.kind === 'error' ? first.message || '(no message)' : first.text;
    const more = only.length > 1 ? ` (and ${only.length - 1} more)` : '';
    lines.push(
      `${plural(only.length, 'error')} only in ${run}: ${label.slice(0, LABEL_MAX)}${more}`,
    );
  }
  const counted = list.filter(
    (each) => each.kind === 'error' && each.countA > 0 && each.countB > 0,
  );
  if (counted.length > 0)
    lines.push(`${plural(counted.length, 'error')} seen in both runs a different number of times`);
  return lines;
}

function requestLines(list: readonly Difference[]): string[] {
  const failed = list.filter(
    (each) => each.kind === 'request' && (each.change === 'failed' || each.change === 'status'),
  );
  const lines = failed.slice(0, REQUESTS_IN_HEADLINE).map((each) => each.text);
  if (failed.length > REQUESTS_IN_HEADLINE)
    lines.push(
      `and ${plural(failed.length - REQUESTS_IN_HEADLINE, 'more request')} with other outcomes`,
    );
  return lines;
}

function countsLine(comparison: Omit<Comparison, 'headline'>): string {
  const { alignment, differences, eventsA, eventsB } = comparison;
  const count = (kind: Difference['kind']): number =>
    differences.list.filter((each) => each.kind === kind).length;
  const parts = [
    count('error') > 0 && plural(count('error'), 'error'),
    count('request') > 0 && plural(count('request'), 'request'),
    count('page') > 0 && plural(count('page'), 'page'),
    count('log') > 0 && plural(count('log'), 'log pattern'),
  ].filter((part): part is string => typeof part === 'string');
  const differing = parts.length > 0 ? `differences: ${parts.join(', ')}` : 'no other differences';
  return (
    `A: ${plural(alignment.stepsA, 'step')}, ${plural(eventsA, 'event')}; ` +
    `B: ${plural(alignment.stepsB, 'step')}, ${plural(eventsB, 'event')}; ${differing}`
  );
}

/** The headline of a comparison: notes on what could not be compared, then the telling lines. */
export function headlineOf(comparison: Omit<Comparison, 'headline'>): string[] {
  const { alignment, differences } = comparison;
  const lines = alignment.notes
    .slice(0, 2)
    .map((note) => note.charAt(0).toUpperCase() + note.slice(1));
  if (comparison.eventsA > 0 && comparison.eventsB > 0) lines.push(divergenceText(alignment));
  lines.push(...errorLines(differences.list), ...requestLines(differences.list));
  lines.push(countsLine(comparison));
  return lines;
}

/** Compares run A (passing) with run B (failing). */
export function compareRuns(a: RunInput, b: RunInput, options: CompareOptions = {}): Comparison {
  const stepOptions = { maxStepsPerVisit: options.maxStepsPerVisit };
  const stepsA = runSteps(a.telemetry, stepOptions);
  const stepsB = runSteps(b.telemetry, stepOptions);
  const alignment = alignRuns(stepsA, stepsB, options);
  const differences = findDifferences(
    { source: a.telemetry, network: a.telemetry.network, visits: stepsA.visits, logs: a.logs },
    { source: b.telemetry, network: b.telemetry.network, visits: stepsB.visits, logs: b.logs },
  );
  const comparison = { alignment, differences, eventsA: stepsA.events, eventsB: stepsB.events };
  return { ...comparison, headline: headlineOf(comparison) };
}
