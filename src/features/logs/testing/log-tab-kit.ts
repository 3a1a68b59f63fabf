/** A log tab wired to a fake SSE server, as the log tab controller tests open it. */
import { openDecodedStream } from '../../../lib/sse/decoded-stream';
import type { Harness } from '../../../lib/sse/fake-sse-server';
import { createLogTab, type LogTab } from '../stores/log-tab-controller';

/**
 * Session s1's tab of /var/log/app.log (100 lines, token `tok` under `/api`, not followed) whose
 * stream is served by `harness` and retries after 5 ms without jitter; `stallTimeoutMs` gives the
 * stream a watchdog (the app configures none). Not started.
 */
export function harnessLogTab(harness: Harness, stallTimeoutMs?: number): LogTab {
  return createLogTab({
    id: 'log-1',
    connection: { base: '/api', token: () => 'tok' },
    sessionId: 's1',
    source: { kind: 'path', target: '/var/log/app.log', follow: false },
    capacity: 100,
    openStream: (options) =>
      openDecodedStream({
        ...options,
        ...(stallTimeoutMs === undefined ? {} : { stallTimeoutMs }),
        fetch: harness.fetch,
        backoff: { initialMs: 5, jitter: 'none' },
      }),
  });
}
