import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/http/request';
import type { HistoryPage, HistoryRequest } from '../api/telemetry-history';
import { T0, telemetryEvent } from '../testing/telemetry-test-kit';
import { createHistoryTimeline } from './history-timeline';
import type { HistoryTimeline } from './timeline-controller';

const page = (seqs: number[], nextOffset: number | null): HistoryPage => ({
  envelopes: seqs.map((seq) => ({ seq, event: telemetryEvent(seq) })),
  problems: [],
  nextOffset,
});

/** A history whose pages are answered one at a time by the test. */
function pagedHistory() {
  const requests: HistoryRequest[] = [];
  const pending: { resolve: (page: HistoryPage) => void; reject: (error: unknown) => void }[] = [];
  const readPage = vi.fn(
    (_connection: unknown, _sessionId: string, request: HistoryRequest) =>
      new Promise<HistoryPage>((resolve, reject) => {
        requests.push(request);
        const entry = { resolve, reject };
        pending.push(entry);
        request.signal?.addEventListener('abort', () => {
          pending.splice(pending.indexOf(entry), 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  );
  const answer = async (next: HistoryPage | Error): Promise<void> => {
    const waiting = pending.shift();
    if (!waiting) throw new Error('no page asked for');
    if (next instanceof Error) waiting.reject(next);
    else waiting.resolve(next);
    await vi.waitFor(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { readPage, requests, answer };
}

function open(readPage: ReturnType<typeof pagedHistory>['readPage']): HistoryTimeline {
  const timeline = createHistoryTimeline({
    connection: { base: '/api', token: () => 'tok' },
    sessionId: 's1',
    endedAt: '2026-11-23T12:00:00Z',
    createdAt: '2026-11-23T11:01:00Z',
    capacity: 1000,
    readPage,
  });
  timeline.load();
  return timeline;
}

const seqs = (timeline: HistoryTimeline): (number | string)[] => {
  const shown: (number | string)[] = [];
  timeline.buffer.forEach((item) => shown.push(item.kind === 'event' ? item.seq : item.kind));
  return shown;
};

describe('the history timeline of an ended session', () => {
  it('reads page after page from the cursor, showing each as it comes', async () => {
    const history = pagedHistory();
    const timeline = open(history.readPage);
    expect(history.requests[0]).toMatchObject({
      since: '2026-11-23T11:00:00.000Z',
      offset: undefined,
    });
    await history.answer(page([1, 2, 3], 3));
    expect(seqs(timeline)).toEqual([1, 2, 3]);
    // shown within a frame
    await vi.waitFor(() =>
      expect(timeline.store.getState().history).toMatchObject({ state: 'loading', loaded: 3 }),
    );
    expect(history.requests[1]).toMatchObject({ offset: 3 });
    // a page may be empty while more follow (a category filter upstream applies within a page)
    await history.answer(page([], 6));
    await history.answer(page([4, 5], null));
    expect(seqs(timeline)).toEqual([1, 2, 3, 4, 5]);
    expect(timeline.store.getState().history).toMatchObject({ state: 'done', loaded: 5, pages: 3 });
    expect(timeline.origin).toEqual({
      kind: 'history',
      sessionId: 's1',
      endedAt: '2026-11-23T12:00:00Z',
    });
    expect(timeline.store.getState().status.kind).toBe('ended');
  });

  it('shows seqs missing from the history as a gap', async () => {
    const history = pagedHistory();
    const timeline = open(history.readPage);
    await history.answer(page([1, 2, 6, 7], null));
    expect(seqs(timeline)).toEqual([1, 2, 'gap', 6, 7]);
  });

  it('stops when cancelled, keeps what it read, and goes on from there', async () => {
    const history = pagedHistory();
    const timeline = open(history.readPage);
    await history.answer(page([1, 2], 2));
    timeline.cancel();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(timeline.store.getState().history).toMatchObject({ state: 'cancelled', loaded: 2 });
    expect(seqs(timeline)).toEqual([1, 2]);
    timeline.load();
    expect(history.requests.at(-1)).toMatchObject({ offset: 2 });
    await history.answer(page([3], null));
    expect(seqs(timeline)).toEqual([1, 2, 3]);
    expect(timeline.store.getState().history?.state).toBe('done');
  });

  it('says why a page failed, and tries that page again', async () => {
    const history = pagedHistory();
    const timeline = open(history.readPage);
    await history.answer(page([1], 1));
    await history.answer(
      new ApiRequestError({
        status: 503,
        statusText: 'Service Unavailable',
        message: 'archive offline',
        details: [],
        bodyText: '{"code":"unavailable","message":"archive offline"}',
      }),
    );
    expect(timeline.store.getState().history).toMatchObject({
      state: 'failed',
      loaded: 1,
      error: '503 Service Unavailable: archive offline',
    });
    timeline.load();
    expect(history.requests.at(-1)).toMatchObject({ offset: 1 });
    await history.answer(page([2], null));
    expect(seqs(timeline)).toEqual([1, 2]);
  });

  it('reads the whole session by default, and another window when asked, from scratch', async () => {
    const history = pagedHistory();
    const timeline = open(history.readPage);
    // a minute before the session was created
    expect(history.requests[0]?.since).toBe('2026-11-23T11:00:00.000Z');
    await history.answer(page([1, 2], 2));
    timeline.setWindow('5m');
    expect(timeline.store.getState()).toMatchObject({
      historyWindow: '5m',
      history: { state: 'loading', loaded: 0 },
    });
    expect(history.requests.at(-1)).toMatchObject({ since: '5m', offset: undefined });
    // the first window's read, aborted, does not say the new one was cancelled
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(timeline.store.getState().history?.state).toBe('loading');
    await history.answer(page([9, 10], null));
    expect(seqs(timeline)).toEqual([9, 10]);
  });
});

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, at) => from + at);

/** A history that answers every request at once (after a turn of the event loop) with `answer`. */
function answering(answer: (request: HistoryRequest) => HistoryPage) {
  return vi.fn(async (_connection: unknown, _sessionId: string, request: HistoryRequest) => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (request.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return answer(request);
  });
}

describe('a history read that does not move forward', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends when the server sends the same cursor again, and says so', async () => {
    const readPage = answering(() => page(range(1, 100), 100));
    const timeline = open(readPage);
    await vi.waitFor(() => expect(timeline.store.getState().history?.state).toBe('failed'));
    expect(readPage).toHaveBeenCalledTimes(2);
    expect(timeline.store.getState().history).toMatchObject({
      loaded: 100,
      error: 'the server sent the same page cursor again (X-Next-Offset 100)',
    });
    // trying again asks for that page once more, and stops there
    timeline.load();
    await vi.waitFor(() => expect(readPage).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(timeline.store.getState().history?.state).toBe('failed'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readPage).toHaveBeenCalledTimes(3);
  });

  it('ends after pages in a row that bring only events it has, counting each event once', async () => {
    vi.useFakeTimers();
    const readPage = answering((request) => page(range(1, 100), (request.offset ?? 0) + 100));
    const timeline = open(readPage);
    await vi.advanceTimersByTimeAsync(10_000);
    // the first page, then four that added nothing (waiting longer before each after the first)
    expect(readPage).toHaveBeenCalledTimes(5);
    expect(timeline.store.getState().history).toMatchObject({
      state: 'failed',
      loaded: 100,
      pages: 5,
      error: '4 pages in a row added nothing new',
    });
    expect(seqs(timeline)).toEqual(range(1, 100));
  });

  it('asks nothing more once cancelled while it waits', async () => {
    vi.useFakeTimers();
    const readPage = answering((request) => page(range(1, 100), (request.offset ?? 0) + 100));
    const timeline = open(readPage);
    await vi.advanceTimersByTimeAsync(100);
    // the third page added nothing either: the next request waits
    expect(readPage).toHaveBeenCalledTimes(3);
    timeline.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(readPage).toHaveBeenCalledTimes(3);
    expect(timeline.store.getState().history?.state).toBe('cancelled');
  });
});

describe('a history page out of order', () => {
  it('is put in seq order before it is counted: no gaps, no restarts it does not have', async () => {
    const history = pagedHistory();
    const timeline = open(history.readPage);
    await history.answer(page([1, 2, 6, 3, 4, 5, 5], null));
    expect(seqs(timeline)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(timeline.store.getState().history).toMatchObject({ state: 'done', loaded: 6 });
    expect(timeline.duplicates()).toBe(1);
  });

  it('keeps a restart of the event process inside a page where it was', async () => {
    const history = pagedHistory();
    const timeline = open(history.readPage);
    const at = (seq: number, seconds: number) => ({
      seq,
      event: telemetryEvent(seq, { ts: T0 + seconds * 1_000_000 }),
    });
    await history.answer({
      envelopes: [at(4, 4), at(5, 5), at(2, 60), at(1, 59)],
      problems: [],
      nextOffset: null,
    });
    expect(seqs(timeline)).toEqual([4, 5, 'marker', 1, 2]);
  });
});
