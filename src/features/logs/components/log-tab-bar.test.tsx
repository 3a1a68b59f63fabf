import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createLogTab } from '../stores/log-tab-controller';
import { LogTabBar } from './log-tab-bar';

const tab = (id: string, target: string) =>
  createLogTab({
    id,
    connection: { base: '/api', token: () => 'token' },
    sessionId: 's1',
    source: { kind: 'supervisor', target, follow: true },
    capacity: 10,
  });

describe('LogTabBar', () => {
  it('holds only tabs in its tablist; Delete on a tab closes it, the × is for pointers', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const tabs = [tab('log-1', 'chromium'), tab('log-2', 'neko')];
    render(
      <LogTabBar
        tabs={tabs}
        activeId="log-1"
        onActivate={vi.fn()}
        onClose={onClose}
        onAdd={vi.fn()}
        adding={false}
      />,
    );
    const tablist = screen.getByRole('tablist', { name: 'Log streams' });
    expect(screen.queryAllByRole('button', { name: /Close log/ })).toEqual([]);
    expect(tablist.querySelectorAll('button:not([role="tab"])')).toHaveLength(0);

    const neko = screen.getByRole('tab', { name: /neko/ });
    expect(neko.getAttribute('aria-keyshortcuts')).toBe('Delete');
    neko.focus();
    await user.keyboard('{Delete}');
    expect(onClose).toHaveBeenCalledWith('log-2');

    await user.click(screen.getByTitle('Close log chromium (Delete)'));
    expect(onClose).toHaveBeenLastCalledWith('log-1');
  });
});
