import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHarness, type FakeConnection, type Harness } from '../../../lib/sse/fake-sse-server';
import { openDecodedStream } from '../../../lib/sse/decoded-stream';
import type { HistoryPage, HistoryRequest } from '../api/telemetry-history';
import { describeFill } from '../model/gap-fill';
import type { GapItem, TimelineItem } from '../model/types';
import { createLiveTimeline } from './live-timeline';
import type { LiveTimeline } from './timeline-controller';

let harness: Harness;
let timeline: LiveTimeline;
let history: { seq: number; ts: number }[];
let requests: HistoryRequest[];

const SECOND = 1_000_000;
const T0 = Date.UTC(2026, 10, 23, 12) * 1000;

const event = (seq: number) => ({
  ts: T0 + seq * SECOND,
  type: 'console_log',
  category: 'console',
  source: { kind: 'cdp' },
  data: { text: `e${seq}` },
});

function frame(seq: number): string {
  return `id: ${seq}\ndata: ${JSON.stringify({ seq, event: event(seq) })}\n\n`;
}

/** The history as the server keeps it, in pages of 2 within the window asked for. */
async function readPage(
  _connection: unknown,
  _sessionId: string,
  request: HistoryRequest,
): Promise<HistoryPage> {
  requests.push(request);
  const since = request.since.endsWith('h') ? 0 : Date.parse(request.since) * 1000;
  const micros = Number(/\.\d{3}(\d{3})Z$/.exec(request.until ?? '')?.[1] ?? 0);
  const until = request.until ? Date.parse(request.until) * 1000 + micros : Infinity;
  const window = history.filter((entry) => entry.ts >= since && entry.ts < until);
  const start = request.offset ?? 0;
  const page = window.slice(start, start + 2);
  return {
    envelopes: page.map(({ seq }) => ({ seq, event: event(seq) })),
    problems: [],
    nextOffset: start + 2 < window.length ? start + 2 : null,
  };
}

function shape(): string[] {
  const all: TimelineItem[] = [];
  timeline.buffer.forEach((item) => all.push(item));
  return all.map((item) => {
    if (item.kind === 'event') return String(item.seq);
    if (item.kind === 'gap')
      return `gap:${item.from}-${item.to}${item.recovered === undefined ? '' : `:recovered ${item.recovered}`}`;
    return item.kind;
  });
}

const until = (predicate: () => boolean): Promise<void> =>
  vi.waitFor(() => {
    if (!predicate()) throw new Error(`not yet: ${shape().join(' ')}`);
  });

async function connection(index: number): Promise<FakeConnection> {
  await harness.untilConnections(index + 1);
  return harness.connection(index);
}

beforeEach(() => {
  harness = createHarness();
  history = Array.from({ length: 12 }, (_, at) => ({ seq: at + 1, ts: T0 + (at + 1) * SECOND }));
  requests = [];
  timeline = createLiveTimeline({
    connection: { base: '/api', token: () => 'tok' },
    sessionId: 's1',
    capacity: 1000,
    openStream: (options) => openDecodedStream({ ...options, fetch: harness.fetch }),
    readPage,
  });
  timeline.start();
});
afterEach(() => timeline.stop());

