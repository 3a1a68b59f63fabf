/**
 * A row that could not be measured: the cause read from an error (with its causes), the name the
 * progress log and the goals give a row, and the empty figures a failed ingest row carries.
 */
import { rateLabel } from './format.ts';
import type { IngestResult } from './results.ts';
import { latency, spread } from './stats.ts';

/** Longest cause kept; a browser automation error can carry a long call log. */
const CAUSE_CHARS = 400;

/** An error's message and those of its causes, on one line (`fetch failed: connect ECONNREFUSED …`). */
export function causeOf(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    const text = (current instanceof Error ? current.message : String(current))
      .replace(/\s+/g, ' ')
      .trim();
    if (text && !parts.some((part) => part.includes(text))) parts.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  const cause = parts.join(': ') || 'unknown error';
  return cause.length > CAUSE_CHARS ? `${cause.slice(0, CAUSE_CHARS - 1)}…` : cause;
}

export type IngestRow = Pick<IngestResult, 'client' | 'stream' | 'source' | 'targetRate' | 'round'>;

/**
 * The row's name: `logs firehose`, `bare page, telemetry firehose, round 2`, `file tail at
 * 50,000/s`, …
 */
export function rowLabel(row: IngestRow): string {
  const round = row.round === undefined ? '' : `, round ${row.round}`;
  if (row.client === 'bare') return `bare page, ${row.stream} firehose${round}`;
  if (row.client === 'frontail') return `frontail, file tail at ${rateLabel(row.targetRate)}`;
  if (row.source === 'firehose') return `${row.stream} firehose${round}`;
  if (row.source === 'tail') return `file tail at ${rateLabel(row.targetRate)}`;
  return `telemetry published at ${rateLabel(row.targetRate)}`;
}

/** The ingest row as failed: nothing delivered, not kept up, and why. */
export function failedIngest(row: IngestRow, error: string): IngestResult {
  return {
    ...row,
    written: 0,
    writeRate: 0,
    delivered: 0,
    rate: spread([]),
    overallRate: 0,
    lag: null,
    frames: latency([]),
    longTasks: { count: 0, max: 0 },
    keptUp: false,
    error,
  };
}
