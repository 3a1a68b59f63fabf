import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../config/limits';
import type * as TimeFormat from '../../../lib/time-format';
import { SESSION_ROW_HEIGHT } from './session-row';
import { SessionList } from './session-list';

// counts the relative times worked out, to see what a tick of the clock costs
const spans = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../lib/time-format', async (importOriginal) => {
  const actual = await importOriginal<typeof TimeFormat>();
  return {
    ...actual,
    formatSpan: (ms: number): string => {
      spans.count += 1;
      return actual.formatSpan(ms);
    },
  };
});

const NOW = Date.parse('2026-11-23T12:00:00Z');

/** `count` sessions as the server lists them, each created a minute before the one before it. */
function sessionRecords(count: number): unknown[] {
  return Array.from({ length: count }, (_, at) => ({
    session_id: `session-${at}`,
    created_at: new Date(NOW - (at + 1) * 60_000).toISOString(),
    tags: { team: 'qa' },
  }));
}

/** A server that ignores the page size it is asked for and sends every session it has. */
function serveSessions(records: unknown[]): void {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify(records), { headers: { 'content-type': 'application/json' } }),
  );
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpen = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <SessionList apiBase="/api" token="token-1" onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return { onOpen, user };
}

const list = async (): Promise<HTMLElement> =>
  screen.findByRole('list', { name: 'Sessions' }, { timeout: 5_000 });
const rowNames = (element: HTMLElement): string[] =>
  within(element)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[data-session-id]')?.getAttribute('data-session-id') ?? '');

/** The list's scroll box as a browser lays it out: `view` px high, scrolled to `top`. */
function scrollTo(element: HTMLElement, top: number, view = 10 * SESSION_ROW_HEIGHT): void {
  const box = element.parentElement as HTMLElement;
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: view });
  Object.defineProperty(box, 'scrollTop', { configurable: true, writable: true, value: top });
  fireEvent.scroll(box);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('SessionList with a server that sends 50,000 sessions for a page of 20', () => {
  it('keeps the first sessionsPageMax, says so, and puts only the rows in view in the page', async () => {
    serveSessions(sessionRecords(50_000));
    const { onOpen, user } = renderList();
    const element = await list();

    expect(
      screen.getByText(
        `The server sent 50,000 sessions for a page of 20; showing the first ${LIMITS.sessionsPageMax.toLocaleString('en-US')}.`,
      ),
    ).toBeTruthy();
    const shown = rowNames(element);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(200);
    expect(shown[0]).toBe('session-0');
    // each row says where it is in the whole list
    const first = within(element).getAllByRole('listitem')[0];
    expect(first?.getAttribute('aria-posinset')).toBe('1');
    expect(first?.getAttribute('aria-setsize')).toBe(String(LIMITS.sessionsPageMax));

    // scrolled down to the 900th row: it is in the page and opens, the first rows are gone
    scrollTo(element, 900 * SESSION_ROW_HEIGHT);
    const later = rowNames(element);
    expect(later).toContain('session-900');
    expect(later).not.toContain('session-0');
    expect(later.length).toBeLessThan(200);
    await user.click(screen.getByRole('button', { name: /^session-900(?!\d)/ }));
    expect(onOpen).toHaveBeenCalledWith('session-900');
  });

  it('moves between rows with the arrow keys, and End reaches the last one', async () => {
    serveSessions(sessionRecords(LIMITS.sessionsPageMax));
    const { user } = renderList();
    const element = await list();
    expect(screen.queryByText(/The server sent/)).toBeNull();

    const firstButton = screen.getByRole('button', { name: /^session-0(?!\d)/ });
    firstButton.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-session-id')).toBe('session-1');

    // the last row is far out of the window: the list scrolls there, and once the browser says
    // it has scrolled, the row is in the page and has the focus
    await user.keyboard('{End}');
    const box = element.parentElement as HTMLElement;
    scrollTo(element, box.scrollTop);
    const last = `session-${LIMITS.sessionsPageMax - 1}`;
    expect(rowNames(element)).toContain(last);
    expect(document.activeElement?.getAttribute('data-session-id')).toBe(last);
  });

  it('keeps the times of the rows in view current, working out only theirs on each tick', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    serveSessions(sessionRecords(LIMITS.sessionsPageMax));
    renderList();
    const element = await list();
    const firstRow = () => within(element).getAllByRole('listitem')[0]?.textContent;
    expect(firstRow()).toContain('live for 1 min');
    const rows = within(element).getAllByRole('listitem').length;
    expect(rows).toBeLessThan(200);
    spans.count = 0;
    act(() => vi.advanceTimersByTime(LIMITS.sessionsClockMs * 4));
    expect(firstRow()).toContain('live for 3 min');
    // four ticks: each worked out the times of the rows in the page, not of the 1,000 listed
    expect(spans.count).toBeGreaterThan(0);
    expect(spans.count).toBeLessThanOrEqual(4 * rows);
  });
});
