import { describe, expect, it } from 'vitest';
import { isAscii } from '../../../lib/plain-match';
import { stripAnsi } from '../model/ansi';
import type { LogLevel } from '../model/level';
import { LineStore, type LineTimes, type LogLine } from './line-store';

type Stored = Omit<LogLine, 'seq'>;

function lineOf(text: string, fields: Partial<Stored> = {}): Stored {
  const plain = stripAnsi(text);
  return {
    timeMs: 1_764_000_000_000,
    statedMs: Number.NaN,
    zoneless: false,
    inherited: false,
    text,
    plain,
    level: null,
    ascii: isAscii(plain),
    notice: false,
    ...fields,
  };
}

/** A small deterministic generator. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const PIECES = [
  'GET /api/items 200',
  '\x1b[31merror\x1b[0m',
  '\x1b]8;;https://example.test/a\x07link\x1b]8;;\x07',
  '\x1b]0;never ended',
  '\x1b[1;4mbold\x1b[22m',
  'naïve café',
  '日本語のログ',
  '😀 emoji',
  '<script>alert(1)</script>',
  '\x1b',
  '',
  '\ufeffbyte order mark',
  'lone \ud800 surrogate',
  'arrow → there',
];
const LEVELS: (LogLevel | null)[] = [null, 'error', 'warn', 'info', 'debug', 'trace'];

function randomLine(next: () => number, at: number): Stored {
  const roll = next();
  let text = '';
  const parts = 1 + Math.floor(next() * 4);
  for (let part = 0; part < parts; part += 1)
    text += PIECES[Math.floor(next() * PIECES.length)] as string;
  // some lines start with their piece (a byte order mark first in a chunk's text)
  return lineOf(roll < 0.2 ? text : `${at} ${text}`, {
    level: LEVELS[Math.floor(next() * LEVELS.length)] as LogLevel | null,
    notice: roll < 0.05,
    timeMs:
      roll < 0.1 ? Number.NaN : roll < 0.15 ? 1_764_000_000_000.25 + at : 1_764_000_000_000 + at,
    statedMs:
      roll < 0.4 ? Number.NaN : roll < 0.45 ? 86_400_000 * 400 + at : 1_763_999_000_000 + at * 3,
    zoneless: roll > 0.9,
    inherited: roll > 0.95 ? 'previous' : false,
  });
}

function expectSame(read: LogLine | undefined, line: Stored, seq: number): void {
  expect(read).toEqual({ ...line, seq });
}

describe('LineStore', () => {
  it('gives back every field of lines of every kind, across chunks, as pushed', () => {
    const next = random(7);
    const lines = Array.from({ length: 6_000 }, (_, at) => randomLine(next, at));
    const store = new LineStore(10_000);
    for (const line of lines) store.push(line);
    expect(store.size).toBe(6_000);
    lines.forEach((line, seq) => expectSame(store.read(seq), line, seq));
    const counts = { error: 0, warn: 0, info: 0, debug: 0, trace: 0, none: 0 };
    for (const line of lines) counts[line.level ?? 'none'] += 1;
    expect(store.counts).toEqual(counts);
  });

  it('walks the lines from a seq with the same fields, its text put together when read', () => {
    const next = random(11);
    const lines = Array.from({ length: 3_000 }, (_, at) => randomLine(next, at));
    const store = new LineStore(10_000);
    for (const line of lines) store.push(line);
    const seen: LogLine[] = [];
    store.walk(1_000, (line) => {
      const { seq, timeMs, statedMs, zoneless, inherited, text, plain, level, ascii, notice } =
        line;
      seen.push({ seq, timeMs, statedMs, zoneless, inherited, text, plain, level, ascii, notice });
    });
    expect(seen).toHaveLength(2_000);
    seen.forEach((line, at) => expect(line).toEqual({ ...lines[1_000 + at], seq: 1_000 + at }));
  });

  it('gives back lines outside Latin-1 (kept as UTF-8) from chunk after chunk, read or walked', () => {
    const store = new LineStore(100_000);
    const lines = Array.from({ length: 5_000 }, (_, at) =>
      at === 3
        ? lineOf(`long é → ${'日本 😀 '.repeat(400)}`)
        : lineOf(`${at % 7 === 0 ? '\ufeff' : ''}GET /api/${at} → 200 日本 ${'z'.repeat(at % 90)}`),
    );
    for (const line of lines) store.push(line);
    // read out of order, so that chunks are decoded again
    for (const seq of [4_999, 0, 2_500, 1, 4_998, 17])
      expectSame(store.read(seq), lines[seq] as Stored, seq);
    let seen = 0;
    store.walk(0, (line, seq) => {
      if (line.plain === lines[seq]?.plain && line.ascii === false) seen += 1;
    });
    expect(seen).toBe(5_000);
  });

  it('looks for the two letters that lower-case to ASCII only in lines that can hold them', () => {
    // the Kelvin sign's UTF-8 bytes, as a Latin-1 line's last character and the next line's first
    // two: no line holds the sign, and none of them is a candidate for "k"
    const lines = [
      lineOf('filler'),
      lineOf('ends in \u00e2'),
      lineOf('\u0084\u00aa starts so'),
      lineOf('a \u212aelvin sign'),
      ...Array.from({ length: 5_000 }, (_, at) => lineOf(`line ${at} → done`)),
    ];
    const store = new LineStore(10_000);
    for (const line of lines) store.push(line);
    const visited: number[] = [];
    store.walkMayContain('K', false, (_line, seq) => {
      if (seq < 10) visited.push(seq);
    });
    expect(visited).toEqual([3]);
  });

  it('keeps a line longer than a chunk whole, between ordinary ones', () => {
    const long = `start ${'x'.repeat(200_000)}\x1b[32m end`;
    const store = new LineStore(10);
    const lines = [lineOf('before'), lineOf(long), lineOf('after')];
    for (const line of lines) store.push(line);
    lines.forEach((line, seq) => expectSame(store.read(seq), line, seq));
  });

  it('evicts the oldest lines under the cap, across chunk boundaries, with their level counts', () => {
    const store = new LineStore(1_000);
    const lines = Array.from({ length: 5_000 }, (_, at) =>
      lineOf(`line ${at} ${'y'.repeat(at % 300)}`, { level: at % 2 === 0 ? 'error' : null }),
    );
    for (const line of lines) store.push(line);
    expect(store.first).toBe(4_000);
    expect(store.evicted).toBe(4_000);
    expect(store.read(3_999)).toBeUndefined();
    expectSame(store.read(4_000), lines[4_000] as Stored, 4_000);
    expect(store.counts).toMatchObject({ error: 500, none: 500 });
    store.resize(10);
    expect(store.first).toBe(4_990);
    expect(store.counts).toMatchObject({ error: 5, none: 5 });
    expectSame(store.read(4_999), lines[4_999] as Stored, 4_999);
    store.clear();
    expect(store.size).toBe(0);
    store.push(lineOf('again'));
    expect(store.read(5_000)?.text).toBe('again');
    expect(store.counts.none).toBe(1);
  });

  it('takes a stated time given later, in its columns or beside them', () => {
    const store = new LineStore(100);
    store.push(lineOf('a', { statedMs: 1_763_999_000_000 }));
    store.push(lineOf('b'));
    const given: LineTimes = {
      timeMs: 0,
      statedMs: 1_763_999_000_500,
      zoneless: true,
      inherited: 'next',
      notice: false,
    };
    store.restate(1, given);
    expect(store.read(1)).toMatchObject({
      statedMs: 1_763_999_000_500,
      zoneless: true,
      inherited: 'next',
    });
    // a time far from the chunk's others, and one with a fraction, are kept exactly
    store.restate(1, { ...given, statedMs: 5 });
    expect(store.read(1)?.statedMs).toBe(5);
    store.restate(1, { ...given, statedMs: 1_763_999_000_000.125 });
    expect(store.read(1)?.statedMs).toBe(1_763_999_000_000.125);
    const times = { ...given };
    expect(store.readTimes(0, times)).toBe(true);
    expect(times).toMatchObject({ statedMs: 1_763_999_000_000, inherited: false, notice: false });
  });

  it('keeps a text as received whole when its plain text is not what stripping gives', () => {
    const store = new LineStore(10);
    const odd = { ...lineOf('\x1b[31mred'), plain: 'something else' };
    store.push(odd);
    expectSame(store.read(0), odd, 0);
  });
});
