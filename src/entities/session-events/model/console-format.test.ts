import { describe, expect, it } from 'vitest';
import { formatConsoleArgs } from './console-format';

describe('formatConsoleArgs', () => {
  it('joins arguments with spaces when the first has no directive', () => {
    expect(formatConsoleArgs(['home: rendering', '8', 'products'])).toBe(
      'home: rendering 8 products',
    );
    expect(formatConsoleArgs(['only'])).toBe('only');
    expect(formatConsoleArgs([])).toBe('');
  });

  it('substitutes %s %d %i %f %o %O in order, and joins what is left', () => {
    expect(formatConsoleArgs(['%s has %d items', 'cart', '3', 'extra'])).toBe(
      'cart has 3 items extra',
    );
    expect(formatConsoleArgs(['%i / %f', '42.9', '0.25'])).toBe('42 / 0.25');
    expect(formatConsoleArgs(['state %o then %O', '{a: 1}', 'Array(2)'])).toBe(
      'state {a: 1} then Array(2)',
    );
    // a number directive over something that is not one, as the browser prints it
    expect(formatConsoleArgs(['count %d', 'many'])).toBe('count NaN');
  });

  it('takes a style for %c and prints nothing of it; %% is a percent sign', () => {
    expect(formatConsoleArgs(['%cWarning%c: 100%% sure', 'color: red', 'color: inherit'])).toBe(
      'Warning: 100% sure',
    );
  });

  it('leaves directives without an argument, unknown ones and a trailing % as written', () => {
    expect(formatConsoleArgs(['%s and %s', 'one'])).toBe('one and %s');
    expect(formatConsoleArgs(['50%x off', 'a'])).toBe('50%x off a');
    expect(formatConsoleArgs(['ends with %'])).toBe('ends with %');
  });

  it('keeps hostile text as text', () => {
    expect(formatConsoleArgs(['%s', '<img src=x onerror=alert(1)>'])).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });
});
