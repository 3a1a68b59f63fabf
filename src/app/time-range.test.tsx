import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { updateFilter } from '../entities/session-events/stores/timeline-actions';
import { createFileTimeline } from '../entities/session-events/stores/file-timeline';
import { T0, telemetryEvent } from '../entities/session-events/testing/telemetry-test-kit';
import { TimeRangeChip } from './time-range';

describe('TimeRangeChip', () => {
  it('takes the range away with a button named by the words it shows', async () => {
    const user = userEvent.setup();
    const timeline = createFileTimeline({
      name: 'range.jsonl',
      envelopes: [1, 2].map((seq) => ({ seq, event: telemetryEvent(seq) })),
      problems: [],
      capacity: 10,
    });
    updateFilter(timeline, { range: { fromUs: T0, toUs: T0 + 60_000_000 } });
    render(<TimeRangeChip timeline={timeline} />);

    const button = screen.getByRole('button', { name: 'Show all times' });
    // the name is what it shows, but for the cross (speech input says the words it sees)
    expect(button.hasAttribute('aria-label')).toBe(false);
    expect(button.textContent).toBe('✕ Show all times');
    await user.click(button);
    expect(timeline.store.getState().filter.range).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
