import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../../../lib/sse/fake-sse-server';
import { openDecodedStream } from '../../../lib/sse/decoded-stream';
import { createLogTab, SESSION_ENDED, type LogTab } from './log-tab-controller';

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

const until = (predicate: () => boolean): Promise<void> =>
  vi.waitFor(() => {
    if (!predicate()) throw new Error('not yet');
  });

beforeEach(() => {
  harness = createHarness();
  tab = createLogTab({
    id: 'log-1',
    connection: { base: '/api', token: () => 'tok' },
    sessionId: 's1',
    source: { kind: 'path', target: '/var/log/app.log', follow: false },
    capacity: 100,
    openStream: (options) =>
      openDecodedStream({
        ...options,
        fetch: harness.fetch,
        backoff: { initialMs: 5, jitter: 'none' },
      }),
  });
  tab.start();
});
afterEach(() => tab.stop());

describe('log tab', () => {
  it('marks the end of the session after its stream closed, keeping every line', async () => {
    await harness.untilConnections(1);
    harness.connection(0).send(frame('one') + frame('two'));
    await until(() => tab.buffer.total === 2);
    harness.replies.push(notFound);
    harness.connection(0).end();
    await until(() => tab.store.getState().status.kind === 'failed');
    expect(texts()).toEqual(['one', 'two', `notice: ${SESSION_ENDED}`]);
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
