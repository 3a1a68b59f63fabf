import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../testing/until';
import { createHarness, type Harness } from '../../../lib/sse/fake-sse-server';
import { harnessLogTab } from '../testing/log-tab-kit';
import { RECONNECTED, type LogTab } from './log-tab-controller';

let harness: Harness;
let tab: LogTab;

const READ = '2025-01-01T00:10:00Z';
const frame = (message: string): string =>
  `data: ${JSON.stringify({ event: 'log', timestamp: READ, message })}\n\n`;

beforeEach(() => {
  harness = createHarness();
  tab = harnessLogTab(harness);
  tab.start();
});
afterEach(() => tab.stop());

describe('log tab times', () => {
  it('a line stating no time after a reconnect takes the next stated time, not the last', async () => {
    await harness.untilConnections(1);
    harness
      .connection(0)
      .send(frame('2025-01-01T00:01:00Z INFO first') + frame('    continued on the next line'));
    await until(() => tab.buffer.total === 2);
    harness.connection(0).end();
    await harness.untilConnections(2);
    harness.connection(1).send(frame('    the end of a message written while away'));
    await until(() => tab.buffer.total === 4);
    harness.connection(1).send(frame('2025-01-01T00:09:00Z INFO back'));
    await until(() => tab.buffer.total === 5);

    const lines = tab.buffer.lines(false);
    expect(lines.map((line) => (line.notice ? 'notice' : line.plain.trim()))).toEqual([
      '2025-01-01T00:01:00Z INFO first',
      'continued on the next line',
      'notice',
      'the end of a message written while away',
      '2025-01-01T00:09:00Z INFO back',
    ]);
    expect(lines[2]?.text).toBe(RECONNECTED);
    const at = (iso: string) => Date.parse(iso);
    expect(lines[1]).toMatchObject({ statedMs: at('2025-01-01T00:01:00Z'), inherited: 'previous' });
    expect(lines[3]).toMatchObject({ statedMs: at('2025-01-01T00:09:00Z'), inherited: 'next' });
  });
});
