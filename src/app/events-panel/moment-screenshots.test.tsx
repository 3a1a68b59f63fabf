import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EventItem } from '../../entities/session-events/model/types';
import { createFileTimeline } from '../../entities/session-events/stores/file-timeline';
import {
  PNG_BASE64,
  stubObjectUrlsInEachTest,
  telemetryEvent,
} from '../../entities/session-events/testing/telemetry-test-kit';
import { TimelineItemDetail } from '../../features/timeline/components/event-detail';
import { DetailParts } from './detail-parts';

stubObjectUrlsInEachTest();

const shot = (seq: number) => ({
  seq,
  event: telemetryEvent(seq, { type: 'monitor_screenshot', data: { png: PNG_BASE64 } }),
});

/** A screenshot a second before an uncaught error and one a second after it. */
function errorTimeline() {
  const timeline = createFileTimeline({
    name: 'session.jsonl',
    envelopes: [
      shot(1),
      { seq: 2, event: telemetryEvent(2, { type: 'console_error', data: { text: 'boom' } }) },
      shot(3),
    ],
    problems: [],
    annotations: [],
    capacity: 100,
  });
  const items: EventItem[] = [];
  timeline.buffer.forEach((item) => {
    if (item.kind === 'event') items.push(item);
  });
  const [before, error, after] = items as [EventItem, EventItem, EventItem];
  return { timeline, before, error, after };
}

describe('the screenshots at an error’s moment', () => {
  it('show the image itself when one is chosen, beside the error, and fold it away again', async () => {
    const user = userEvent.setup();
    const { timeline, error } = errorTimeline();
    render(
      <DetailParts>
        <TimelineItemDetail timeline={timeline} item={error} />
      </DetailParts>,
    );
    const region = screen.getByRole('region', { name: 'Screenshots at this moment' });
    expect(within(region).queryByRole('img', { name: /^Screenshot at / })).toBeNull();

    const next = within(region).getByRole('button', { name: /^Screenshot at .*, 1\.0 s after$/ });
    await user.click(next);
    expect(next.getAttribute('aria-pressed')).toBe('true');
    const image = within(region).getByRole('img', { name: /^Screenshot at / });
    expect(image.getAttribute('src')).toBe(next.querySelector('img')?.getAttribute('src'));
    // the error's details stay: the timeline's selection has not moved
    expect(screen.getAllByText('boom').length).toBeGreaterThan(0);
    expect(timeline.store.getState().selected).toBeNull();

    await user.click(next);
    expect(within(region).queryByRole('img', { name: /^Screenshot at / })).toBeNull();
  });

  it('go to the screenshot’s place in the timeline on asking', async () => {
    const user = userEvent.setup();
    const { timeline, error, before } = errorTimeline();
    const onShow = vi.fn();
    const { rerender } = render(
      <DetailParts>
        <TimelineItemDetail timeline={timeline} item={error} onShowInTimeline={onShow} />
      </DetailParts>,
    );
    await user.click(screen.getByRole('button', { name: /^Screenshot at .*, 1\.0 s before$/ }));
    await user.click(screen.getByRole('button', { name: 'Show this screenshot in the timeline' }));
    expect(onShow).toHaveBeenCalledWith(before.index);

    // by default (the timeline's own details) it is selected there, its details open
    rerender(
      <DetailParts>
        <TimelineItemDetail timeline={timeline} item={error} />
      </DetailParts>,
    );
    await user.click(screen.getByRole('button', { name: 'Show this screenshot in the timeline' }));
    expect(timeline.store.getState()).toMatchObject({ selected: before.index, detailOpen: true });
  });
});