describe('gaps filled from the history', () => {
  it('fills a gap the stream showed by itself, in place, and says so', async () => {
    const stream = await connection(0);
    stream.send(frame(1) + frame(2) + frame(7) + frame(8));
    await until(() => shape().includes('gap:3-6:recovered 4'));
    expect(shape()).toEqual(['1', '2', 'gap:3-6:recovered 4', '3', '4', '5', '6', '7', '8']);
    // the window read runs from the event before the gap to the event after it
    expect(requests[0]?.since).toBe(
      new Date((T0 + 2 * SECOND) / 1000).toISOString().replace('Z', '000Z'),
    );
    expect(timeline.buffer.missed).toBe(0);
    // what arrives next goes after it, as ever
    stream.send(frame(9));
    await until(() => shape().at(-1) === '9');
  });

  it('says how many are still missing when the history lacks some', async () => {
    history = history.filter((entry) => entry.seq !== 4 && entry.seq !== 5);
    const stream = await connection(0);
    stream.send(frame(1) + frame(2) + frame(7));
    await until(() => shape().some((item) => item.startsWith('gap:3-6:recovered')));
    expect(shape()).toEqual(['1', '2', 'gap:3-6:recovered 2', '3', '6', '7']);
    expect(timeline.buffer.missed).toBe(2);
  });

  it('loads events older than the ring when asked, keeping the selection on its item', async () => {
    const stream = await connection(0);
    stream.send(frame(9) + frame(10));
    await until(() => shape().length === 3);
    expect(shape()).toEqual(['gap:1-8', '9', '10']);
    const ten = timeline.buffer.indexOfSeq(10) as number;
    timeline.store.setState({ selected: ten });
    timeline.fillGap(timeline.buffer.first);
    await until(() => shape()[0] === 'gap:1-8:recovered 8');
    expect(shape()).toEqual([
      'gap:1-8:recovered 8',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    const selected = timeline.store.getState().selected as number;
    expect(timeline.buffer.item(selected)).toMatchObject({ kind: 'event', seq: 10 });
    expect(timeline.store.getState().rekey?.translate(ten)).toBe(selected);
  });

  it('shows why the history could not be read on the gap', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    timeline.stop();
    harness = createHarness();
    timeline = createLiveTimeline({
      connection: { base: '/api', token: () => 'tok' },
      sessionId: 's1',
      capacity: 1000,
      openStream: (options) => openDecodedStream({ ...options, fetch: harness.fetch }),
      readPage: failing,
    });
    timeline.start();
    const stream = await connection(0);
    stream.send(frame(1) + frame(4));
    await until(() => {
      let failed = false;
      timeline.buffer.forEach((item) => {
        if (item.kind === 'gap' && typeof (item as GapItem).healing === 'object') failed = true;
      });
      return failed;
    });
    let gap: GapItem | undefined;
    timeline.buffer.forEach((item) => {
      if (item.kind === 'gap') gap = item;
    });
    expect(gap?.healing).toEqual({ failed: 'offline' });
  });
});

/** A live timeline whose gaps are read from `readPage`. */
function withHistory(read: typeof readPage): void {
  timeline.stop();
  harness = createHarness();
  timeline = createLiveTimeline({
    connection: { base: '/api', token: () => 'tok' },
    sessionId: 's1',
    capacity: 1000,
    openStream: (options) => openDecodedStream({ ...options, fetch: harness.fetch }),
    readPage: read,
  });
  timeline.start();
}

function theGap(): GapItem | undefined {
  let gap: GapItem | undefined;
  timeline.buffer.forEach((item) => {
    if (item.kind === 'gap') gap = item;
  });
  return gap;
}

/** A history page answered after a turn of the event loop, as a server's would be. */
function answering(answer: (request: HistoryRequest) => HistoryPage) {
  return vi.fn(async (_connection: unknown, _sessionId: string, request: HistoryRequest) => {
    requests.push(request);
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (request.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return answer(request);
  });
}

const envelopes = (seqs: number[]) => seqs.map((seq) => ({ seq, event: event(seq) }));

describe('gap filling that does not move forward', () => {
  it('stops when the server sends the same cursor again, and says why on the gap', async () => {
    const read = answering(() => ({ envelopes: envelopes([1]), problems: [], nextOffset: 7 }));
    withHistory(read);
    const stream = await connection(0);
    stream.send(frame(1) + frame(4));
    await until(() => typeof theGap()?.healing === 'object');
    expect(read).toHaveBeenCalledTimes(2);
    expect(describeFill(theGap() as GapItem)).toBe(
      'the history could not be read: the server sent the same page cursor again (X-Next-Offset 7)',
    );
  });

  it('stops after pages in a row of events it has, and puts in place what it found', async () => {
    // seq 2 is there, seq 3 never comes: the same events under ever new cursors
    const read = answering((request) => ({
      envelopes: envelopes([1, 2]),
      problems: [],
      nextOffset: (request.offset ?? 0) + 2,
    }));
    withHistory(read);
    const stream = await connection(0);
    stream.send(frame(1) + frame(4));
    await until(() => typeof theGap()?.healing === 'object');
    expect(read).toHaveBeenCalledTimes(5);
    expect(shape()).toEqual(['1', 'gap:2-3:recovered 1', '2', '4']);
    expect(describeFill(theGap() as GapItem)).toBe(
      '1 recovered from the history, 1 still missing; the rest could not be read: 4 pages in a row added nothing new',
    );
  });

  it('asks nothing more once the view closes', async () => {
    // a history that goes on and on, each page new
    const read = answering((request) => {
      const start = (request.offset ?? 0) + 100;
      return { envelopes: envelopes([start, start + 1]), problems: [], nextOffset: start + 2 };
    });
    withHistory(read);
    const stream = await connection(0);
    stream.send(frame(1) + frame(9));
    await vi.waitFor(() => expect(read.mock.calls.length).toBeGreaterThan(2));
    timeline.stop();
    const asked = read.mock.calls.length;
    expect(requests.at(-1)?.signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read.mock.calls.length).toBe(asked);
    // the gap does not say it is still being read
    expect(theGap()?.healing).toBeUndefined();
  });
});
