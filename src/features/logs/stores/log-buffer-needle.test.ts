import { describe, expect, it } from 'vitest';
import { isAscii, plainMatcher } from '../../../lib/plain-match';
import { stripAnsi } from '../model/ansi';
import { LogBuffer, type LogLine } from './log-buffer';

const WORDS = [
  'checkout',
  'CHECKOUT',
  'Check',
  'out',
  'İstanbul',
  'Kelvin',
  'kelvin',
  '\u212aelvin sign',
  'naïve',
  'CAFÉ',
  '→',
  '日本',
  '\x1b[31mcheck\x1b[0mout',
  'chec',
  'kout',
  'ÿ',
  'µs',
  'checkout \ud800 lone',
];

/** Lines from a small deterministic generator, some of them notices. */
function sample(count: number): Omit<LogLine, 'seq'>[] {
  let state = 42;
  const next = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, () => {
    const words = Array.from(
      { length: 1 + Math.floor(next() * 4) },
      () => WORDS[Math.floor(next() * WORDS.length)] as string,
    );
    // some lines run their words together, so a needle can span two of them
    const text = words.join(next() < 0.3 ? '' : ' ');
    const plain = stripAnsi(text);
    return {
      text,
      plain,
      timeMs: 0,
      statedMs: Number.NaN,
      zoneless: false,
      inherited: false,
      level: null,
      ascii: isAscii(plain),
      notice: next() < 0.03,
    };
  });
}

describe('LogBuffer filter and search with the text lines must contain', () => {
  const lines = sample(9_000);

  for (const text of ['checkout', 'i', 'k', 'K', 'out chec', 'é', '→', 'outchec', 'µ', 'ss']) {
    for (const caseSensitive of [false, true]) {
      it(`shows and marks the same lines as a full pass: "${text}"${caseSensitive ? ', case' : ''}`, () => {
        const matcher = plainMatcher(text, caseSensitive);
        const test = (line: LogLine): boolean =>
          line.notice || matcher.test(line.plain, line.ascii);
        const search = (line: LogLine): boolean => matcher.test(line.plain, line.ascii);
        const full = new LogBuffer(20_000);
        full.append(lines.map((line) => ({ ...line })));
        full.setFilter(test);
        full.setSearch(search);
        const skipping = new LogBuffer(20_000);
        skipping.append(lines.map((line) => ({ ...line })));
        skipping.setFilter(test, { text, caseSensitive });
        skipping.setSearch(search, { text, caseSensitive });
        const shown = (buffer: LogBuffer): number[] =>
          Array.from({ length: buffer.viewCount }, (_, at) => buffer.viewLine(at)?.seq ?? -1);
        expect(shown(skipping)).toEqual(shown(full));
        expect(skipping.matchCount).toBe(full.matchCount);
        expect(full.viewCount).toBeGreaterThan(0);
        // the text deciding: lines proven to hold it are taken unread, the search first (no
        // filter yet), then the filter with the search set
        const deciding = new LogBuffer(20_000);
        deciding.append(lines.map((line) => ({ ...line })));
        const searchOnly = new LogBuffer(20_000);
        searchOnly.append(lines.map((line) => ({ ...line })));
        searchOnly.setSearch(search);
        deciding.setSearch(search, { text, caseSensitive, decides: true });
        expect(deciding.matchCount).toBe(searchOnly.matchCount);
        deciding.setFilter(test, { text, caseSensitive, decides: true });
        expect(shown(deciding)).toEqual(shown(full));
        expect(deciding.matchCount).toBe(full.matchCount);
      });
    }
  }
});

describe('LogBuffer lines holding a text (the All view’s filter by text)', () => {
  // more lines than the buffer keeps: the first are evicted, and the answer starts at the oldest kept
  const lines = sample(9_000);

  for (const text of [
    'checkout',
    'i',
    'K',
    'kelvin',
    'out chec',
    'outchec',
    'kout',
    'é',
    '→',
    'µ',
  ]) {
    it(`lists exactly the kept lines whose plain text holds "${text}", ignoring case`, () => {
      const buffer = new LogBuffer(7_000);
      buffer.append(lines.map((line) => ({ ...line })));
      const { from, end, indexes } = buffer.linesHolding(text);
      expect(from).toBe(buffer.first);
      expect(end - from).toBe(7_000);
      const { test } = plainMatcher(text, false);
      const expected: number[] = [];
      for (let seq = from; seq < end; seq += 1) {
        const line = buffer.readLine(seq) as LogLine;
        if (test(line.plain, line.ascii)) expected.push(seq);
      }
      expect(indexes).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    });
  }
});

describe('LogBuffer filter by a text that decides', () => {
  it('shows the lines proven to hold it without testing them', () => {
    const lines = sample(9_000);
    const matcher = plainMatcher('checkout', false);
    let tested = 0;
    const test = (line: LogLine): boolean => {
      tested += 1;
      return line.notice || matcher.test(line.plain, line.ascii);
    };
    const skipping = new LogBuffer(20_000);
    skipping.append(lines.map((line) => ({ ...line })));
    skipping.setFilter(test, { text: 'checkout', caseSensitive: false });
    const testedSkipping = tested;
    const deciding = new LogBuffer(20_000);
    deciding.append(lines.map((line) => ({ ...line })));
    tested = 0;
    deciding.setFilter(test, { text: 'checkout', caseSensitive: false, decides: true });
    const shown = (buffer: LogBuffer): number[] =>
      Array.from({ length: buffer.viewCount }, (_, at) => buffer.viewLine(at)?.seq ?? -1);
    expect(shown(deciding)).toEqual(shown(skipping));
    // the lines of the open chunk, notices and lines holding a Kelvin sign are still tested; the
    // sealed chunks' lines found to hold the text are not
    expect(deciding.viewCount).toBeGreaterThan(1_000);
    expect(testedSkipping - tested).toBeGreaterThan(1_000);
  });
});
