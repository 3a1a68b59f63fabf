import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../config/test-ids';
import { stubInertResizeObserver } from '../../../testing/inert-resize-observer';
import { decodeSavedLines } from '../api/log-decoder';
import { createFileLogTab, type LogTab } from '../stores/log-tab-controller';
import { LogList } from './log-list';

const READ = Date.UTC(2026, 10, 28);
const saved = (texts: string[]) =>
  decodeSavedLines(texts.map((text) => ({ text, readMs: READ, notice: false })));
const numbered = (from: number, count: number): string[] =>
  Array.from({ length: count }, (_, index) => `INFO line ${from + index}`);

function followingTab(): LogTab {
  const tab = createFileLogTab({
    id: 'log-1',
    source: { kind: 'path', target: '/var/log/app.log', follow: false },
    lines: saved(numbered(0, 100)),
    capacity: 1_000,
    origin: 'a test',
  });
  tab.store.setState({ following: true });
  return tab;
}

/** Lines arrive and the list is shown them, as a live tab's showing does. */
function arrive(tab: LogTab, texts: string[], fast: boolean): void {
  act(() => {
    tab.buffer.append(saved(texts));
    tab.store.setState((state) => ({ version: state.version + 1, fastFollow: fast }));
  });
}

const rows = (): HTMLElement[] => screen.getAllByTestId(TEST_IDS.logRow);
const noop = (): void => undefined;

stubInertResizeObserver();

describe('the log list following the end', () => {
  it('keeps its row elements while it follows a fast stream, and rows by line otherwise', () => {
    const tab = followingTab();
    render(<LogList tab={tab} onCopyLine={noop} />);
    arrive(tab, numbered(100, 40), true);
    const first = rows()[0] as HTMLElement;
    const shownBefore = first.dataset.seq;
    arrive(tab, numbered(140, 40), true);
    // the same element shows a newer line: nothing was built or torn down
    expect(first.isConnected).toBe(true);
    expect(first.dataset.seq).not.toBe(shownBefore);
    expect(rows().at(-1)?.textContent).toContain('line 179');

    arrive(tab, numbered(180, 2), false);
    arrive(tab, numbered(182, 40), false);
    // a slow stream's rows stay with their lines: the row that scrolled out went away
    const kept = rows()[0] as HTMLElement;
    arrive(tab, numbered(222, 40), false);
    expect(kept.isConnected).toBe(false);
  });

  it('keeps the line the reader pretty-printed expanded, not the row that showed it', () => {
    const tab = followingTab();
    const { container } = render(<LogList tab={tab} onCopyLine={noop} />);
    const json = (n: number) => `{"level":"error","msg":"db timeout","attempt":${n}}`;
    arrive(tab, [...numbered(100, 40), json(1)], true);
    const row = rows().find((element) => element.textContent?.includes('"attempt":1'));
    // clicked without moving a pointer over the list first (which would hold it)
    fireEvent.click(
      row?.querySelector('button[aria-label^="Pretty-print JSON"]') as HTMLButtonElement,
    );
    expect(container.querySelector('pre')?.textContent).toContain('"attempt": 1');
    expect(
      screen.getByRole('button', { name: 'Raw: collapse JSON of line 141' }).ariaExpanded,
    ).toBe('true');

    // following again, fast: the rows are reused for newer JSON lines, none of them expanded
    tab.store.setState({ following: true });
    arrive(
      tab,
      Array.from({ length: 40 }, (_, index) => json(index + 2)),
      true,
    );
    const jsonRows = rows().filter((element) => element.textContent?.includes('"attempt"'));
    expect(jsonRows.length).toBeGreaterThan(1);
    const expandedRows = [...container.querySelectorAll('pre')].map(
      (pre) => pre.closest<HTMLElement>('[data-seq]')?.dataset.seq,
    );
    expect(expandedRows.every((seq) => seq === '140')).toBe(true);
  });
});
