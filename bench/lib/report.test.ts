import { describe, expect, it } from 'vitest';
import { scaleTable } from './report.ts';
import type { ScaleResult } from './results.ts';

const MB = 2 ** 20;
const spread = { median: 50, min: 40, max: 60, n: 5 };

const scale: ScaleResult = {
  logLines: 1_000_000,
  logBytes: 100 * MB,
  logHeapMb: 115,
  logLoadMs: 5_000,
  filterMs: spread,
  searchMs: spread,
  scrollFrames: { p50: 16.7, p95: 16.8, p99: 33, max: 50, n: 170 },
  scrollLongTasks: { count: 0, max: 0 },
  telemetryEvents: 100_000,
  telemetryBytes: 70 * MB,
  telemetryHeapMb: 110,
  baselineHeapMb: 7,
  telemetryBaselineHeapMb: 6.7,
};

describe('scaleTable', () => {
  it('gives the heap of a timeline that followed its events beside their JSON bytes', () => {
    const table = scaleTable(
      {
        ...scale,
        following: {
          rate: 1_000,
          events: 19_994,
          tapped: 20_001,
          bytes: 5 * MB,
          heapMb: 23.4,
          baselineHeapMb: 8.4,
        },
      },
      null,
    );
    const row = table.split('\n').find((line) => line.includes('followed'));
    expect(row).toMatch(/^JS heap, 19,994 events followed at 1,000\/s, each row drawn/);
    // 15 MB over the baseline for 5 MB of JSON
    expect(row).toMatch(/15(\.0)? MB; 5(\.0)? MB \(20,001 events\); 3\.00×$/);
  });

  it('has no such row in results measured before it was', () => {
    expect(scaleTable(scale, null)).not.toMatch(/followed/);
    expect(scaleTable(scale, null)).not.toMatch(/Network view/);
  });

  it('gives the heap with the Network view open over the same baseline and bytes', () => {
    const row = scaleTable({ ...scale, networkHeapMb: 146.7 }, null)
      .split('\n')
      .find((line) => line.includes('Network view'));
    // 140 MB over the baseline of 6.7 for 70 MB of JSON
    expect(row).toMatch(/^JS heap, the same events with the Network view open/);
    expect(row).toMatch(/140(\.0)? MB; 2\.00×$/);
  });

  it('gives the filter to its first frame and, when measured, to every line tested', () => {
    const settled = { median: 120, min: 100, max: 140, n: 5 };
    const rows = scaleTable({ ...scale, filterSettledMs: settled }, null).split('\n');
    expect(rows.find((line) => line.includes('first frame'))).toMatch(
      /^filter over 1,000,000 lines, first frame, ms +50/,
    );
    expect(rows.find((line) => line.includes('every line tested'))).toMatch(
      /^filter over 1,000,000 lines, every line tested, ms +120/,
    );
    expect(scaleTable(scale, null)).not.toMatch(/every line tested/);
  });
});
