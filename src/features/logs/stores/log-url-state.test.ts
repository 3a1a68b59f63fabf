import { describe, expect, it } from 'vitest';
import { createLogTabStore } from './log-tab-store';
import { decodeSource, encodeSource, readLogUrlState, writeLogUrlState } from './log-url-state';

describe('log URL state', () => {
  it('round-trips sources, active tab and the active view', () => {
    const view = createLogTabStore({
      search: { text: 'timeout', regex: false, caseSensitive: true },
      include: { text: 'net::ERR_.*', regex: true, caseSensitive: false },
      hiddenLevels: ['debug', 'none'],
      selection: { anchor: 41, focus: 41 },
      timeSource: 'read',
    }).getState();
    const sources = [
      { kind: 'supervisor' as const, target: 'chromium', follow: true },
      { kind: 'path' as const, target: '/var/log/app @x.log', follow: false },
    ];
    const params = writeLogUrlState(new URLSearchParams('other=1&q=stale'), sources, 1, view);
    expect(params.get('other')).toBe('1');
    const back = readLogUrlState(new URLSearchParams(params.toString()));
    expect(back.sources).toEqual(sources);
    expect(back.active).toBe(1);
    expect(back.view).toEqual({
      search: { text: 'timeout', regex: false, caseSensitive: true },
      include: { text: 'net::ERR_.*', regex: true, caseSensitive: false },
      hiddenLevels: ['debug', 'none'],
      selection: { anchor: 41, focus: 41 },
      timeSource: 'read',
    });
  });

  it('ignores what it cannot read', () => {
    expect(decodeSource('x:nope')).toBeNull();
    expect(decodeSource('p:')).toBeNull();
    expect(decodeSource(encodeSource({ kind: 'path', target: '/a@start', follow: true }))).toEqual({
      kind: 'path',
      target: '/a@start',
      follow: true,
    });
    const state = readLogUrlState(
      new URLSearchParams('log=bad&tab=9&hide=loud,error&line=-3&lt=auto'),
    );
    expect(state).toEqual({ sources: [], active: 0, view: { hiddenLevels: ['error'] } });
  });
});
