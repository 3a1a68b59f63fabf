import { describe, expect, it } from 'vitest';
import { LogBuffer, type LogLine } from '../features/logs/stores/log-buffer';
import { linesAround } from './moment-log-lines';

function buffer(times: number[], capacity = 1_000): LogBuffer {
  const target = new LogBuffer(capacity);
  target.append(
    times.map((timeMs, at) => ({
      text: `line ${at} at ${timeMs}`,
      plain: `line ${at} at ${timeMs}`,
      timeMs,
      statedMs: Number.NaN,
      zoneless: false,
      inherited: false,
      level: null,
      ascii: true,
      notice: false,
    })),
  );
  return target;
}

const byRead = (line: LogLine): number => line.timeMs;
const seqs = (lines: LogLine[]): number[] => lines.map((line) => line.seq);

describe('linesAround', () => {
  it('finds the lines within the window, in stream order', () => {
    const lines = buffer([0, 1_000, 4_000, 5_000, 6_500, 9_000, 20_000]);
    expect(seqs(linesAround(lines, byRead, 5_000, 3_000))).toEqual([2, 3, 4]);
    expect(seqs(linesAround(lines, byRead, 30_000, 3_000))).toEqual([]);
  });

  it('keeps the nearest when there are too many, still in stream order', () => {
    const lines = buffer(Array.from({ length: 100 }, (_, at) => at * 10));
    const found = linesAround(lines, byRead, 500, 3_000, 5);
    expect(seqs(found)).toEqual([48, 49, 50, 51, 52]);
  });

  it('sees a line a little out of order near the window', () => {
    // a line stating an earlier time after later ones (several writers to one file)
    const lines = buffer([0, 100, 200, 10_000, 10_100, 5_050, 10_200, 10_300]);
    expect(seqs(linesAround(lines, byRead, 5_000, 100))).toEqual([5]);
  });

  it('reads only retained lines', () => {
    const lines = buffer([1, 2, 3, 4, 5, 6], 3);
    expect(seqs(linesAround(lines, byRead, 3, 10))).toEqual([3, 4, 5]);
  });
});
