import { describe, expect, it } from 'vitest';
import { T0, telemetryEvent } from '../testing/telemetry-test-kit';
import { orderPage } from './page-order';

/** An envelope of seq `seq` at `seconds` after T0. */
const at = (seq: number, seconds = seq) => ({
  seq,
  event: telemetryEvent(seq, { ts: T0 + seconds * 1_000_000 }),
});
const seqsOf = (envelopes: { seq: number }[]): number[] => envelopes.map(({ seq }) => seq);

describe('orderPage', () => {
  it('puts a page sent out of order in seq order, copies next to each other', () => {
    expect(seqsOf(orderPage([at(1), at(2), at(6), at(3), at(5), at(4), at(5)]))).toEqual([
      1, 2, 3, 4, 5, 5, 6,
    ]);
  });

  it('keeps a restart where it was: a newer event whose seq went back begins a new run', () => {
    const page = [at(98), at(100), at(99), at(2, 200), at(1, 199), at(3, 201)];
    expect(seqsOf(orderPage(page))).toEqual([98, 99, 100, 1, 2, 3]);
  });

  it('returns a page in order as it came', () => {
    const page = [at(1), at(2), at(3)];
    expect(orderPage(page)).toEqual(page);
  });
});
