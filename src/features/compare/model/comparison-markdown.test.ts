// Tests of the Markdown report of a comparison: what a bug ticket gets, and what it never gets.
import { describe, expect, it } from 'vitest';
import { checkout, SHOP } from '../testing/checkout-runs';
import { click, consoleError, makeRun, visit } from '../testing/run-kit';
import { compareRuns } from './compare';
import { comparisonMarkdown, escapeMarkdown, safeLink } from './comparison-markdown';

describe('comparisonMarkdown', () => {
  it('reports the runs, the divergence, and the errors and requests that differ', () => {
    const comparison = compareRuns(
      makeRun(checkout()),
      makeRun(
        checkout({
          inventoryStatus: 500,
          onProductPage: [
            consoleError('Error: stock | 12 left', {
              functionName: 'stock',
              url: `${SHOP}/app.js`,
            }),
          ],
          afterCart: [click('#help'), visit(`${SHOP}/help`)],
        }),
      ),
    );
    const report = comparisonMarkdown(comparison, {
      nameA: 'nightly #41',
      nameB: 'nightly [42]',
      linkA: 'https://console.test/#/sessions/a1?tab=all&token=s3cret',
      linkB: 'https://user:pw@console.test/#/sessions/b2?api_key=k',
    });
    expect(report).toContain(
      '### Run comparison: nightly \\#41 (A, passing) and nightly \\[42\\] (B, failing)',
    );
    expect(report).toContain(
      '| A | [nightly \\#41](<https://console.test/#/sessions/a1?tab=all>) | 8 | 12 |',
    );
    expect(report).toContain(
      '| B | [nightly \\[42\\]](<https://console.test/#/sessions/b2>) | 7 | 10 |',
    );
    expect(report).toContain(
      '**Divergence:** step 6, after 5 steps in common — A: `click #checkout "Checkout"`, B: `click #help`',
    );
    expect(report).toContain(
      '| `Error: stock \\| # left` in `stock https://shop.test/app.js` | 0 | 1 |',
    );
    expect(report).toContain('| `GET https://shop.test/api/inventory?sku` | 200 | 500 |');
    expect(report).toContain('| `https://shop.test/help` | not visited | 1 visit |');
    expect(report).not.toMatch(/s3cret|pw@|api_key/);
  });

  it('says when the runs took the same steps and nothing differs', () => {
    const comparison = compareRuns(makeRun(checkout()), makeRun(checkout()));
    const report = comparisonMarkdown(comparison, { nameA: 'a', nameB: 'b' });
    expect(report).toContain('**Divergence:** none. Both runs took the same 8 steps.');
    expect(report).toContain('No errors, requests, pages or log lines differ.');
    expect(report).not.toContain('####');
  });

  it('lists the notes', () => {
    const report = comparisonMarkdown(compareRuns(makeRun(checkout()), makeRun([])), {
      nameA: 'a',
      nameB: 'b',
    });
    expect(report).toContain('#### Notes\n\n- run B has no telemetry');
  });
});

describe('report helpers', () => {
  it('keeps only http links, without credentials', () => {
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink(undefined)).toBeNull();
    expect(safeLink('https://a.test/x?sig=1&page=2#frag')).toBe('https://a.test/x?page=2#frag');
  });

  it('escapes markup', () => {
    expect(escapeMarkdown('a|b *c*\n[d](e)')).toBe('a\\|b \\*c\\* \\[d\\]\\(e\\)');
  });
});
