import { describe, expect, it } from 'vitest';
import { obj, str } from './cdp-values.ts';

describe('reading CDP params', () => {
  it('reads a field of another type as empty, so a malformed event never throws', () => {
    expect(str('https://a.test/')).toBe('https://a.test/');
    expect(str(42)).toBe('');
    expect(obj({ 'content-type': 'text/html' })).toEqual({ 'content-type': 'text/html' });
    expect(obj(null)).toEqual({});
    expect(obj('headers')).toEqual({});
    // an array is not a headers object: its indexes must not become header names
    expect(obj(['a', 'b'])).toEqual({});
  });
});
