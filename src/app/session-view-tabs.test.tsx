import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SessionViewTabs, type SessionViewName } from './session-view-tabs';

function Harness({ onChange }: { onChange: (view: SessionViewName) => void }) {
  const [view, setView] = useState<SessionViewName>('timeline');
  return (
    <SessionViewTabs
      view={view}
      onChange={(next) => {
        setView(next);
        onChange(next);
      }}
      timeline={undefined}
      clipboardOpen
      onToggleClipboard={vi.fn()}
    />
  );
}

describe('SessionViewTabs', () => {
  it('holds only tabs in its tablist, with one tab stop; arrows, Home and End switch views', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const tablist = screen.getByRole('tablist', { name: 'Session views' });
    expect([...tablist.children].map((child) => child.getAttribute('role'))).toEqual([
      'tab',
      'tab',
      'tab',
    ]);
    const timeline = screen.getByRole('tab', { name: 'Timeline' });
    const logs = screen.getByRole('tab', { name: 'Logs' });
    // focus was nowhere (the connect form went away): it starts on the selected tab
    expect(document.activeElement).toBe(timeline);
    expect(timeline.tabIndex).toBe(0);
    expect(logs.tabIndex).toBe(-1);

    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('logs');
    expect(document.activeElement).toBe(logs);
    expect(logs.getAttribute('aria-selected')).toBe('true');
    expect(logs.tabIndex).toBe(0);
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('all');
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('timeline');
    await user.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith('all');
    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith('timeline');
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith('all');
    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith('timeline');
    expect(document.activeElement).toBe(timeline);

    // Tab leaves the tablist for the clipboard toggle
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /clipboard/i }));
  });

  it('does not take focus from where it is', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    render(<Harness onChange={vi.fn()} />);
    expect(document.activeElement).toBe(input);
    input.remove();
  });
});
