import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { decodeSavedLines } from '../api/log-decoder';
import { createFileLogTab, type LogTab } from '../stores/log-tab-controller';
import { LogFilters } from './log-filters';

function savedTab(): LogTab {
  const readMs = Date.UTC(2024, 0, 1);
  return createFileLogTab({
    id: 'log-1',
    source: { kind: 'path', target: '/var/log/app.log', follow: false },
    lines: decodeSavedLines(
      ['INFO one', 'WARN two', 'ERROR three', 'ERROR four', 'no level here'].map((text) => ({
        text,
        readMs,
        notice: false,
      })),
    ),
    capacity: 100,
    origin: 'saved in a bundle',
  });
}

function renderFilters(tab: LogTab) {
  render(<LogFilters tab={tab} />);
  const levels = screen.getByRole('toolbar', { name: 'Levels' });
  const chip = (name: RegExp): HTMLElement => within(levels).getByRole('button', { name });
  return { levels, chip, hidden: () => tab.store.getState().hiddenLevels };
}

describe('the log level chips', () => {
  it('show only their level on a click (again: all), as the timeline’s chips do', async () => {
    const user = userEvent.setup();
    const tab = savedTab();
    const { levels, chip, hidden } = renderFilters(tab);
    await user.click(chip(/^ERR/));
    // the URL keeps the levels hidden, as before: every other one
    expect(hidden()).toEqual(['warn', 'info', 'debug', 'trace', 'none']);
    expect(tab.buffer.viewCount).toBe(2);
    expect(chip(/^ERR/).getAttribute('aria-pressed')).toBe('true');
    expect(chip(/^INF/).getAttribute('aria-pressed')).toBe('false');
    expect(levels.textContent).toContain('showing only ERR');
    await user.click(chip(/^ERR/));
    expect(hidden()).toEqual([]);
    expect(tab.buffer.viewCount).toBe(5);
  });

  it('add or hide one with Ctrl or ⌘, and Show all brings every level back', async () => {
    const user = userEvent.setup();
    const tab = savedTab();
    const { chip, hidden } = renderFilters(tab);
    await user.keyboard('{Control>}');
    await user.click(chip(/^WRN/));
    await user.keyboard('{/Control}');
    expect(hidden()).toEqual(['warn']);
    expect(tab.buffer.viewCount).toBe(4);
    await user.click(screen.getByRole('button', { name: 'Show all levels' }));
    expect(hidden()).toEqual([]);
  });

  it('say what they count', () => {
    const { chip } = renderFilters(savedTab());
    expect(chip(/^ERR/).title).toMatch(/^2 lines at level error\. Click: show only error lines/);
    expect(chip(/^other/).title).toMatch(/^1 line without a level\. /);
  });
});
