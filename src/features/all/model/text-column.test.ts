import { describe, expect, it } from 'vitest';
import { isAscii, plainMatcher } from '../../../lib/plain-match';
import { columnNeedle, TextColumn } from './text-column';

/** Texts of every kind the row test treats apart: ASCII, Latin-1, letters that grow or change. */
const PIECES = [
  'GET /api/items 404',
  'console.error',
  'Uncaught TypeError',
  'naïve café',
  'ΣΟΦΊΑ σοφία',
  'İstanbul',
  '\u212A kelvin',
  'STRASSE straße',
  '日本語のログ',
  '😀 emoji',
  'tab\there',
  'two\nlines',
  '',
  'x',
];

/** A deterministic mix of the pieces, `count` texts long. */
function texts(count: number): string[] {
  const out: string[] = [];
  let seed = 7;
  for (let index = 0; index < count; index += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const first = PIECES[seed % PIECES.length] as string;
    const second = PIECES[(seed >>> 8) % PIECES.length] as string;
    out.push(seed % 3 === 0 ? first : `${first} ${second}`);
  }
  return out;
}

const NEEDLES = [
  'error',
  'ERROR',
  '404',
  'get /API',
  'é',
  'É',
  'σοφ',
  'ΣΟΦ',
  'i̇',
  'k',
  '\u212A',
  'ss',
  'ß',
  's e',
  'e\tt',
  'lines two',
];

describe('TextColumn', () => {
  it('finds the rows the row test passes, for every needle, sealed chunks and the open one', () => {
    const all = texts(2600);
    const column = new TextColumn(10_000);
    // a gap: the source gave no row for items 1,000 to 1,099
    all.forEach((text, index) => {
      if (index < 1000 || index >= 1100) column.add(index, text, false);
    });
    let compared = 0;
    for (const raw of NEEDLES) {
      const needle = columnNeedle(raw);
      expect(needle, raw).not.toBeNull();
      const { test } = plainMatcher(raw, false);
      const { from, end, indexes } = column.holding(needle as string);
      expect(from).toBe(0);
      expect(end).toBe(2600);
      // ascending, each once
      expect(indexes.every((index, at) => at === 0 || index > (indexes[at - 1] as number))).toBe(
        true,
      );
      const found = new Set(indexes);
      all.forEach((text, index) => {
        const expected = index >= 1000 && index < 1100 ? false : test(text, isAscii(text));
        expect(found.has(index), `${JSON.stringify(raw)} in ${JSON.stringify(text)}`).toBe(
          expected,
        );
        if (expected) compared += 1;
      });
    }
    // the needles do find rows: the comparison is not of empty answers
    expect(compared).toBeGreaterThan(3000);
  });

  it('passes a mark whatever its text', () => {
    const column = new TextColumn(10_000);
    for (let index = 0; index < 1500; index += 1) column.add(index, 'plain', index % 500 === 7);
    expect(column.holding('nothing like it').indexes).toEqual([7, 507, 1007]);
    // a mark whose text holds the needle too is listed once, in its place among the others
    expect(column.holding('plain').indexes).toEqual(Array.from({ length: 1500 }, (_, at) => at));
  });

  it('keeps no more than its capacity asks, in whole chunks, and says from where it knows', () => {
    const column = new TextColumn(2048);
    for (let index = 0; index < 10_000; index += 1) column.add(index, `row ${index}`, false);
    const { from, end, indexes } = column.holding('row 9999');
    expect(from).toBeGreaterThanOrEqual(10_000 - 2048 - 1024);
    expect(from).toBeLessThanOrEqual(10_000 - 2048);
    expect(from % 1024).toBe(0);
    expect(end).toBe(10_000);
    expect(indexes).toEqual([9999]);
  });

  it('gives no needle where a lower-cased search could answer otherwise', () => {
    expect(columnNeedle('')).toBeNull();
    expect(columnNeedle('a\nb')).toBeNull();
    // no letter of two cases, not ASCII: the row test looks for it as it is
    expect(columnNeedle('\u0307')).toBeNull();
    expect(columnNeedle('日本')).toBeNull();
    expect(columnNeedle('404')).toBe('404');
    expect(columnNeedle('Error')).toBe('error');
  });
});
