// Tests of the comparison of two runs as a whole: its alignment, differences and headline.
import { describe, expect, it } from 'vitest';
import { checkout, SHOP } from '../testing/checkout-runs';
import { click, consoleError, makeRun, raw, visit, type RunPart } from '../testing/run-kit';
import { compareRuns } from './compare';

const compare = (a: RunPart[], b: RunPart[], shiftB = 0) =>
  compareRuns(makeRun(a), makeRun(b, { shiftUs: shiftB }));

describe('compareRuns', () => {
  it('finds no difference and no divergence between a run and itself', () => {
    const comparison = compare(checkout(), checkout());
    expect(comparison.alignment.divergence).toBeNull();
    expect(comparison.differences.list).toEqual([]);
    expect(comparison.headline).toEqual([
      'Both runs took the same 8 steps',
      'A: 8 steps, 12 events; B: 8 steps, 12 events; no other differences',
    ]);
  });

  it('names an error only run B had', () => {
    const error = consoleError('TypeError: price of item 42 is undefined', {
      functionName: 'total',
      url: `${SHOP}/app.js`,
    });
    const comparison = compare(checkout(), checkout({ onProductPage: [error] }));
    expect(comparison.alignment.divergence).toBeNull();
    expect(comparison.differences.list).toMatchObject([{ kind: 'error', countA: 0, countB: 1 }]);
    expect(comparison.headline).toContain(
      '1 error only in B: TypeError: price of item # is undefined',
    );
  });

  it('names a request that went from 200 to 500', () => {
    const comparison = compare(checkout(), checkout({ inventoryStatus: 500 }));
    expect(comparison.headline).toContain(`GET ${SHOP}/api/inventory?sku: 200 in A, 500 in B`);
    expect(comparison.headline.at(-1)).toBe(
      'A: 8 steps, 12 events; B: 8 steps, 12 events; differences: 1 request',
    );
  });

  it('says where run B took another path', () => {
    const comparison = compare(
      checkout(),
      checkout({ afterCart: [click('#help', 'Help'), visit(`${SHOP}/help`)] }),
    );
    expect(comparison.alignment.divergence).toBe(5);
    expect(comparison.headline[0]).toBe(
      'B diverged at step 6, after 5 steps in common (A: click #checkout "Checkout", B: click #help "Help")',
    );
  });

  it('says where run B stopped', () => {
    const comparison = compare(checkout(), checkout({ afterCart: [] }));
    expect(comparison.headline[0]).toBe(
      'B stopped at step 6, after 5 steps in common, where A went on (A: click #checkout "Checkout")',
    );
  });

  it('matches runs whose URLs hold other ids', () => {
    const comparison = compare(checkout({ orderId: 123 }), checkout({ orderId: 456 }));
    expect(comparison.alignment.divergence).toBeNull();
    expect(comparison.differences.list).toEqual([]);
  });

  it('lines up the same whatever run B’s clock says', () => {
    const other = checkout({ afterCart: [click('#help')] });
    const level = compare(checkout(), other);
    const shifted = compare(checkout(), other, 3_600_000_000);
    const keys = (rows: typeof level.alignment.rows) =>
      rows.map((row) => `${row.a?.key ?? '-'} | ${row.b?.key ?? '-'}`);
    expect(keys(shifted.alignment.rows)).toEqual(keys(level.alignment.rows));
    expect(shifted.alignment.divergence).toBe(level.alignment.divergence);
    expect(shifted.differences.list).toEqual(level.differences.list);
  });

  it('says so honestly when a run is empty', () => {
    const comparison = compare(checkout(), []);
    expect(comparison.alignment.notes).toEqual(['run B has no telemetry']);
    expect(comparison.headline[0]).toBe('Run B has no telemetry');
    expect(comparison.eventsB).toBe(0);
  });

  it('says so honestly when the runs visited different sites', () => {
    const comparison = compare(checkout(), [visit('https://elsewhere.test/'), click('#x')]);
    expect(comparison.headline[0]).toBe(
      'The runs visited different sites (A: shop.test; B: elsewhere.test): there is little to line up',
    );
  });

  it('compares events with missing fields without throwing', () => {
    const broken: RunPart[] = [
      raw('page_navigation', null),
      raw('page_navigation', {}),
      raw('cdp_command', null, 'control'),
      raw('interaction_click', { selector: null }),
      raw('console_error', {}),
      raw('network_response', { status: 500 }),
      raw('page_lcp', { lcp_details: null }),
      raw('mystery', null, 'other'),
    ];
    expect(() => compare(broken, checkout())).not.toThrow();
    expect(() => compare(checkout(), broken)).not.toThrow();
    expect(compare(broken, broken).differences.list).toEqual([]);
  });
});
