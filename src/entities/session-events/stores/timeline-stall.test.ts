import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../../../testing/until';
import { LIMITS } from '../../../config/limits';
import {
  createHarness,
  TEST_T0,
  type FakeConnection,
  type Harness,
  type Reply,
} from '../../../lib/sse/fake-sse-server';
import type { TimelineItem } from '../model/types';
import { connectionAt, harnessTimeline } from '../testing/live-timeline-kit';
import type { LiveTimeline } from './timeline-controller';

/** The silence after which the telemetry stream counts as stalled (keepalive + margin). */
const STALL_MS = LIMITS.telemetryKeepaliveMs + LIMITS.stallMarginMs;

let harness: Harness;
let timeline: LiveTimeline | undefined;

function frame(seq: number): string {
  const event = { ts: seq * 1_000_000, type: 'console_log', category: 'console', data: {} };
  return `id: ${seq}\ndata: ${JSON.stringify({ seq, event: { ...event, source: { kind: 'cdp' } } })}\n\n`;
}

function items(): TimelineItem[] {
  const all: TimelineItem[] = [];
  timeline?.buffer.forEach((item) => all.push(item));
  return all;
}

function shape(): string[] {
  return items().map((item) =>
    item.kind === 'event'
      ? String(item.seq)
      : item.kind === 'marker'
        ? `marker:${item.marker}`
        : item.kind,
  );
}

function texts(): string[] {
  return items().flatMap((item) => (item.kind === 'marker' ? [item.text] : []));
}

const statusKind = (): string | undefined => timeline?.store.getState().status.kind;

const connection = (index: number): Promise<FakeConnection> => connectionAt(harness, index);

/** Opens the timeline; `replies` answer its first requests (probes included), in order. */
function open(replies: Reply[] = []): void {
  harness.replies.push(...replies);
  timeline = harnessTimeline(harness);
  timeline.start();
}

/**
 * Two events on the first connection, then silence until the watchdog gives up; `next` answers
 * the requests after it.
 */
async function twoEventsThenSilence(next: Reply[] = []): Promise<void> {
  const first = await connection(0);
  first.send(frame(1) + frame(2));
  await until(() => shape().length === 2);
  harness.replies.push(...next);
  await vi.advanceTimersByTimeAsync(STALL_MS);
  expect(first.signal?.aborted).toBe(true);
}

beforeEach(() => {
  vi.useFakeTimers({ now: TEST_T0 });
  harness = createHarness();
});
afterEach(() => {
  timeline?.stop();
  timeline = undefined;
  vi.useRealTimers();
});

describe('live timeline: a stalled stream leaves a trace', () => {
  it('says how long nothing came and where the reconnect resumed, in one item', async () => {
    open();
    await twoEventsThenSilence();
    const second = await connection(1);
    expect(second.headers.get('last-event-id')).toBe('2');
    await until(() => statusKind() === 'live' && shape().length === 3);
    expect(shape()).toEqual(['1', '2', 'marker:stalled']);
    expect(texts()).toEqual(['No data for 25 s; reconnected, resumed after seq 2']);
    second.send(frame(3));
    await until(() => shape().length === 4);
    expect(shape()).toEqual(['1', '2', 'marker:stalled', '3']);
  });

  it('counts stalls in a row as one silence', async () => {
    open();
    // the next attempt is accepted and never answered: the watchdog gives up on it too
    await twoEventsThenSilence([{ kind: 'hang' }]);
    await connection(1);
    await vi.advanceTimersByTimeAsync(STALL_MS);
    await connection(2);
    await until(() => statusKind() === 'live' && shape().length === 3);
    expect(texts()).toEqual(['No data for 50 s; reconnected, resumed after seq 2']);
  });

  it('says so when the reconnect after a stall was refused', async () => {
    open();
    await twoEventsThenSilence([
      {
        kind: 'body',
        status: 401,
        body: JSON.stringify({ code: 'unauthorized', message: 'token rejected' }),
        headers: { 'content-type': 'application/json' },
      },
    ]);
    await until(() => statusKind() === 'failed' && shape().length === 3);
    expect(texts()).toEqual([
      'No data for 25 s; reconnecting failed: 401 Unauthorized: token rejected (unauthorized)',
    ]);
  });

  it('says when the first connection came only after a silent attempt', async () => {
    open([{ kind: 'hang' }]);
    await connection(0);
    await vi.advanceTimersByTimeAsync(STALL_MS);
    // the status a view shows until the next attempt, after the backoff
    expect(statusKind()).toBe('stalled');
    await vi.advanceTimersByTimeAsync(5);
    (await connection(1)).send(frame(1));
    await until(() => shape().length === 2);
    expect(shape()).toEqual(['marker:stalled', '1']);
    expect(texts()).toEqual(['No data for 25 s; connected on a new attempt']);
  });

  it('leaves only the usual separator after a reconnect that no stall caused', async () => {
    open();
    const first = await connection(0);
    first.send(frame(1));
    await until(() => shape().length === 1);
    first.end();
    await until(() => shape().length === 2);
    expect(texts()).toEqual(['Reconnected, resumed after seq 1']);
  });
});
