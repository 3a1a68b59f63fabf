import { describe, expect, it } from 'vitest';
import { lineOf } from '../api/log-stream';
import { createFileLogTab } from './log-tab-controller';
import type { LogTabState } from './log-tab-store';

const LEVELS = ['error', 'warn', 'info', 'debug'] as const;

/** 5,000 lines, so that most are in sealed chunks the store searches by their text. */
const LINES = Array.from({ length: 5_000 }, (_, at) => {
  const level = LEVELS[at % LEVELS.length] as (typeof LEVELS)[number];
  const what = at % 3 === 0 ? 'POST /api/checkout/session' : `GET /api/items/${at}`;
  const text = `${level.toUpperCase()} ${what} ${at % 5 === 0 ? 'slow' : 'ok'}`;
  return { ...lineOf(text, 1_000 + at), level, ascii: true };
});

const PLAIN = { regex: false, caseSensitive: false };

function tabWith(initial: Partial<LogTabState>) {
  return createFileLogTab({
    id: 'filter-1',
    source: { kind: 'path', target: '/var/log/app.log', follow: false },
    lines: LINES,
    capacity: LINES.length,
    origin: 'test',
    initial,
  });
}

/** The texts of the lines the tab shows. */
function shown(initial: Partial<LogTabState>): string[] {
  return tabWith(initial)
    .buffer.lines(true)
    .map((line) => line.text);
}

describe('a log tab filtered by a text, with what else the filter holds', () => {
  const holding = LINES.map((line) => line.text).filter((text) => text.includes('checkout'));

  it('shows every line holding the text, and only those', () => {
    expect(shown({ include: { text: 'CHECKOUT', ...PLAIN } })).toEqual(holding);
    expect(holding.length).toBeGreaterThan(1_000);
  });

  it('hides the lines of hidden levels among them', () => {
    expect(
      shown({ include: { text: 'checkout', ...PLAIN }, hiddenLevels: ['debug', 'warn'] }),
    ).toEqual(holding.filter((text) => text.startsWith('ERROR') || text.startsWith('INFO')));
    expect(shown({ include: { text: 'checkout', ...PLAIN }, hiddenLevels: ['none'] })).toEqual(
      holding,
    );
  });

  it('hides the lines the exclusion holds among them', () => {
    expect(
      shown({ include: { text: 'checkout', ...PLAIN }, exclude: { text: 'slow', ...PLAIN } }),
    ).toEqual(holding.filter((text) => !text.endsWith('slow')));
  });

  it('keeps to the time range', () => {
    const tab = tabWith({
      include: { text: 'checkout', ...PLAIN },
      range: { fromMs: 3_000, toMs: 3_999 },
    });
    const expected = LINES.filter(
      (line) => line.text.includes('checkout') && line.timeMs >= 3_000 && line.timeMs <= 3_999,
    ).map((line) => line.text);
    expect(tab.buffer.lines(true).map((line) => line.text)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(300);
  });

  it('marks the search’s matches among the lines shown, with or without a filter', () => {
    const search = { text: 'slow', ...PLAIN };
    expect(tabWith({ search }).buffer.matchCount).toBe(1_000);
    expect(tabWith({ include: { text: 'checkout', ...PLAIN }, search }).buffer.matchCount).toBe(
      holding.filter((text) => text.endsWith('slow')).length,
    );
  });
});
