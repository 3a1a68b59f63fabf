import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../../entities/session-events/api/telemetry-history';
import { telemetryEvent } from '../../../entities/session-events/testing/telemetry-test-kit';
import { createHistoryTimeline } from '../../../entities/session-events/stores/history-timeline';
import type { HistoryTimeline } from '../../../entities/session-events/stores/timeline-controller';
import { HistoryStatus } from './history-status';

function opened(answer: () => HistoryPage): HistoryTimeline {
  const timeline = createHistoryTimeline({
    connection: { base: '/api', token: () => 'tok' },
    sessionId: 's1',
    endedAt: '2026-11-23T12:00:00Z',
    createdAt: '2026-11-23T11:01:00Z',
    capacity: 1000,
    // answered after a turn of the event loop, as a server's page is
    readPage: async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      return answer();
    },
  });
  timeline.load();
  return timeline;
}

describe('HistoryStatus', () => {
  it('says an empty history may mean the session’s telemetry history is off', async () => {
    const timeline = opened(() => ({ envelopes: [], problems: [], nextOffset: null }));
    render(<HistoryStatus timeline={timeline} />);
    expect(
      await screen.findByText(
        'History: no events (none recorded, or the session’s telemetry history is off)',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/History: 0 events/)).toBeNull();
  });

  it('says why a read that stopped moving forward ended, with the distinct events read', async () => {
    const events = Array.from({ length: 100 }, (_, at) => ({
      seq: at + 1,
      event: telemetryEvent(at + 1),
    }));
    const timeline = opened(() => ({ envelopes: events, problems: [], nextOffset: 100 }));
    render(<HistoryStatus timeline={timeline} />);
    const status = await screen.findByText(/History stopped at 100 events/);
    expect(status.textContent).toBe(
      'History stopped at 100 events: the server sent the same page cursor again (X-Next-Offset 100)',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
