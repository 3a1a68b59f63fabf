/** The live timeline wired to a fake SSE server, as the timeline controller tests open it. */
import { openDecodedStream } from '../../../lib/sse/decoded-stream';
import type { FakeConnection, Harness } from '../../../lib/sse/fake-sse-server';
import { openSseStream } from '../../../lib/sse/sse-stream';
import { createLiveTimeline } from '../stores/live-timeline';
import type { LiveTimeline } from '../stores/timeline-controller';

/**
 * Session s1's live timeline (1,000 items, token `tok` under `/api`) whose stream and probes are
 * served by `harness` and retry after 5 ms without jitter. Not started.
 */
export function harnessTimeline(harness: Harness): LiveTimeline {
  return createLiveTimeline({
    connection: { base: '/api', token: () => 'tok' },
    sessionId: 's1',
    capacity: 1000,
    openStream: (options) =>
      openDecodedStream({
        ...options,
        fetch: harness.fetch,
        backoff: { initialMs: 5, jitter: 'none' },
      }),
    openProbe: (options) =>
      openSseStream({
        ...options,
        fetch: harness.fetch,
        backoff: { initialMs: 5, jitter: 'none' },
      }),
  });
}

/** The `index`th request the harness received (from 0), once it has come. */
export async function connectionAt(harness: Harness, index: number): Promise<FakeConnection> {
  await harness.untilConnections(index + 1);
  return harness.connection(index);
}
