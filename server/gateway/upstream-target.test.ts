import { describe, expect, it } from 'vitest';
import { HttpError } from '../shared/http.ts';
import { parseUpstreamBase, resolveUpstreamTarget } from './upstream-target.ts';

const base = parseUpstreamBase('http://127.0.0.1:9999/some/prefix/');

describe('resolveUpstreamTarget', () => {
  it.each([
    ['/', 'http://127.0.0.1:9999/some/prefix/'],
    ['/browsers', 'http://127.0.0.1:9999/some/prefix/browsers'],
    [
      '/browsers/abc/telemetry/stream?replay=all',
      'http://127.0.0.1:9999/some/prefix/browsers/abc/telemetry/stream?replay=all',
    ],
    [
      '/browsers/a/logs/stream?source=path&path=%2Fvar%2Flog%2Fx&follow=true',
      'http://127.0.0.1:9999/some/prefix/browsers/a/logs/stream?source=path&path=%2Fvar%2Flog%2Fx&follow=true',
    ],
    ['/a@b:c', 'http://127.0.0.1:9999/some/prefix/a@b:c'],
  ])('maps %s under the base path', (apiPath, expected) => {
    expect(resolveUpstreamTarget(base, apiPath).href).toBe(expected);
  });

  it('joins a base without a path without doubling slashes', () => {
    const root = parseUpstreamBase('https://api.onkernel.com');
    expect(resolveUpstreamTarget(root, '/browsers?x=1').href).toBe(
      'https://api.onkernel.com/browsers?x=1',
    );
  });

  it.each([
    'browsers',
    '',
    '//evil.example/x',
    '/\\evil.example/x',
    'http://evil.example/x',
    '@evil.example/x',
    '/../x',
    '/browsers/../../x',
    '/%2e%2e/x',
    '/%2E%2e/%2e%2E/x',
    '/./x',
    '/a%2f..%2f..%2fx',
    '/a%5c..%5cx',
    '/a%00b',
    '/a b',
    '/a\r\nHost: evil',
    '/a#frag',
    '/%zz',
  ])('refuses %j with a 400', (apiPath) => {
    let caught: unknown;
    try {
      resolveUpstreamTarget(base, apiPath);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).status).toBe(400);
    expect((caught as HttpError).code).toBe('bad_request');
  });
});

describe('parseUpstreamBase', () => {
  it.each([
    'not a url',
    'ftp://example.com',
    'https://user:pass@example.com',
    'https://example.com/?q=1',
  ])('rejects %j', (baseUrl) => {
    expect(() => parseUpstreamBase(baseUrl)).toThrow();
  });

  it('does not echo a base URL that carries credentials', () => {
    let message = '';
    try {
      parseUpstreamBase('https://user:hunter2@example.com');
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/credentials/);
    expect(message).not.toContain('hunter2');
  });
});
