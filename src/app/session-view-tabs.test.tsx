import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { updateFilter } from '../entities/session-events/stores/timeline-actions';
import { createFileTimeline } from '../entities/session-events/stores/file-timeline';
import { T0, telemetryEvent } from '../entities/session-events/testing/telemetry-test-kit';
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

  it('counts the errors of the time range on the timeline tab, and says what it counts', () => {
    const SECOND = 1_000_000;
    // a console error, a failed request, a console.error() message (not an error) and a crash
    const specs = [
      { type: 'console_error', data: { text: 'A' } },
      { type: 'network_response', data: { request_id: 'r1', status: 503 } },
      { type: 'console_log', data: { text: 'logged', level: 'error' } },
      { type: 'page_crashed', category: 'page', data: {} },
    ];
    const timeline = createFileTimeline({
      name: 'errors.jsonl',
      envelopes: specs.map((spec, at) => ({
        seq: at + 1,
        event: telemetryEvent(at + 1, { ...spec, ts: T0 + (at + 1) * SECOND }),
      })),
      problems: [],
      capacity: 100,
    });
    render(
      <SessionViewTabs
        view="timeline"
        onChange={vi.fn()}
        timeline={timeline}
        clipboardOpen={false}
      />,
    );
    const tab = screen.getByRole('tab', { name: 'Timeline 3 errors' });
    expect(tab.textContent).toBe('Timeline 3 errors');
    expect(screen.getByRole('tab', { description: /^3 errors/ })).toBe(tab);
    expect(screen.getByText('3 errors').title).toBe(
      "3 errors among this session's events: console errors, failed requests, crashes and other failures",
    );

    act(() =>
      updateFilter(timeline, { range: { fromUs: T0 + 2 * SECOND, toUs: T0 + 3 * SECOND } }),
    );
    expect(screen.getByText('1 error').title).toBe(
      "1 error among this session's events in the time range (of 3 in the session): console errors, failed requests, crashes and other failures",
    );
    expect(screen.getByRole('tab', { name: 'Timeline 1 error' })).toBe(tab);
  });
});
