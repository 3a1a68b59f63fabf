import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubInertResizeObserver } from '../../../testing/inert-resize-observer';
import { createAllView } from '../stores/all-view';
import { AllPanel } from './all-panel';

stubInertResizeObserver();

describe('the All view’s level chips', () => {
  it('show only their level on a click, and add or hide one with Ctrl, as every level chip does', async () => {
    const user = userEvent.setup();
    const view = createAllView();
    render(<AllPanel view={view} renderDetail={() => null} />);
    const levels = screen.getByRole('toolbar', { name: 'Levels shown' });
    const chip = (name: string): HTMLElement => within(levels).getByRole('button', { name });
    const hidden = () => view.store.getState().filter.hiddenLevels;

    await user.click(chip('Error'));
    expect(hidden()).toEqual(['warn', 'info', 'debug', 'none']);
    expect(levels.textContent).toContain('showing only Error');
    await user.keyboard('{Control>}');
    await user.click(chip('Warn'));
    await user.keyboard('{/Control}');
    expect(hidden()).toEqual(['info', 'debug', 'none']);
    await user.click(screen.getByRole('button', { name: 'Show all levels' }));
    expect(hidden()).toEqual([]);
    view.stop();
  });
});
