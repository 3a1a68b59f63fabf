import { describe, expect, it } from 'vitest';
import { dots, join, oneLine, words } from './data-fields';

describe('oneLine', () => {
  it.each([
    ['LF', 'cart\nloaded', 'cart loaded'],
    ['CR', 'cart\rloaded', 'cart loaded'],
    ['CRLF, once', 'cart\r\nloaded', 'cart loaded'],
    ['a line separator', 'cart\u2028loaded', 'cart loaded'],
    ['a paragraph separator', 'cart\u2029loaded', 'cart loaded'],
    ['breaks with the spaces around them', 'items:  \n   3 in cart\n\n', 'items: 3 in cart '],
  ])('joins the lines of a value with %s', (_, value, expected) => {
    expect(oneLine(value)).toBe(expected);
  });

  it('gives a value without a line break as it is, spaces and all', () => {
    const value = '  GET  https://shop.example/ü?q=1\t200  ';
    expect(oneLine(value)).toBe(value);
    expect(oneLine('')).toBe('');
  });
});

describe('join', () => {
  it('joins the present parts with the separator, in order', () => {
    expect(join(', ', 'a', null, '', undefined, false, 'b', 'c')).toBe('a, b, c');
    expect(words('GET', '', 'https://shop.example/', null, '200')).toBe(
      'GET https://shop.example/ 200',
    );
    expect(dots(null, 'only')).toBe('only');
  });

  it('gives an empty string when no part is present', () => {
    expect(join(' ')).toBe('');
    expect(words(null, '', undefined, false)).toBe('');
  });
});
