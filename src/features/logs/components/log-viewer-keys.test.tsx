import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubInertResizeObserver } from '../../../testing/inert-resize-observer';
import { ViewKeysMain } from '../../../components/ui/view-keys';
import { decodeSavedLines } from '../api/log-decoder';
import { createFileLogTab, type LogTab } from '../stores/log-tab-controller';
import { LogViewer } from './log-viewer';

function savedTab(): LogTab {
  const readMs = Date.UTC(2024, 0, 1);
  return createFileLogTab({
    id: 'log-1',
    source: { kind: 'path', target: '/var/log/app.log', follow: false },
    lines: decodeSavedLines(
      ['INFO one', 'WARN two', 'ERROR three'].map((text) => ({ text, readMs, notice: false })),
    ),
    capacity: 100,
    origin: 'saved in a bundle',
  });
}

/** The session view's shape: the log tabs above the viewer, all in the page's main region. */
function renderLogsView(tab: LogTab): void {
  render(
    <ViewKeysMain>
      <div role="tablist" aria-label="Log streams">
        <button type="button" role="tab" aria-selected="true">
          app.log
        </button>
      </div>
      <LogViewer tab={tab} sessionId="s1" />
    </ViewKeysMain>,
  );
}

const selectedText = (tab: LogTab): string | undefined => {
  const seq = tab.store.getState().selection?.focus;
  return seq === undefined ? undefined : tab.buffer.line(seq)?.plain;
};

stubInertResizeObserver();

describe('the log view’s keys in the session view', () => {
  it('j and k step through the lines from the stream tabs too; j in the search field is typed', async () => {
    const user = userEvent.setup();
    const tab = savedTab();
    renderLogsView(tab);
    screen.getByRole('tab', { name: 'app.log' }).focus();

    await user.keyboard('j');
    expect(selectedText(tab)).toBe('INFO one');
    expect(document.activeElement).toBe(
      screen.getByRole('log', { name: 'Log lines of /var/log/app.log' }),
    );
    await user.keyboard('jjj');
    expect(selectedText(tab)).toBe('ERROR three');
    await user.keyboard('k');
    expect(selectedText(tab)).toBe('WARN two');

    screen.getByRole('tab', { name: 'app.log' }).focus();
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(document.activeElement).toBe(search);
    await user.keyboard('j');
    expect((search as HTMLInputElement).value).toBe('j');
    expect(selectedText(tab)).toBe('WARN two');
  });
});
