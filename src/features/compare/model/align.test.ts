// Tests of the alignment of two runs' steps: by what they did, whatever their ids and clocks.
import { describe, expect, it } from 'vitest';
import { checkout, SHOP } from '../testing/checkout-runs';
import {
  click,
  letters,
  repeat,
  runEvents,
  telemetryOf,
  visit,
  type RunPart,
} from '../testing/run-kit';
import { alignRuns, type Alignment } from './align';
import { runSteps } from './steps';

function align(a: RunPart[], b: RunPart[], options = {}, shiftB = 0): Alignment {
  const stepsOf = (parts: RunPart[], shift = 0) =>
    runSteps(telemetryOf(runEvents(parts, shift)), options);
  return alignRuns(stepsOf(a), stepsOf(b, shiftB), options);
}

const keysOf = (alignment: Alignment) =>
  alignment.rows.map((row) => [row.a?.key ?? null, row.b?.key ?? null, row.same]);

describe('alignRuns', () => {
  it('pairs every step of a run with itself', () => {
    const alignment = align(checkout(), checkout());
    expect(alignment.divergence).toBeNull();
    expect(alignment.rows).toHaveLength(8);
    expect(alignment.common).toBe(8);
    expect(alignment.stepsA).toBe(8);
    expect(alignment.notes).toEqual([]);
    expect(alignment.exact).toBe(true);
  });

  it('finds where a run took another path', () => {
    const other = checkout({
      afterCart: [click('#help', 'Help'), visit(`${SHOP}/help`), click('#chat')],
    });
    const alignment = align(checkout(), other);
    expect(alignment.divergence).toBe(5);
    expect(alignment.rows[5]).toMatchObject({
      a: { key: 'click #checkout "Checkout"' },
      b: { key: 'click #help "Help"' },
      same: false,
    });
    expect(alignment.rows.slice(0, 5).every((row) => row.same)).toBe(true);
  });

  it('pairs steps around one only a run took, and the rest again after it', () => {
    const alignment = align(checkout(), checkout({ onProductPage: [click('#size-42')] }));
    expect(alignment.divergence).toBe(4);
    expect(alignment.rows[4]).toMatchObject({ a: null, b: { key: 'click #size-:id' } });
    expect(alignment.rows.slice(5).every((row) => row.same)).toBe(true);
  });

  it('matches pages whose ids differ', () => {
    const alignment = align(checkout({ orderId: 123 }), checkout({ orderId: 456 }));
    expect(alignment.divergence).toBeNull();
    expect(alignment.rows[6]?.a?.key).toBe(`visit ${SHOP}/orders/:id`);
  });

  it('is the same when run B’s clock is an hour ahead', () => {
    const other = checkout({ afterCart: [click('#help')] });
    const level = align(checkout(), other);
    const shifted = align(checkout(), other, {}, 3_600_000_000);
    expect(keysOf(shifted)).toEqual(keysOf(level));
    expect(shifted.divergence).toBe(level.divergence);
    expect(shifted.rows[1]?.b?.startUs).toBe((level.rows[1]?.b?.startUs ?? 0) + 3_600_000_000);
  });

  it('says when a run has no telemetry', () => {
    expect(align(checkout(), []).notes).toEqual(['run B has no telemetry']);
    expect(align([], checkout()).notes).toEqual(['run A has no telemetry']);
    expect(align([], []).notes).toEqual(['neither run has telemetry']);
    const alignment = align(checkout(), []);
    expect(alignment.divergence).toBe(0);
    expect(alignment.rows.every((row) => row.b === null)).toBe(true);
  });

  it('says when the runs visited different sites', () => {
    const elsewhere = [visit('https://other.test/'), click('#a'), visit('https://other.test/b')];
    expect(align(checkout(), elsewhere).notes).toEqual([
      'the runs visited different sites (A: shop.test; B: other.test): there is little to line up',
    ]);
  });

  it('says when nothing matched after the first page', () => {
    const a = [visit(`${SHOP}/`), click('#one'), visit(`${SHOP}/a`)];
    const b = [visit(`${SHOP}/`), click('#two'), visit(`${SHOP}/b`)];
    expect(align(a, b).notes).toEqual(['nothing in common after the first page']);
  });

  it('says when steps were cut under the cap', () => {
    const many = [visit(`${SHOP}/`), ...repeat(8, (at) => [click(`#b${at}`)])];
    const alignment = align(many, many, { maxStepsPerVisit: 5 });
    expect(alignment.notes).toEqual([
      'run A: 1 page had more than 5 steps; only the first 5 of each are compared (3 steps left out)',
      'run B: 1 page had more than 5 steps; only the first 5 of each are compared (3 steps left out)',
    ]);
  });

  it('lines up huge runs approximately, and says so', () => {
    const many = (extra: boolean) => [
      visit(`${SHOP}/`),
      ...repeat(300, (at) => [
        click(`#b-${letters(at)}`),
        ...(extra && at % 50 === 49 ? [click(`#extra-${letters(at)}`)] : []),
      ]),
    ];
    const alignment = align(many(false), many(true), { exactCells: 1_000 });
    expect(alignment.exact).toBe(false);
    expect(alignment.notes[0]).toMatch(/too many steps to line up exactly/);
    expect(alignment.divergence).toBe(51);
    expect(alignment.common).toBe(301);
    expect(alignment.rows).toHaveLength(307);
  });
});
