import { describe, expect, it, vi } from 'vitest';

describe('a log tab whose patterns need the linear-time engine', () => {
  it('applies a filter and a search from a link once the engine has loaded', async () => {
    // a fresh module graph: the engine has not been loaded yet, as when the page opens a link
    vi.resetModules();
    const { createFileLogTab } = await import('./log-tab-controller');
    const { lineOf } = await import('../api/log-stream');
    const { loadLinearEngine } = await import('../../../lib/regex/linear-engine');
    const tab = createFileLogTab({
      id: 'saved-1',
      source: { kind: 'path', target: '/var/log/app.log', follow: false },
      lines: [
        lineOf('upstream timeout 300ms', 1),
        lineOf('request handled', 2),
        lineOf(`${'a'.repeat(100_000)}!`, 3),
        lineOf('timeout 5ms again', 4),
      ],
      capacity: 10,
      origin: 'test',
      initial: {
        include: { text: 'timeout \\d+ms|(a+)+$', regex: true, caseSensitive: false },
        search: { text: 'AGAIN+', regex: true, caseSensitive: false },
      },
    });
    expect(tab.store.getState().filterError).toMatch(/Preparing the regular-expression engine/);
    const version = tab.store.getState().version;

    await loadLinearEngine();
    await vi.waitFor(() => expect(tab.store.getState().filterError).toBeNull());
    expect(tab.store.getState().searchError).toBeNull();
    expect(tab.buffer.lines(true).map((line) => line.text)).toEqual([
      'upstream timeout 300ms',
      'timeout 5ms again',
    ]);
    expect(tab.buffer.matchCount).toBe(1);
    // the view is told to draw the filtered lines
    expect(tab.store.getState().version).toBeGreaterThan(version);
  });
});
