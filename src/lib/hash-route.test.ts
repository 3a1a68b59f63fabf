import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from './hash-route';

describe('hash route', () => {
  it('parses a session deep link with view state', () => {
    const route = parseHash('#/sessions/abc123?tab=logs&q=error%20x');
    expect(route.sessionId).toBe('abc123');
    expect(route.params.get('tab')).toBe('logs');
    expect(route.params.get('q')).toBe('error x');
  });

  it('treats anything else as the connect screen', () => {
    expect(parseHash('').sessionId).toBeNull();
    expect(parseHash('#/').sessionId).toBeNull();
    expect(parseHash('#/sessions/').sessionId).toBeNull();
    expect(parseHash('#/sessions/%E0%A4%A').sessionId).toBeNull();
    expect(parseHash('#/other/abc').sessionId).toBeNull();
  });

  it('refuses ids that are not a single path segment, raw or percent-encoded, and says why', () => {
    for (const [hash, id] of [
      ['#/sessions/..', '..'],
      ['#/sessions/.', '.'],
      ['#/sessions/%2e%2E?tab=logs', '..'],
      ['#/sessions/%2E', '.'],
      ['#/sessions/a%2F..%2Fb', 'a/../b'],
    ]) {
      const route = parseHash(hash ?? '');
      expect(route.sessionId, hash).toBeNull();
      expect(route.file, hash).toBe(false);
      expect(route.refused?.startsWith(`“${id}” is not a session id: `), hash).toBe(true);
    }
    // what navigating to such an id from a list writes is refused the same way
    expect(parseHash(formatHash({ sessionId: '..', params: new URLSearchParams() })).refused).toBe(
      '“..” is not a session id: an id must be a single path segment, not “.” or “..”',
    );
    expect(parseHash('#/sessions/abc').refused).toBeUndefined();
  });

  it('round-trips ids and params that need encoding', () => {
    const params = new URLSearchParams({ q: 'a&b=c #?', tab: 'log:1' });
    const hash = formatHash({ sessionId: 'id with space&?#%', params });
    const back = parseHash(hash);
    expect(back.sessionId).toBe('id with space&?#%');
    expect(back.params.get('q')).toBe('a&b=c #?');
    expect(formatHash({ sessionId: null, params })).toBe('#/');
  });

  it('has a route for an opened file', () => {
    expect(parseHash('#/file').file).toBe(true);
    expect(parseHash('#/').file).toBe(false);
    expect(parseHash('#/sessions/x').file).toBe(false);
    expect(formatHash({ sessionId: null, params: new URLSearchParams(), file: true })).toBe(
      '#/file',
    );
  });

  it('has a route for two runs compared, their ids and the step in its query', () => {
    const route = parseHash('#/compare?a=run%201&b=run-2&step=5');
    expect(route.compare).toBe(true);
    expect(route.sessionId).toBeNull();
    expect(route.params.get('a')).toBe('run 1');
    expect(route.params.get('step')).toBe('5');
    expect(formatHash({ ...route })).toBe('#/compare?a=run+1&b=run-2&step=5');
    expect(parseHash('#/sessions/x').compare).toBe(false);
  });
});
