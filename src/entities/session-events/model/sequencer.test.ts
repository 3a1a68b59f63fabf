import { describe, expect, it } from 'vitest';
import type { TelemetryEvent } from '../../../types/api';
import { describeGap, eventIdentity, Sequencer, type StartMode } from './sequencer';

function event(
  ts: number,
  type = 'console_log',
  data: TelemetryEvent['data'] = {},
): TelemetryEvent {
  return { ts, type, category: 'console', source: { kind: 'cdp' }, data };
}

/** A sequencer with a store of what it accepted, as the timeline buffer keeps it. */
function setup(mode: StartMode = 'all') {
  const held = new Map<string, TelemetryEvent>();
  const identified: number[] = [];
  const sequencer: Sequencer<TelemetryEvent> = new Sequencer(mode, {
    held: (seq) => {
      const known = held.get(`${sequencer.epoch}:${seq}`);
      return known && eventIdentity(known);
    },
    of: (arriving) => {
      identified.push(arriving.ts);
      return eventIdentity(arriving);
    },
  });
  const feedEvent = (seq: number, arriving: TelemetryEvent) => {
    const outcome = sequencer.frame(seq, arriving, 1);
    if (outcome.event) held.set(`${outcome.event.epoch}:${seq}`, arriving);
    return outcome;
  };
  const feed = (seq: number, ts = seq * 1000, type = 'console_log') =>
    feedEvent(seq, event(ts, type));
  /** Forgets what was held under a seq, as the buffer does when it evicts the event. */
  const evict = (seq: number) => held.delete(`${sequencer.epoch}:${seq}`);
  return { sequencer, feed, feedEvent, evict, identified };
}

const kinds = (outcome: { before: { kind: string }[] }) => outcome.before.map((item) => item.kind);

