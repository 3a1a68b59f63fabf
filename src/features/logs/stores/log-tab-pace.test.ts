import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { LIMITS } from '../../../config/limits';
import { timerScheduler } from '../../../lib/schedulers';
import { lineOf } from '../api/log-stream';
import { LogBuffer } from './log-buffer';
import { createFileLogTab, paceFilter } from './log-tab-controller';
import type { LogTabState } from './log-tab-store';

/** More lines than twice the newest a filter tests at once, one in seven holding "checkout". */
const COUNT = 2 * LIMITS.logFilterPace.newestLines + 20_000;
const LINES = Array.from({ length: COUNT }, (_, at) =>
  lineOf(`INFO ${at % 7 === 0 ? 'POST /api/checkout' : 'GET /api/items'} ${at}`, 1_000 + at),
);
const HOLDING = LINES.map((line, seq) => ({ seq, text: line.text }))
  .filter(({ text }) => text.includes('checkout'))
  .map(({ seq }) => seq);

const shownSeqs = (buffer: LogBuffer): number[] =>
  Array.from({ length: buffer.viewCount }, (_, at) => buffer.viewSeq(at) ?? -1);

describe('a log tab’s filter over many lines', () => {
  const open = (held: Partial<LogTabState> = {}) =>
    createFileLogTab({
      id: 'pace-1',
      source: { kind: 'path', target: '/var/log/app.log', follow: false },
      lines: LINES,
      capacity: COUNT,
      origin: 'test',
      initial: { include: { text: 'checkout', regex: false, caseSensitive: false }, ...held },
    });

  it('tests every line at once for a view held away from the newest lines', () => {
    // scrolled up, or paused: the matches where the view is held are there in its first frame
    for (const held of [{ following: false }, { pausedAt: COUNT - 60_000 }]) {
      const tab = open(held);
      expect(tab.buffer.filterProgress).toBeNull();
      expect(shownSeqs(tab.buffer)).toEqual(HOLDING);
    }
  });

  it('shows the newest lines’ matches at once and the older ones in the tasks after', async () => {
    const tab = open();
    const { newestLines } = LIMITS.logFilterPace;
    expect(tab.buffer.filterProgress).toEqual({ tested: newestLines, of: COUNT });
    expect(shownSeqs(tab.buffer)).toEqual(HOLDING.filter((seq) => seq >= COUNT - newestLines));
    const version = tab.store.getState().version;
    await vi.waitFor(() => expect(tab.buffer.filterProgress).toBeNull(), { timeout: 5_000 });
    expect(shownSeqs(tab.buffer)).toEqual(HOLDING);
    // the view is told of the lines found
    expect(tab.store.getState().version).toBeGreaterThan(version);
  });

  it('stops testing when the tab closes', async () => {
    const tab = open();
    const version = tab.store.getState().version;
    tab.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tab.buffer.filterProgress).toEqual({
      tested: LIMITS.logFilterPace.newestLines,
      of: COUNT,
    });
    expect(tab.store.getState().version).toBe(version);
  });

  it('tests a slice a task when a slice takes its time, newest first', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const buffer = new LogBuffer(COUNT);
    buffer.append(LINES.map((line) => ({ ...line })));
    buffer.setFilter((line) => line.plain.includes('checkout'), null, 10_000);
    const seen: number[] = [];
    const pace = paceFilter(
      buffer,
      () => seen.push(shownSeqs(buffer)[0] ?? -1),
      { sliceLines: 30_000, sliceMs: 0, showEveryMs: 0 },
      timerScheduler(0),
    );
    pace.kick();
    pace.kick(); // kicked again while a task waits: still one task at a time
    vi.runAllTimers();
    // (COUNT − 10,000) lines left, 30,000 a task
    expect(seen).toHaveLength(Math.ceil((COUNT - 10_000) / 30_000));
    // each task's first shown line is older than the one before
    expect(seen.every((seq, at) => at === 0 || seq < (seen[at - 1] as number))).toBe(true);
    expect(shownSeqs(buffer)).toEqual(HOLDING);
    // nothing left: a kick does nothing
    pace.kick();
    expect(vi.getTimerCount()).toBe(0);
  });
});
