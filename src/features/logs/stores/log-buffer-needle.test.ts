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

describe('LogBuffer filter applied newest first', () => {
  // three sealed chunks of 4,096 lines and an open one: slices start and end inside chunks
  const lines = sample(14_000);
  const shown = (buffer: LogBuffer): number[] =>
    Array.from({ length: buffer.viewCount }, (_, at) => buffer.viewSeq(at) ?? -1);
  const filled = (capacity = 20_000, count = lines.length): LogBuffer => {
    const buffer = new LogBuffer(capacity);
    buffer.append(lines.slice(0, count).map((line) => ({ ...line })));
    return buffer;
  };
  const queries = (text: string, decides: boolean) => {
    const matcher = plainMatcher(text, false);
    return {
      test: (line: LogLine): boolean => line.notice || matcher.test(line.plain, line.ascii),
      needle: { text, caseSensitive: false, decides },
    };
  };
  const searchFor = (text: string) => {
    const matcher = plainMatcher(text, false);
    return {
      test: (line: LogLine): boolean => matcher.test(line.plain, line.ascii),
      needle: { text, caseSensitive: false, decides: true },
    };
  };

  for (const [text, decides] of [
    ['checkout', true],
    ['checkout', false],
    ['k', true],
    ['→', false],
  ] as const) {
    it(`shows the newest lines' matches first and, slice by slice, what a filter at once shows: "${text}"${decides ? ', deciding' : ''}`, () => {
      const { test, needle } = queries(text, decides);
      const search = searchFor('out');
      const whole = filled();
      whole.setSearch(search.test, search.needle);
      whole.setFilter(test, needle);
      const paced = filled();
      paced.setSearch(search.test, search.needle);
      paced.setFilter(test, needle, 3_000);
      // only the newest 3,000 lines tested: their matches, and the search's among them
      expect(paced.filterProgress).toEqual({ tested: 3_000, of: 14_000 });
      expect(shown(paced)).toEqual(shown(whole).filter((seq) => seq >= 11_000));
      const newestMatches = shown(whole).filter((seq) => {
        const line = whole.readLine(seq) as LogLine;
        return seq >= 11_000 && search.test(line);
      });
      expect(paced.matchCount).toBe(newestMatches.length);
      expect(paced.matchCount).toBeGreaterThan(0);
      let slices = 0;
      let before = paced.viewCount;
      while (paced.continueFilter(2_500)) {
        slices += 1;
        // each slice puts older matches before those shown, never after
        expect(paced.viewCount).toBeGreaterThanOrEqual(before);
        expect(paced.viewSeq(paced.viewCount - 1)).toBe(whole.viewSeq(whole.viewCount - 1));
        before = paced.viewCount;
      }
      // 11,000 lines left, 2,500 a slice: four slices leave some, the fifth ends it
      expect(slices).toBe(4);
      expect(paced.filterProgress).toBeNull();
      expect(shown(paced)).toEqual(shown(whole));
      expect(paced.matchCount).toBe(whole.matchCount);
      expect(shown(paced).length).toBeGreaterThan(0);
    });
  }

  it('keeps up with lines arriving and evicted while older ones wait to be tested', () => {
    const { test, needle } = queries('checkout', true);
    const paced = filled(10_000, 9_000);
    paced.setFilter(test, needle, 2_000);
    expect(paced.filterProgress).toEqual({ tested: 2_000, of: 9_000 });
    // 5,000 more: 4,000 of the oldest are evicted, among them untested ones
    paced.append(lines.slice(9_000).map((line) => ({ ...line })));
    expect(paced.filterProgress).toEqual({ tested: 7_000, of: 10_000 });
    expect(paced.continueFilter(1_000)).toBe(true);
    while (paced.continueFilter(1_000));
    const whole = filled(10_000);
    whole.setFilter(test, needle);
    expect(shown(paced)).toEqual(shown(whole));
    expect(shown(paced)[0]).toBeGreaterThanOrEqual(4_000);
  });

  it('tests every line at once before stepping through matches or listing the lines shown', () => {
    const { test, needle } = queries('checkout', true);
    const search = searchFor('kelvin');
    const whole = filled();
    whole.setFilter(test, needle);
    whole.setSearch(search.test, search.needle);
    const paced = filled();
    paced.setFilter(test, needle, 3_000);
    // a search set while older lines wait marks only among those tested
    paced.setSearch(search.test, search.needle);
    expect(paced.matchCount).toBeLessThan(whole.matchCount);
    // stepping back from the first match wraps to the last of all: the oldest are tested first
    expect(paced.stepMatch(null, 1)).toEqual(whole.stepMatch(null, 1));
    expect(paced.filterProgress).toBeNull();
    expect(paced.matchCount).toBe(whole.matchCount);
    const again = filled();
    again.setFilter(test, needle, 3_000);
    expect(again.lines(true).map((line) => line.seq)).toEqual(shown(whole));
    expect(again.filterProgress).toBeNull();
  });

  it('tests every line at once when they are not more than twice the newest asked for, or cleared', () => {
    const { test, needle } = queries('checkout', true);
    const paced = filled(20_000, 6_000);
    paced.setFilter(test, needle, 3_000);
    expect(paced.filterProgress).toBeNull();
    const whole = filled(20_000, 6_000);
    whole.setFilter(test, needle);
    expect(shown(paced)).toEqual(shown(whole));
    const cleared = filled();
    cleared.setFilter(test, needle, 3_000);
    cleared.clear();
    expect(cleared.filterProgress).toBeNull();
    expect(cleared.continueFilter(1_000)).toBe(false);
    // a filter taken away leaves nothing to test
    const removed = filled();
    removed.setFilter(test, needle, 3_000);
    removed.setFilter(null);
    expect(removed.filterProgress).toBeNull();
    expect(removed.viewCount).toBe(14_000);
  });
});
