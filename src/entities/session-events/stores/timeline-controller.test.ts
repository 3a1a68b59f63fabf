import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../testing/until';
import { createHarness, type FakeConnection, type Harness } from '../../../lib/sse/fake-sse-server';
import type { TimelineItem } from '../model/types';
import { connectionAt, harnessTimeline } from '../testing/live-timeline-kit';
import type { LiveTimeline } from './timeline-controller';

let harness: Harness;
let timeline: LiveTimeline;

function frame(
  seq: number,
  ts = seq * 1_000_000,
  type = 'console_log',
  data: unknown = { text: `e${seq}` },
): string {
  const event = { ts, type, category: 'console', source: { kind: 'cdp' }, data };
  return `id: ${seq}\ndata: ${JSON.stringify({ seq, event })}\n\n`;
}

function items(): TimelineItem[] {
  const all: TimelineItem[] = [];
  timeline.buffer.forEach((item) => all.push(item));
  return all;
}

/** Compact view of the timeline: `5` for event seq 5, `gap:1-4:cause`, `marker:kind`, `?` unreadable. */
function shape(): string[] {
  return items().map((item) => {
    if (item.kind === 'event') return String(item.seq);
    if (item.kind === 'gap') return `gap:${item.from}-${item.to}:${item.cause}`;
    if (item.kind === 'marker') return `marker:${item.marker}`;
    return '?';
  });
}

const connection = (index: number): Promise<FakeConnection> => connectionAt(harness, index);

beforeEach(() => {
  harness = createHarness();
  timeline = harnessTimeline(harness);
  timeline.start();
});
afterEach(() => timeline.stop());

describe('live timeline', () => {
  it('replays from the oldest event and shows what was evicted before the replay', async () => {
    const first = await connection(0);
    expect(first.url).toBe('/api/browsers/s1/telemetry/stream?replay=all');
    expect(first.headers.get('authorization')).toBe('Bearer tok');
    expect(first.headers.has('last-event-id')).toBe(false);
    first.send(frame(5) + frame(6) + frame(7));
    await until(() => shape().length === 4);
    expect(shape()).toEqual(['gap:1-4:replay-start', '5', '6', '7']);
  });

  it('resumes after the last seq on reconnect, drops duplicates and shows the gap', async () => {
    const first = await connection(0);
    first.send(frame(1) + frame(2));
    await until(() => shape().length === 2);
    first.end();
    const second = await connection(1);
    expect(second.url).toBe('/api/browsers/s1/telemetry/stream');
    expect(second.headers.get('last-event-id')).toBe('2');
    // the probe for a restarted event process reads the oldest retained event once
    const probe = await connection(2);
    expect(probe.url).toContain('replay=all');
    probe.send(frame(1));
    second.send(frame(2) + frame(5) + frame(6));
    await until(() => shape().includes('6'));
    expect(shape()).toEqual(['1', '2', 'marker:reconnected', 'gap:3-4:reconnect', '5', '6']);
    expect(timeline.duplicates()).toBe(1);
    expect(items()[2]).toMatchObject({ text: 'Reconnected, resumed after seq 2' });
  });

  it('notices a restarted event process through the probe and replays the new one', async () => {
    const first = await connection(0);
    first.send(frame(1) + frame(2) + frame(3));
    await until(() => shape().length === 3);
    first.end();
    const second = await connection(1);
    const probe = await connection(2);
    // the new process's seq 1 is a different event from the one held under seq 1
    probe.send(frame(1, 99_000_000, 'page_load'));
    const third = await connection(3);
    expect(third.url).toContain('replay=all');
    expect(third.headers.has('last-event-id')).toBe(false);
    expect(second.signal?.aborted).toBe(true);
    third.send(frame(1, 99_000_000, 'page_load') + frame(2, 99_500_000));
    await until(() => shape().length === 7);
    expect(shape()).toEqual(['1', '2', '3', 'marker:reconnected', 'marker:restarted', '1', '2']);
    expect(items()[6]).toMatchObject({ epoch: 1 });
    // the separator is dated by the new process's oldest event (the server's clock), the first
    // row below it, not by this page's clock when the probe answered
    expect(items()[4]).toMatchObject({ tsUs: 99_000_000 });
  });

  it('drops a frame sent again and shows a restart where seq went back, with no gap', async () => {
    const first = await connection(0);
    first.send(frame(1) + frame(2) + frame(3) + frame(3));
    await until(() => timeline.duplicates() === 1);
    // the same seq, type and ts as the event held, other content: the new process's seq 2
    first.send(frame(2, 2_000_000, 'console_log', { text: 'new' }) + frame(3, 3_500_000));
    await until(() => shape().length === 6);
    expect(shape()).toEqual(['1', '2', '3', 'marker:restarted', '2', '3']);
    expect(items()[4]).toMatchObject({ epoch: 1 });
    expect(timeline.duplicates()).toBe(1);
  });

  it('drops a screenshot sent again although its image left the event', async () => {
    const first = await connection(0);
    const screenshot = (seq: number): string =>
      frame(seq, seq, 'monitor_screenshot', { png: 'iVBORw0KGgo=', width: 1 });
    first.send(screenshot(1) + screenshot(2) + screenshot(1));
    await until(() => timeline.duplicates() === 1);
    expect(shape()).toEqual(['1', '2']);
  });

  it('turns an unreadable frame into an item and keeps streaming', async () => {
    const first = await connection(0);
    first.send('data: {"seq": 1, "event": \n\n' + frame(1));
    await until(() => shape().length === 2);
    expect(shape()).toEqual(['?', '1']);
    expect(items()[0]).toMatchObject({
      raw: '{"seq": 1, "event": ',
      reason: expect.stringMatching(/^not JSON/),
    });
  });

  it('marks where a 404 stopped the stream, saying what the server answered, and keeps what it received', async () => {
    const first = await connection(0);
    first.send(frame(1));
    await until(() => shape().length === 1);
    harness.replies.push({
      kind: 'body',
      status: 404,
      body: JSON.stringify({ code: 'not_found', message: 'browser session not found' }),
      headers: { 'content-type': 'application/json' },
    });
    first.end();
    await until(() => timeline.store.getState().status.kind === 'failed');
    expect(shape()).toEqual(['1', 'marker:ended']);
    // not "the session ended": a server shutting down may answer 404 too (the session view reads
    // the session's record to tell)
    const marker = items()[1];
    expect(marker?.kind === 'marker' && marker.text).toBe(
      'Stream stopped: the server answered 404, no such session. Everything received stays here.',
    );
  });
});
