import { describe, expect, it } from 'vitest';
import type { TelemetryEvent } from '../../../types/api';
import { describeGap, Sequencer, type HeldEvent, type StartMode } from './sequencer';

function event(ts: number, type = 'console_log'): TelemetryEvent {
  return { ts, type, category: 'console', source: { kind: 'cdp' }, data: {} };
}

/** A sequencer with a store of what it accepted, as the timeline buffer keeps it. */
function setup(mode: StartMode = 'all') {
  const held = new Map<string, HeldEvent>();
  const sequencer: Sequencer = new Sequencer(mode, (seq): HeldEvent | undefined =>
    held.get(`${sequencer.epoch}:${seq}`),
  );
  const feed = (seq: number, ts = seq * 1000, type = 'console_log') => {
    const outcome = sequencer.frame(seq, event(ts, type), 1);
    if (outcome.event) held.set(`${outcome.event.epoch}:${seq}`, { ts, type });
    return outcome;
  };
  return { sequencer, feed };
}

describe('Sequencer', () => {
  it('asks for a replay first, then resumes after the last seq', () => {
    const { sequencer, feed } = setup();
    expect(sequencer.resumePoint()).toEqual({ lastEventId: null, replayAll: true });
    feed(1);
    feed(2);
    expect(sequencer.resumePoint()).toEqual({ lastEventId: 2, replayAll: false });
    expect(new Sequencer('now', () => undefined).resumePoint()).toEqual({
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

  it('shows the new process events it missed when seq went back past 1', () => {
    const { feed } = setup();
    feed(10);
    const outcome = feed(4, 99_000);
    expect(outcome.before).toMatchObject([
      { kind: 'marker', marker: 'restarted' },
      { kind: 'gap', from: 1, to: 3, epoch: 1 },
    ]);
  });

  it('detects a restart from a probe and replays the new process from its start', () => {
    const { sequencer, feed } = setup();
    feed(1);
    feed(2);
    feed(3);
    expect(sequencer.probeShowsRestart(1, event(1000))).toBe(false);
    expect(sequencer.probeShowsRestart(1, event(50_000))).toBe(true);
    expect(sequencer.probeShowsRestart(7, event(50_000))).toBe(false);
    expect(sequencer.restarted(1, 1)).toMatchObject({ marker: 'restarted', epoch: 1 });
    expect(sequencer.resumePoint()).toEqual({ lastEventId: null, replayAll: true });
    sequencer.connected(2);
    expect(feed(3, 60_000).before).toMatchObject([{ from: 1, to: 2, cause: 'replay-start' }]);
  });

  it('describes gaps with their size, range and cause', () => {
    expect(describeGap({ from: 6, to: 8, cause: 'reconnect' })).toEqual({
      title: '3 events missed (seq 6–8)',
      reason: 'evicted from the server’s buffer while reconnecting',
    });
    expect(describeGap({ from: 1, to: 1, cause: 'mid-stream' }).title).toBe(
      '1 event missed (seq 1)',
    );
  });
});
