import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TimelineItem } from '../entities/session-events/model/types';
import { createFileTimeline } from '../entities/session-events/stores/file-timeline';
import {
  PNG_BASE64,
  stubObjectUrlsInEachTest,
  telemetryEvent,
} from '../entities/session-events/testing/telemetry-test-kit';
import { createAllView } from '../features/all/stores/all-view';
import { AllSessionView } from './all-session-view';

stubObjectUrlsInEachTest();

describe('AllSessionView', () => {
  it('an error’s screenshot, shown in its details, goes to its place in the Timeline view', async () => {
    const user = userEvent.setup();
    const timeline = createFileTimeline({
      name: 'session.jsonl',
      envelopes: [
        { seq: 1, event: telemetryEvent(1, { type: 'console_error', data: { text: 'boom' } }) },
        {
          seq: 2,
          event: telemetryEvent(2, { type: 'monitor_screenshot', data: { png: PNG_BASE64 } }),
        },
      ],
      problems: [],
      annotations: [],
      capacity: 100,
    });
    let shot: TimelineItem | undefined;
    timeline.buffer.forEach((item) => {
      if (item.kind === 'event' && item.type === 'monitor_screenshot') shot = item;
    });
    const view = createAllView();
    const onShowIn = vi.fn();
    render(<AllSessionView sessionId="s1" timeline={timeline} view={view} onShowIn={onShowIn} />);
    // the error's row, once the list has read the timeline
    let errorKey: number | undefined;
    await waitFor(() => {
      view.feed.ring.forEach((row, key) => {
        const item = row.item as TimelineItem;
        if (item.kind === 'event' && item.type === 'console_error') errorKey = key;
      });
      expect(errorKey).toBeDefined();
    });
    act(() => view.store.setState({ selected: errorKey ?? null, detailOpen: true }));

    await user.click(await screen.findByRole('button', { name: /^Screenshot at .*1\.0 s after$/ }));
    expect(screen.getByRole('img', { name: /^Screenshot at / })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Show this screenshot in the timeline' }));
    expect(onShowIn).toHaveBeenCalledWith('timeline');
    expect(timeline.store.getState().selected).toBe(shot?.index);
  });
});
