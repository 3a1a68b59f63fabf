/** How the benchmark's figures are written in its tables: numbers, durations, rates, spreads. */
import type { Latency, Spread } from './stats.ts';

export const int = (value: number): string =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–';
export const ms = (value: number): string =>
  Number.isFinite(value) ? (value < 10 ? value.toFixed(1) : Math.round(value).toString()) : '–';
/** A share as a whole percentage. */
export const percent = (share: number): string =>
  Number.isFinite(share) ? `${Math.round(share * 100)}%` : '–';
/**
 * A measured share beside the share it is held to: a whole percentage, or one decimal where the
 * whole one would read as the goal itself, rounded away from it (a share of 69.8% against a goal
 * of 70% is written 69.8%, not 70%, which a reader would take as met).
 */
export const shareBeside = (share: number, goal: number): string => {
  if (!Number.isFinite(share) || share === goal) return percent(share);
  if (Math.round(share * 100) !== Math.round(goal * 100)) return percent(share);
  const tenths = share < goal ? Math.floor(share * 1000) : Math.ceil(share * 1000);
  return `${(tenths / 10).toFixed(1)}%`;
};
/**
 * A duration and the limit it is held to, as `ms` writes them, or with one decimal each where the
 * two would read the same: the duration rounded away from the limit (53.2 ms against a limit of
 * 52.7 is not written "53 ms (limit 53 ms)" beside "not met").
 */
export const msBeside = (value: number, limit: number): { value: string; limit: string } => {
  if (
    !Number.isFinite(value) ||
    !Number.isFinite(limit) ||
    value === limit ||
    ms(value) !== ms(limit)
  )
    return { value: ms(value), limit: ms(limit) };
  const shown = (value < limit ? Math.floor(value * 10) : Math.ceil(value * 10)) / 10;
  let limitShown = Math.round(limit * 10) / 10;
  // still the same to a decimal: the limit too is rounded away from the duration
  if (limitShown === shown)
    limitShown = (value < limit ? Math.ceil(limit * 10) : Math.floor(limit * 10)) / 10;
  return { value: shown.toFixed(1), limit: limitShown.toFixed(1) };
};
/** Bytes in MB (2^20) with one decimal under 100. */
export const mb = (bytes: number): string =>
  Number.isFinite(bytes)
    ? bytes / 2 ** 20 < 100
      ? `${(bytes / 2 ** 20).toFixed(1)} MB`
      : `${int(bytes / 2 ** 20)} MB`
    : '–';

export function rateLabel(rate: number): string {
  return rate === 0 ? 'max' : `${int(rate)}/s`;
}

export function spreadLabel(value: Spread, format: (n: number) => string = int): string {
  if (value.n === 0) return '–';
  if (value.n === 1) return format(value.median);
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
}

export function lagLabel(lag: Latency | null): string {
  return lag === null ? '–' : `${ms(lag.p50)} / ${ms(lag.p95)} / ${ms(lag.p99)}`;
}

/** Lays out rows of cells as a fixed-width text table with a rule under the header. */
export function textTable(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  const line = (row: string[]): string =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  if (!header) return '';
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...body.map(line),
  ].join('\n');
}
