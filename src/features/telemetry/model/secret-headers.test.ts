import { describe, expect, it } from 'vitest';
import { headerValue, isSecretHeader, MASKED, withSecretsMasked } from './secret-headers';

describe('isSecretHeader', () => {
  it('knows credentials by name, and names that look like keys or tokens', () => {
    for (const name of [
      'Authorization',
      'proxy-authorization',
      'Cookie',
      'Set-Cookie',
      'X-API-Key',
      'api_key',
      'X-Auth-Token',
      'x-csrf-token',
      'X-Session-Id',
      'client-secret',
    ])
      expect(isSecretHeader(name), name).toBe(true);
    for (const name of ['Accept', 'Content-Type', 'User-Agent', 'Referer'])
      expect(isSecretHeader(name), name).toBe(false);
  });
});

describe('headerValue', () => {
  it('masks a secret unless asked to reveal it, and leaves other values alone', () => {
    expect(headerValue('Cookie', 'sid=abc', false)).toBe(MASKED);
    expect(headerValue('Cookie', 'sid=abc', true)).toBe('sid=abc');
    expect(headerValue('Accept', 'text/html', false)).toBe('text/html');
  });
});

describe('withSecretsMasked', () => {
  it('masks secret headers of an event’s data, repeated values included, without changing it', () => {
    const data = {
      url: 'https://shop.test/',
      headers: { authorization: 'Bearer s3cret', 'Set-Cookie': ['a=1', 'b=2'], accept: '*/*' },
    };
    expect(withSecretsMasked(data)).toEqual({
      url: 'https://shop.test/',
      headers: { authorization: MASKED, 'Set-Cookie': MASKED, accept: '*/*' },
    });
    expect(data.headers.authorization).toBe('Bearer s3cret');
  });

  it('returns data without secrets, or without headers, as it is', () => {
    const plain = { headers: { accept: '*/*' } };
    expect(withSecretsMasked(plain)).toBe(plain);
    expect(withSecretsMasked(null)).toBeNull();
  });
});