describe('Sequencer', () => {
  it('asks for a replay first, then resumes after the last seq', () => {
    const { sequencer, feed } = setup();
    expect(sequencer.resumePoint()).toEqual({ lastEventId: null, replayAll: true });
    feed(1);
    feed(2);
    expect(sequencer.resumePoint()).toEqual({ lastEventId: 2, replayAll: false });
    const nothing = { held: () => undefined, of: () => '' };
    expect(new Sequencer('now', nothing).resumePoint()).toEqual({
      lastEventId: null,
      replayAll: false,
    });
  });

  it('records a replay that starts past seq 1 as evicted before the replay', () => {
    const { sequencer, feed } = setup();
    sequencer.connected(1);
    expect(feed(500).before).toMatchObject([
      { kind: 'gap', from: 1, to: 499, cause: 'replay-start' },
    ]);
  });

  it('does not report a gap at the start when asked for new events only', () => {
    const { sequencer, feed } = setup('now');
    sequencer.connected(1);
    expect(feed(500).before).toEqual([]);
    expect(feed(502).before).toMatchObject([{ from: 501, to: 501, cause: 'mid-stream' }]);
  });

  it('tells a gap after a reconnect from one within a connection', () => {
    const { sequencer, feed } = setup();
    sequencer.connected(1);
    feed(1);
    feed(5);
    expect(sequencer.connected(2)).toMatchObject({
      marker: 'reconnected',
      text: 'Reconnected, resumed after seq 5',
    });
    expect(feed(9).before).toMatchObject([{ from: 6, to: 8, cause: 'reconnect' }]);
    expect(feed(10).before).toEqual([]);
  });

  it('drops duplicates by seq', () => {
    const { sequencer, feed } = setup();
    feed(1);
    feed(2);
    expect(feed(2).event).toBeNull();
    expect(feed(1).event).toBeNull();
    expect(sequencer.duplicates).toBe(2);
    expect(feed(3).event).toEqual({ seq: 3, epoch: 0 });
  });

  it('starts a new epoch when seq goes back with a different event', () => {
    const { sequencer, feed } = setup();
    feed(1);
    feed(2);
    feed(3);
    const outcome = feed(1, 99_000, 'page_load');
    expect(outcome.before[0]).toMatchObject({ kind: 'marker', marker: 'restarted', epoch: 1 });
    expect(outcome.event).toEqual({ seq: 1, epoch: 1 });
    expect(sequencer.resumePoint()).toEqual({ lastEventId: 1, replayAll: false });
  });

  it('dates a restart separator by the event it comes before, not by when this page read it', () => {
    const { sequencer } = setup();
    sequencer.frame(1, event(1000), 5000);
    sequencer.frame(2, event(2000), 5000);
    // read 14 s after the new process's first event: the separator stays above it, not later
    const outcome = sequencer.frame(1, event(3000, 'page_load'), 17_000);
    expect(outcome.before).toMatchObject([{ marker: 'restarted', tsUs: 3000 }]);
    // an event with no time: the moment it was read is all there is
    sequencer.frame(2, event(4000), 17_000);
    const untimed = sequencer.frame(1, event(Number.NaN, 'page_load'), 18_000);
    expect(untimed.before).toMatchObject([{ marker: 'restarted', tsUs: 18_000 }]);
  });

  it('invents no gap when seq goes back past 1 mid-stream', () => {
    const { feed } = setup();
    feed(10);
    const outcome = feed(4, 99_000);
    expect(outcome.before).toMatchObject([{ kind: 'marker', marker: 'restarted', epoch: 1 }]);
    expect(outcome.event).toEqual({ seq: 4, epoch: 1 });
  });

  it('invents no gap when seq goes back by one mid-stream', () => {
    const { sequencer, feed } = setup();
    sequencer.connected(1);
    for (let seq = 1; seq <= 10; seq += 1) feed(seq);
    const outcome = feed(9, 99_000);
    expect(kinds(outcome)).toEqual(['marker']);
    expect(outcome.event).toEqual({ seq: 9, epoch: 1 });
    expect(feed(10, 99_500).before).toEqual([]);
  });

  it('keeps a restart whose first event has the newest ts seen, after a restart marker', () => {
    const { sequencer, feed } = setup();
    feed(1);
    feed(4); // seqs 2-3 are in a gap: nothing is held under them
    const outcome = feed(2, 4000);
    expect(outcome.before).toMatchObject([{ kind: 'marker', marker: 'restarted', epoch: 1 }]);
    expect(outcome.event).toEqual({ seq: 2, epoch: 1 });
    expect(sequencer.duplicates).toBe(0);
  });

  it('keeps a restart whose first event is the same seq, type and ts with other content', () => {
    const { sequencer, feedEvent } = setup();
    feedEvent(1, event(1000, 'console_log', { text: 'a' }));
    feedEvent(2, event(2000, 'console_log', { text: 'b' }));
    const outcome = feedEvent(2, event(2000, 'console_log', { text: 'other' }));
    expect(kinds(outcome)).toEqual(['marker']);
    expect(outcome.event).toEqual({ seq: 2, epoch: 1 });
    expect(sequencer.duplicates).toBe(0);
  });

  it('drops a replayed frame identical to the one held as a duplicate', () => {
    const { sequencer, feedEvent } = setup();
    feedEvent(1, event(1000, 'console_log', { text: 'a' }));
    feedEvent(2, event(2000, 'console_log', { text: 'b' }));
    const outcome = feedEvent(1, event(1000, 'console_log', { text: 'a' }));
    expect(outcome).toEqual({ before: [], event: null });
    expect(sequencer.duplicates).toBe(1);
    expect(sequencer.epoch).toBe(0);
    expect(sequencer.resumePoint()).toEqual({ lastEventId: 2, replayAll: false });
  });

  it('starts a new epoch when the seq that came again is not held', () => {
    const { sequencer, feed, evict } = setup();
    feed(1);
    feed(5); // seqs 2-4 are in a gap
    evict(1);
    // older than anything seen, yet nothing held says it is the same event
    expect(kinds(feed(3, 10))).toEqual(['marker']);
    expect(kinds(feed(1, 20))).toEqual(['marker']);
    expect(sequencer.epoch).toBe(2);
    expect(sequencer.duplicates).toBe(0);
  });

  it('reads identities only when a seq comes again', () => {
    const { feed, identified } = setup();
    for (let seq = 1; seq <= 100; seq += 1) feed(seq);
    feed(150);
    expect(identified).toEqual([]);
    feed(150);
    expect(identified).toEqual([150_000]);
  });

  it('gives the first connection in mode all its replay-start gap', () => {
    const { sequencer, feed } = setup('all');
    sequencer.connected(1);
    expect(feed(5).before).toMatchObject([
      { kind: 'gap', from: 1, to: 4, cause: 'replay-start', epoch: 0 },
    ]);
    expect(feed(6).before).toEqual([]);
  });

  it('tells identical screenshots apart from others although the image left data', () => {
    const screenshot = (png: string, extra = {}) =>
      event(1000, 'monitor_screenshot', { png, width: 10, ...extra });
    const held = screenshot('iVBORw0KGgo=');
    const { png: _png, ...rest } = held.data ?? {};
    const kept = { ...held, data: rest }; // as makeEventItem keeps it
    expect(eventIdentity(screenshot('iVBORw0KGgo='))).toBe(eventIdentity(kept));
    expect(eventIdentity(screenshot('iVBORw0KGgo=', { width: 11 }))).not.toBe(eventIdentity(kept));
  });

  it('detects a restart from a probe and replays the new process from its start', () => {
    const { sequencer, feed } = setup();
    feed(1);
    feed(2);
    feed(3);
    expect(sequencer.probeShowsRestart(1, event(1000))).toBe(false);
    expect(sequencer.probeShowsRestart(1, event(50_000))).toBe(true);
    // same seq, type and ts, other content
    expect(sequencer.probeShowsRestart(1, event(1000, 'console_log', { text: 'x' }))).toBe(true);
    expect(sequencer.probeShowsRestart(7, event(50_000))).toBe(false);
    expect(sequencer.restarted(1, 1)).toMatchObject({ marker: 'restarted', epoch: 1 });
    expect(sequencer.resumePoint()).toEqual({ lastEventId: null, replayAll: true });
    sequencer.connected(2);
    expect(feed(3, 60_000).before).toMatchObject([{ from: 1, to: 2, cause: 'replay-start' }]);
  });

  it('tells a restart from a probe of an event it does not hold only by a newer ts', () => {
    const { sequencer, feed } = setup('now');
    sequencer.connected(1);
    feed(500, 500_000);
    feed(501, 501_000);
    // the server's oldest retained event, from before this timeline started
    expect(sequencer.probeShowsRestart(1, event(1000))).toBe(false);
    // newer than everything seen: the same process cannot have sent it under seq 1
    expect(sequencer.probeShowsRestart(1, event(600_000))).toBe(true);
  });

  it('describes gaps with their size, range and cause', () => {
    expect(describeGap({ from: 6, to: 8, cause: 'reconnect' })).toEqual({
      title: '3 events missed (seq 6–8)',
      reason: 'evicted from the server’s buffer while reconnecting',
    });
    expect(describeGap({ from: 1, to: 1, cause: 'mid-stream' }).title).toBe(
      '1 event missed (seq 1)',
    );
    // older than the server's buffer when the stream opened: said plainly, not as a loss
    expect(describeGap({ from: 1, to: 2056, cause: 'replay-start' })).toEqual({
      title: '2,056 older events not held by the stream (seq 1–2056)',
      reason: 'they had left the server’s buffer before this page opened it',
    });
  });
});
