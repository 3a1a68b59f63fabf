import { describe, expect, it } from 'vitest';
import { chipClick, shownInWords } from './chip-choice';

const ALL = ['console', 'network', 'page', 'system'];

describe('chipClick', () => {
  it('shows only the clicked kind, kinds still to come included; again shows all', () => {
    const only = chipClick(['console', 'network', 'page'], [], 'network', false);
    expect(only).toEqual(['console', 'page']);
    // with every kind known, those not yet present are hidden too
    expect(chipClick(ALL, [], 'network', false)).toEqual(['console', 'page', 'system']);
    expect(chipClick(ALL, ['console', 'page', 'system'], 'network', false)).toEqual([]);
  });

  it('moves "only" to another kind with a plain click', () => {
    expect(chipClick(ALL, ['console', 'page', 'system'], 'page', false)).toEqual([
      'console',
      'network',
      'system',
    ]);
  });

  it('adds a kind, or hides one, with Ctrl or ⌘', () => {
    expect(chipClick(ALL, ['console', 'page', 'system'], 'page', true)).toEqual([
      'console',
      'system',
    ]);
    expect(chipClick(ALL, [], 'page', true)).toEqual(['page']);
  });
});

describe('shownInWords', () => {
  const label = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);
  it('says what the chips show', () => {
    expect(shownInWords(ALL, [], label)).toBe('all');
    expect(shownInWords(ALL, ['console', 'page', 'system'], label)).toBe('only Network');
    expect(shownInWords(ALL, ['page'], label)).toBe('all but Page');
    expect(shownInWords(ALL, ['page', 'system'], label)).toBe('only Console and Network');
    expect(shownInWords(ALL, ALL, label)).toBe('none');
  });
});
