import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../../../testing/until';
import { createHarness, TEST_T0, type Harness } from '../../../lib/sse/fake-sse-server';
import { harnessLogTab } from '../testing/log-tab-kit';
import { RECONNECTED, type LogTab } from './log-tab-controller';

const STALL_MS = 25_000;
let harness: Harness;
let tab: LogTab | undefined;

const frame = (message: string): string =>
  `data: ${JSON.stringify({ event: 'log', timestamp: '2025-01-01T00:00:00Z', message })}\n\n`;

function texts(): string[] {
  return (tab?.buffer.lines(false) ?? []).map((line) =>
    line.notice ? `notice: ${line.text}` : line.text,
  );
}

/** A log tab; `stallTimeoutMs` gives its stream a watchdog (the app configures none). */
function open(stallTimeoutMs?: number): void {
  tab = harnessLogTab(harness, stallTimeoutMs);
  tab.start();
}

beforeEach(() => {
  vi.useFakeTimers({ now: TEST_T0 });
  harness = createHarness();
});
afterEach(() => {
  tab?.stop();
  tab = undefined;
  vi.useRealTimers();
});

describe('log tab: stalls', () => {
  it('leaves a notice saying how long nothing came and what the reconnect does', async () => {
    open(STALL_MS);
    await harness.untilConnections(1);
    harness.connection(0).send(frame('one') + frame('two'));
    await until(() => tab?.buffer.total === 2);
    await vi.advanceTimersByTimeAsync(STALL_MS);
    expect(harness.connection(0).signal?.aborted).toBe(true);
    await harness.untilConnections(2);
    // a reconnect asks for new lines only: upstream cannot resume
    expect(harness.connection(1).url).toContain('follow=true');
    await until(() => tab?.buffer.total === 3);
    expect(texts()).toEqual(['one', 'two', `notice: No data for 25 s; ${RECONNECTED}`]);
    expect(RECONNECTED).toBe(
      'reconnected: the log stream restarts at the end of the file, so lines written while disconnected are not shown',
    );
  });

  it('as configured, has no watchdog: a quiet file stays connected and adds nothing', async () => {
    open();
    await harness.untilConnections(1);
    harness.connection(0).send(frame('one'));
    await until(() => tab?.buffer.total === 1);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(harness.connections).toHaveLength(1);
    expect(tab?.store.getState().status.kind).toBe('live');
    expect(texts()).toEqual(['one']);
  });
});
