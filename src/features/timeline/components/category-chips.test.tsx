import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { T0, telemetryEvent } from '../../../entities/session-events/testing/telemetry-test-kit';
import { CategoryChips } from './category-chips';

function fileTimeline(): Timeline {
  const types = ['console_log', 'network_request', 'page_navigation'];
  return createFileTimeline({
    name: 'chips.jsonl',
    envelopes: types.map((type, at) => ({
      seq: at + 1,
      event: telemetryEvent(at + 1, { type, ts: T0 + at * 1_000_000 }),
    })),
    problems: [],
    capacity: 100,
  });
}

function renderChips(timeline: Timeline) {
  render(
    <>
      <button type="button">Before</button>
      <CategoryChips timeline={timeline} />
      <button type="button">After</button>
    </>,
  );
  const toolbar = screen.getByRole('toolbar', { name: 'Categories' });
  const chip = (name: RegExp): HTMLElement => within(toolbar).getByRole('button', { name });
  return { toolbar, chip, hidden: () => timeline.store.getState().filter.hiddenCategories };
}

describe('CategoryChips', () => {
  it('are one tab stop, with the arrows, Home and End moving between the chips', async () => {
    const user = userEvent.setup();
    const { chip } = renderChips(fileTimeline());
    const [consoleChip, network, page] = [chip(/^Console/), chip(/^Network/), chip(/^Page/)];

    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(consoleChip);
    // Tab leaves the row instead of going through every chip
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));

    await user.tab({ shift: true });
    expect(document.activeElement).toBe(consoleChip);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(network);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(page);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(consoleChip);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(page);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(consoleChip);
    await user.keyboard('{ArrowRight}');
    expect([consoleChip, network, page].map((button) => button.tabIndex)).toEqual([-1, 0, -1]);

    // back into the row by Shift+Tab: at the chip last used
    screen.getByRole('button', { name: 'After' }).focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(network);
  });

  it('are pressed with Space and Enter; Ctrl with Space adds or hides one, as Ctrl with a click', async () => {
    const user = userEvent.setup();
    const { chip, hidden, toolbar } = renderChips(fileTimeline());
    chip(/^Network/).focus();

    await user.keyboard(' ');
    // only Network is shown
    expect(hidden()).toContain('console');
    expect(hidden()).toContain('page');
    expect(hidden()).not.toContain('network');
    expect(chip(/^Network/).getAttribute('aria-pressed')).toBe('true');
    expect(chip(/^Console/).getAttribute('aria-pressed')).toBe('false');

    await user.keyboard('{Enter}');
    expect(hidden()).toEqual([]);

    await user.keyboard('{Control>} {/Control}');
    expect(hidden()).toEqual(['network']);
    // the row's chips came and went ("Show all" appeared): still one tab stop, the chip in use
    const stops = within(toolbar)
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(stops).toEqual([chip(/^Network/)]);
    expect(within(toolbar).getByRole('button', { name: 'Show all categories' }).tabIndex).toBe(-1);
  });
});
