import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../testing/until';
import { createHarness, type Harness } from '../../../lib/sse/fake-sse-server';
import { openDecodedStream } from '../../../lib/sse/decoded-stream';
import { harnessLogTab } from '../testing/log-tab-kit';
import { createLogTab, SESSION_NOT_FOUND, type LogTab } from './log-tab-controller';

let harness: Harness;
let tab: LogTab;

const frame = (message: string): string =>
  `data: ${JSON.stringify({ event: 'log', timestamp: '2025-01-01T00:00:00Z', message })}\n\n`;

const notFound = {
  kind: 'body',
  status: 404,
  body: JSON.stringify({ code: 'not_found', message: 'browser session s1 not found' }),
  headers: { 'content-type': 'application/json' },
} as const;

function texts(): string[] {
  return tab.buffer.lines(false).map((line) => (line.notice ? `notice: ${line.text}` : line.text));
}

beforeEach(() => {
  harness = createHarness();
  tab = harnessLogTab(harness);
  tab.start();
});
afterEach(() => tab.stop());

describe('log tab', () => {
  it('says what the server answered when its stream closed with 404, keeping every line', async () => {
    await harness.untilConnections(1);
    harness.connection(0).send(frame('one') + frame('two'));
    await until(() => tab.buffer.total === 2);
    harness.replies.push(notFound);
    harness.connection(0).end();
    await until(() => tab.store.getState().status.kind === 'failed');
    // the answer, not a conclusion: a server shutting down may answer so too
    expect(texts()).toEqual(['one', 'two', `notice: ${SESSION_NOT_FOUND}`]);
    expect(tab.saved).toBe(false);
  });

  it('ends calmly when the session ended: lines kept, stream stopped, nothing to reconnect', async () => {
    await harness.untilConnections(1);
    harness.connection(0).send(frame('one'));
    await until(() => tab.buffer.total === 1);
    harness.replies.push(notFound);
    harness.connection(0).end();
    await until(() => tab.store.getState().status.kind === 'failed');

    const asked = harness.connections.length;
    tab.end('the session ended at 15:22:02');
    expect(tab.store.getState().status).toEqual({
      kind: 'ended',
      reason: 'the session ended at 15:22:02',
    });
    expect(texts()).toEqual([
      'one',
      `notice: ${SESSION_NOT_FOUND}`,
      'notice: the session ended at 15:22:02',
    ]);
    // the view offers no reconnect, and a new token's reconnect asks the server nothing
    expect(tab.saved).toBe(true);
    tab.reconnectNow();
    tab.start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(harness.connections.length).toBe(asked);
    expect(tab.store.getState().status.kind).toBe('ended');
  });

  it('shows an in-band failure as a notice and does not reconnect after it', async () => {
    await harness.untilConnections(1);
    harness.connection(0).send(frame('failed to open log path /var/log/app.log: no such file'));
    await until(() => tab.buffer.total === 1);
    harness.connection(0).end();
    await until(() => tab.store.getState().status.kind === 'ended');
    expect(texts()).toEqual([
      'notice: failed to open log path /var/log/app.log: no such file',
      'notice: stream ended: the server closed the stream',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(harness.connections).toHaveLength(1);
  });

  it('reads a failure’s words as a line when other lines came before it', async () => {
    await harness.untilConnections(1);
    harness.connection(0).send(frame('one') + frame('logs source not available'));
    await until(() => tab.buffer.total === 2);
    expect(texts()).toEqual(['one', 'logs source not available']);
  });

  it('says nothing of a session end when the session was never reached', async () => {
    tab.stop();
    harness = createHarness();
    harness.replies.push(notFound);
    tab = createLogTab({
      id: 'log-2',
      connection: { base: '/api', token: () => 'tok' },
      sessionId: 's1',
      source: { kind: 'path', target: '/var/log/app.log', follow: false },
      capacity: 100,
      openStream: (options) => openDecodedStream({ ...options, fetch: harness.fetch }),
    });
    tab.start();
    await until(() => tab.store.getState().status.kind === 'failed');
    expect(texts()).toEqual([]);
  });
});
