import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearEngine } from '../../../lib/regex/linear-engine';
import { compileNetworkQuery, wildcardMatch, type FilterableRequest } from './network-query';

beforeAll(() => loadLinearEngine());

function request(url: string): FilterableRequest {
  return {
    url,
    method: 'GET',
    status: 200,
    failed: false,
    mimeType: 'text/html',
    type: 'document',
    size: 10,
    requestHeaders: [],
    responseHeaders: [],
    postData: null,
    body: null,
  };
}

/** Milliseconds `run` took (it has to return at all: before, these filters took minutes). */
function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe('compileNetworkQuery with patterns from a link', () => {
  it('tests /regex/ terms with catastrophic patterns over a 100,000-character URL at once', () => {
    const as = request(`https://shop.test/${'a'.repeat(100_000)}!`);
    const xs = request(`https://shop.test/${'x'.repeat(100_000)}`);
    let results: boolean[] = [];
    const took = timed(() => {
      results = [
        compileNetworkQuery('/(a+)+$/').test(as),
        compileNetworkQuery('/(x+x+)+y/').test(xs),
        compileNetworkQuery('-/(a|aa)+$/').test(as),
      ];
    });
    expect(took).toBeLessThan(1000);
    expect(results).toEqual([false, false, true]);
  });

  it('keeps regular-expression semantics: case-sensitive, anchors and classes', () => {
    const url = request('https://shop.test/api/cart?id=42');
    expect(compileNetworkQuery('/^https:.*cart\\?id=\\d+$/').test(url)).toBe(true);
    expect(compileNetworkQuery('/CART/').test(url)).toBe(false);
    expect(compileNetworkQuery('/c[a-z]+t/').test(url)).toBe(true);
    expect(compileNetworkQuery('/^api/').test(url)).toBe(false);
  });

  it('says why a lookaround term is left out', () => {
    const compiled = compileNetworkQuery('/cart(?=\\?)/');
    expect(compiled.errors).toEqual([
      expect.stringMatching(
        /^\/cart\(\?=\\\?\)\/: Lookaround and backreferences are not supported/,
      ),
    ]);
    expect(compiled.test(request('https://x.test/'))).toBe(true);
  });

  it('matches domain wildcards with many stars at once', () => {
    const host = request(`https://${'a'.repeat(60)}.test/`);
    let result: boolean | undefined;
    const took = timed(() => {
      result = compileNetworkQuery(`domain:${'*a'.repeat(12)}*b`).test(host);
    });
    expect(took).toBeLessThan(1000);
    expect(result).toBe(false);
  });
});

describe('wildcardMatch', () => {
  it('lets each star stand for any run of characters, and nothing else', () => {
    expect(wildcardMatch('*.test', 'shop.test')).toBe(true);
    expect(wildcardMatch('shop.*', 'shop.test')).toBe(true);
    expect(wildcardMatch('*shop*', 'cdn.shop.test')).toBe(true);
    expect(wildcardMatch('shop.test', 'shop.test')).toBe(true);
    expect(wildcardMatch('*', '')).toBe(true);
    expect(wildcardMatch('a*b*c', 'abxbc')).toBe(true);
    expect(wildcardMatch('cdn.*', 'shop.test')).toBe(false);
    expect(wildcardMatch('shop.test', 'shopxtest')).toBe(false);
    expect(wildcardMatch('*.test', 'shop.tester')).toBe(false);
    expect(wildcardMatch('a*b', 'a')).toBe(false);
  });
});
