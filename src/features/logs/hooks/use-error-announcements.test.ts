import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetNew, reportNew } from '../../../components/ui/live-announcer';
import type { LogLevel } from '../model/level';
import { createLogTab, type LogTab } from '../stores/log-tab-controller';
import { watchLogErrors } from './use-error-announcements';

vi.mock('../../../components/ui/live-announcer', () => ({
  reportNew: vi.fn(),
  forgetNew: vi.fn(),
}));

function tab(kind: 'supervisor' | 'path', target: string): LogTab {
  return createLogTab({
    id: 'log-1',
    connection: { base: '/api', token: () => 'token' },
    sessionId: 's1',
    source: { kind, target, follow: true },
    capacity: 100,
  });
}

/** What the stream does on a flush: lines into the buffer, then one version bump. */
function arrive(target: LogTab, ...levels: (LogLevel | null | 'notice')[]): void {
  target.buffer.append(
    levels.map((level) => ({
      text: 'a line',
      plain: 'a line',
      timeMs: 0,
      statedMs: Number.NaN,
      zoneless: false,
      inherited: false,
      level: level === 'notice' ? null : level,
      ascii: true,
      notice: level === 'notice',
    })),
  );
  target.store.setState((state) => ({ version: state.version + 1 }));
}

function reported(): number[] {
  return vi.mocked(reportNew).mock.calls.map(([, count]) => count);
}

describe('watchLogErrors', () => {
  beforeEach(() => vi.mocked(reportNew).mockClear());
  afterEach(() => vi.mocked(forgetNew).mockClear());

  it('reports the error lines of each flush, not other levels nor notices', () => {
    const target = tab('supervisor', 'chromium');
    arrive(target, 'error');
    const stop = watchLogErrors(target);
    arrive(target, 'error', 'warn', null, 'error', 'notice');
    arrive(target, 'info');
    expect(reported()).toEqual([2, 0]);
    const [key, , describe] = vi.mocked(reportNew).mock.calls[0] ?? [];
    expect(key).toBe('log:log-1');
    expect(describe?.(1)).toBe('1 new error line in chromium log');
    expect(describe?.(3)).toBe('3 new error lines in chromium log');
    stop();
    expect(forgetNew).toHaveBeenCalledWith('log:log-1');
  });

  it('names a file by its name', () => {
    const target = tab('path', '/var/log/app/agent.log');
    watchLogErrors(target);
    arrive(target, 'error');
    const [, , describe] = vi.mocked(reportNew).mock.calls[0] ?? [];
    expect(describe?.(1)).toBe('1 new error line in agent.log');
  });

  it('says nothing while paused', () => {
    const target = tab('supervisor', 'chromium');
    watchLogErrors(target);
    target.store.setState({ pausedAt: target.buffer.total });
    expect(forgetNew).toHaveBeenCalledWith('log:log-1');
    arrive(target, 'error', 'error');
    expect(reported()).toEqual([]);
    target.store.setState({ pausedAt: null });
    arrive(target, 'error');
    expect(reported()).toEqual([0, 1]);
  });
});
