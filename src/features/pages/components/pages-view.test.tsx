import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import { T0, telemetryEvent } from '../../../entities/session-events/testing/telemetry-test-kit';
import { PagesView } from './pages-view';

describe('PagesView', () => {
  it('names "Only this page" by its words first, then the page it keeps', async () => {
    const user = userEvent.setup();
    const timeline = createFileTimeline({
      name: 'pages.jsonl',
      envelopes: [
        {
          seq: 1,
          event: telemetryEvent(1, {
            type: 'page_navigation',
            ts: T0,
            data: {
              url: 'https://shop.test/',
              frame_id: 'F',
              loader_id: 'L1',
              target_id: 'T1',
              nav_seq: 1,
            },
          }),
        },
        { seq: 2, event: telemetryEvent(2, { type: 'console_log', ts: T0 + 2_000_000 }) },
      ],
      problems: [],
      capacity: 10,
    });
    render(<PagesView timeline={timeline} />);
    // speech input says "click Only this page": the name starts with the words shown
    const only = await screen.findByRole('button', {
      name: 'Only this page (the visit of https://shop.test/)',
    });
    expect(only.textContent).toBe('Only this page');
    await user.click(only);
    expect(timeline.store.getState().filter.range).not.toBeNull();
  });
});
