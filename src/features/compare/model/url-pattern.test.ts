// Tests of URL patterns: what stays and what goes when two runs' URLs are matched.
import { describe, expect, it } from 'vitest';
import { hostOf, isIdToken, segmentPattern, urlPattern } from './url-pattern';

describe('urlPattern', () => {
  it('makes numeric ids one pattern', () => {
    expect(urlPattern('https://shop.test/orders/123')).toBe('https://shop.test/orders/:id');
    expect(urlPattern('https://shop.test/orders/123')).toBe(
      urlPattern('https://shop.test/orders/456'),
    );
    expect(urlPattern('/orders/123')).toBe(urlPattern('/orders/456'));
    expect(urlPattern('/orders/123')).toBe('/orders/:id');
  });

  it('takes out UUIDs, long hex and base64-like ids, and mixed digit tokens', () => {
    expect(urlPattern('https://a.test/u/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e/edit')).toBe(
      'https://a.test/u/:id/edit',
    );
    expect(urlPattern('https://a.test/commit/9fceb02d0ae598e95dc970b74767f19372d61af8')).toBe(
      'https://a.test/commit/:id',
    );
    expect(urlPattern('https://a.test/s/dGhpcyBpcyBhIHRlc3Q1234')).toBe('https://a.test/s/:id');
    expect(urlPattern('https://a.test/item/sku-A12345')).toBe('https://a.test/item/sku-:id');
    expect(urlPattern('https://a.test/assets/app.3f9a8c2b.js')).toBe(
      'https://a.test/assets/app.:id.js',
    );
    expect(urlPattern('https://a.test/users/usr_8f3k2k9/profile')).toBe(
      'https://a.test/users/usr_:id/profile',
    );
  });

  it('keeps words and short versions', () => {
    expect(urlPattern('https://a.test/api/v2/checkout/page2')).toBe(
      'https://a.test/api/v2/checkout/page2',
    );
    expect(urlPattern('https://a.test/products/blue-running-shoes')).toBe(
      'https://a.test/products/blue-running-shoes',
    );
  });

  it('keeps the query names, sorted and once, without their values; drops the fragment', () => {
    expect(urlPattern('https://a.test/search?q=shoes&page=2&q=red#results')).toBe(
      'https://a.test/search?page&q',
    );
    expect(urlPattern('https://a.test/search?b=1&a=2')).toBe(
      urlPattern('https://a.test/search?a=9&b=8'),
    );
    expect(urlPattern('https://a.test/x?')).toBe('https://a.test/x');
  });

  it('keeps scheme, host and port, and drops a user name and password', () => {
    expect(urlPattern('http://user:secret@Localhost:5173/a')).toBe('http://localhost:5173/a');
    expect(urlPattern('http://a.test/a')).not.toBe(urlPattern('https://a.test/a'));
  });

  it('reads odd URLs without throwing', () => {
    expect(urlPattern('')).toBe('');
    expect(urlPattern('about:blank')).toBe('about:blank');
    expect(urlPattern('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png');
    expect(urlPattern('blob:https://a.test/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e')).toBe(
      'blob:https://a.test/:id',
    );
    expect(urlPattern('not a url 12345?x=1#y')).toBe('not a url :id?x');
    expect(urlPattern(undefined as unknown as string)).toBe('');
  });
});

describe('ids', () => {
  it('tells ids from words', () => {
    for (const id of ['123', '7', 'a1b2c3d4', 'A12345', '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'])
      expect(isIdToken(id), id).toBe(true);
    for (const word of ['', 'v2', 'page2', 'checkout', 'deadbeef', 'x1y2'])
      expect(isIdToken(word), word).toBe(false);
  });

  it('replaces the parts of a segment that are ids', () => {
    expect(segmentPattern('order-123')).toBe('order-:id');
    expect(segmentPattern('2024-01-31')).toBe(':id-:id-:id');
    expect(segmentPattern('index.html')).toBe('index.html');
  });

  it('reads the host of a URL', () => {
    expect(hostOf('https://Shop.Test:8443/x')).toBe('shop.test:8443');
    expect(hostOf('/relative')).toBe('');
  });
});
