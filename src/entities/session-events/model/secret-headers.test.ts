import { describe, expect, it } from 'vitest';
import {
  headerValue,
  isSecretHeader,
  maskForScreen,
  MASKED,
  withSecretsMasked,
} from './secret-headers';

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

  it('masks the full request and response headers the network stack reports, too', () => {
    const data = {
      headers: { accept: '*/*' },
      request_headers: { Cookie: 'sid=abc', accept: '*/*' },
      response_headers: { 'set-cookie': 'sid=def' },
    };
    expect(withSecretsMasked(data)).toEqual({
      headers: { accept: '*/*' },
      request_headers: { Cookie: MASKED, accept: '*/*' },
      response_headers: { 'set-cookie': MASKED },
    });
    expect(JSON.stringify(withSecretsMasked(data))).not.toMatch(/abc|def/);
  });

  it('returns data without secrets, or without headers, as it is', () => {
    const plain = { headers: { accept: '*/*' } };
    expect(withSecretsMasked(plain)).toBe(plain);
    expect(withSecretsMasked(null)).toBeNull();
  });
});

describe('maskForScreen', () => {
  it('keeps an authentication scheme and says how many characters are hidden', () => {
    expect(maskForScreen(`Bearer ${'x'.repeat(41)}`)).toBe('Bearer ••••••• (41 characters)');
    expect(maskForScreen('basic dXNlcjpwYXNz')).toBe('basic ••••••• (12 characters)');
    expect(maskForScreen('sid=abc; theme=dark')).toBe('••••••• (19 characters)');
    expect(maskForScreen('k')).toBe('••••••• (1 character)');
    expect(maskForScreen('')).toBe('••••••• (0 characters)');
    expect(maskForScreen('x'.repeat(1200))).toBe('••••••• (1,200 characters)');
  });

  it('shows no word of a value that is not a known scheme', () => {
    // a first word may be part of the credential itself
    expect(maskForScreen('live_k3y rest')).toBe('••••••• (13 characters)');
    expect(maskForScreen('Bearer')).toBe('••••••• (6 characters)');
  });
});
