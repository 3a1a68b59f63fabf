import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../testing/until';
import { createHarness, type FakeConnection, type Harness } from '../../../lib/sse/fake-sse-server';
import { connectionAt, harnessTimeline } from '../testing/live-timeline-kit';
import type { LiveTimeline } from './timeline-controller';

let harness: Harness;
let timeline: LiveTimeline;

function frame(seq: number): string {
  const event = { ts: seq * 1_000_000, type: 'console_log', category: 'console', data: {} };
  return `id: ${seq}\ndata: ${JSON.stringify({ seq, event: { ...event, source: { kind: 'cdp' } } })}\n\n`;
}

/** `5` for event seq 5, else the item's kind (and marker). */
function shape(): string[] {
  const all: string[] = [];
  timeline.buffer.forEach((item) =>
    all.push(
      item.kind === 'event'
        ? String(item.seq)
        : item.kind === 'marker'
          ? `marker:${item.marker}`
          : item.kind,
    ),
  );
  return all;
}

const connection = (index: number): Promise<FakeConnection> => connectionAt(harness, index);

beforeEach(() => {
  harness = createHarness();
  timeline = harnessTimeline(harness);
  timeline.start();
});
afterEach(() => timeline.stop());

describe('live timeline, start from now', () => {
  it('counts "now" from the choice: an event sent while the new stream connects is shown', async () => {
    const first = await connection(0);
    first.send(frame(1) + frame(2) + frame(3));
    await until(() => shape().length === 3);

    timeline.restartFrom('now');
    expect(shape()).toEqual([]);
    expect(first.signal?.aborted).toBe(true);
    // the new stream asks for what came after the newest event seen, not for the server's "now"
    const second = await connection(1);
    expect(second.url).toBe('/api/browsers/s1/telemetry/stream');
    expect(second.headers.get('last-event-id')).toBe('3');
    second.send(frame(4));
    await until(() => shape().length === 1);
    expect(shape()).toEqual(['4']);
  });

  it('a reconnect before anything new came reads no restart from the events cleared away', async () => {
    const first = await connection(0);
    first.send(frame(1) + frame(2) + frame(3));
    await until(() => shape().length === 3);
    timeline.restartFrom('now');
    const second = await connection(1);
    second.end();
    const third = await connection(2);
    expect(third.headers.get('last-event-id')).toBe('3');
    // the probe of the oldest retained event finds the same process's seq 1, no longer held
    const probe = await connection(3);
    probe.send(frame(1));
    await until(() => probe.signal?.aborted === true);
    // read as the same process: the stream goes on, with no restart marker and no replay
    expect(third.signal?.aborted).toBe(false);
    third.send(frame(4));
    await until(() => shape().includes('4'));
    expect(shape()).toEqual(['marker:reconnected', '4']);
  });

  it('from the oldest retained event again: the whole replay, whatever was seen', async () => {
    const first = await connection(0);
    first.send(frame(1) + frame(2));
    await until(() => shape().length === 2);
    timeline.restartFrom('now');
    await connection(1);
    timeline.restartFrom('all');
    const third = await connection(2);
    expect(third.url).toBe('/api/browsers/s1/telemetry/stream?replay=all');
    expect(third.headers.has('last-event-id')).toBe(false);
  });
});
