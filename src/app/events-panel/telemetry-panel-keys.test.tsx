import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubInertResizeObserver } from '../../testing/inert-resize-observer';
import { ViewKeysMain } from '../../components/ui/view-keys';
import { TEST_IDS } from '../../config/test-ids';
import { createFileTimeline } from '../../entities/session-events/stores/file-timeline';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import { T0, telemetryEvent } from '../../entities/session-events/testing/telemetry-test-kit';
import { TelemetryPanel } from './telemetry-panel';

function fileTimeline(): Timeline {
  const types = ['console_log', 'network_request', 'console_error', 'page_navigation'];
  return createFileTimeline({
    name: 'keys.jsonl',
    envelopes: types.map((type, at) => ({
      seq: at + 1,
      event: telemetryEvent(at + 1, { type, ts: T0 + at * 1_000_000 }),
    })),
    problems: [],
    capacity: 100,
  });
}

/** The session view's shape: the view tabs above the panel, all in the page's main region. */
function renderSessionView(timeline: Timeline): void {
  render(
    <ViewKeysMain>
      <div role="tablist" aria-label="Session views">
        <button type="button" role="tab" aria-selected="true">
          Timeline
        </button>
      </div>
      <TelemetryPanel timeline={timeline} />
    </ViewKeysMain>,
  );
}

/** The place of the selected item among those shown, or null. */
function selectedPosition(timeline: Timeline): number | null {
  const { selected } = timeline.store.getState();
  return selected === null ? null : timeline.buffer.viewIndexOf(selected);
}

stubInertResizeObserver();

describe('the timeline’s keys in the session view', () => {
  it('work from the view tabs, where focus is when a session opens: j selects, Enter opens, Esc closes', async () => {
    const user = userEvent.setup();
    const timeline = fileTimeline();
    renderSessionView(timeline);
    const tab = screen.getByRole('tab', { name: 'Timeline' });
    tab.focus();

    await user.keyboard('j');
    expect(selectedPosition(timeline)).toBe(0);
    // the keyboard is now on the list, where the next keys go on
    expect(document.activeElement).toBe(screen.getByTestId(TEST_IDS.timelineList));
    await user.keyboard('jj');
    expect(selectedPosition(timeline)).toBe(2);
    await user.keyboard('k');
    expect(selectedPosition(timeline)).toBe(1);
    await user.keyboard('{Enter}');
    expect(timeline.store.getState().detailOpen).toBe(true);

    tab.focus();
    await user.keyboard('{Escape}');
    expect(timeline.store.getState().detailOpen).toBe(false);
    await user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: /search/i }));
  });

  it('leave j to the search field, and Enter to the button it is pressed on', async () => {
    const user = userEvent.setup();
    const timeline = fileTimeline();
    renderSessionView(timeline);
    const search = screen.getByRole('searchbox', { name: /search/i });

    await user.click(search);
    await user.keyboard('j');
    expect((search as HTMLInputElement).value).toBe('j');
    expect(selectedPosition(timeline)).toBeNull();
    await user.clear(search);

    // an event is selected; Enter on a category chip presses the chip, it opens no details
    screen.getByTestId(TEST_IDS.timelineList).focus();
    await user.keyboard('j');
    expect(selectedPosition(timeline)).toBe(0);
    const chip = screen.getByRole('button', { name: /^Network/ });
    chip.focus();
    await user.keyboard('{Enter}');
    expect(timeline.store.getState().detailOpen).toBe(false);
    expect(timeline.store.getState().filter.hiddenCategories).not.toContain('network');
    expect(timeline.store.getState().filter.hiddenCategories).toContain('console');
  });

  it('start with a skip link, hidden until focused, that takes the keyboard to the event list', async () => {
    const user = userEvent.setup();
    renderSessionView(fileTimeline());
    await user.tab();
    const skip = screen.getByRole('button', { name: 'Skip to the event list' });
    expect(document.activeElement).toBe(skip);
    expect(skip.className).toContain('sr-only');
    expect(skip.className).toContain('focus:not-sr-only');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId(TEST_IDS.timelineList));
  });
});
