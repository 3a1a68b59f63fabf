import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorGroup } from '../../../entities/session-events/model/error-groups';
import { ErrorGroupsView } from './error-groups-view';

// 2023-11-14T22:13:20Z
const T0 = 1_700_000_000_000_000;
const APP = 'https://shop.example.com/static/app.js?v=1';

function group(text: string, occurrences: number[], offsetsMs: number[]): ErrorGroup {
  const occurrenceTsUs = offsetsMs.map((ms) => T0 + ms * 1000);
  return {
    key: `${text}@${occurrences[0]}`,
    text,
    topFrame: {
      functionName: 'applyDiscount',
      url: APP,
      fileName: 'app.js',
      line: 42,
      column: 11,
      dimmed: false,
    },
    count: occurrences.length,
    firstTsUs: occurrenceTsUs[0] ?? 0,
    lastTsUs: occurrenceTsUs.at(-1) ?? 0,
    occurrences,
    occurrenceTsUs,
  };
}

const REPEATED = group('Uncaught TypeError: x is not a function', [3, 8, 20], [5, 1250, 61_001]);
const ONCE = group('Uncaught ReferenceError: y is not defined', [12], [30_000]);

function renderView(
  groups: ErrorGroup[],
  selectedIndex: number | null = null,
): {
  user: ReturnType<typeof userEvent.setup>;
  onSelect: ReturnType<typeof vi.fn>;
  select: (index: number | null) => void;
} {
  const user = userEvent.setup();
  const onSelect = vi.fn((_index: number) => undefined);
  const view = (selected: number | null): ReactElement => (
    <ErrorGroupsView groups={groups} originUs={T0} onSelect={onSelect} selectedIndex={selected} />
  );
  const { rerender } = render(view(selectedIndex));
  return { user, onSelect, select: (index) => rerender(view(index)) };
}

describe('ErrorGroupsView', () => {
  it('says when there are no console errors', () => {
    renderView([]);
    expect(screen.getByText('No console errors')).toBeDefined();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows count, text, top frame, and first and last seen for each group', () => {
    renderView([REPEATED, ONCE]);
    const list = screen.getByRole('list', { name: 'Console error groups' });
    const [first, second] = within(list).getAllByRole('button');
    // named by everything it shows, with the word for the count: speech input finds it by
    // any of the words on screen (WCAG 2.5.3), a screen reader hears where and when
    expect(first).toBe(
      within(list).getByRole('button', {
        name: '3 occurrences: Uncaught TypeError: x is not a function app.js:42:11 first 22:13:20.005 last 22:14:21.001',
      }),
    );
    expect(second).toBe(
      within(list).getByRole('button', {
        name: '1 occurrence: Uncaught ReferenceError: y is not defined app.js:42:11 at 22:13:50.000',
      }),
    );
    // no name of its own to differ from what it shows
    expect(first?.hasAttribute('aria-label')).toBe(false);
    expect(second?.textContent).toBe(
      '1 occurrence: Uncaught ReferenceError: y is not defined app.js:42:11 at 22:13:50.000',
    );
    expect(within(first as HTMLElement).getByText('3').className).toContain('text-danger');
    const text = screen.getByText('Uncaught TypeError: x is not a function');
    expect(text.getAttribute('title')).toBe('Uncaught TypeError: x is not a function');
    expect(text.className).toContain('truncate');
    expect(screen.getAllByText('app.js:42:11')[0]?.getAttribute('title')).toBe(APP);
    expect(screen.getByText('last 22:14:21.001').getAttribute('title')).toBe(
      '+1:01.001 since the first event',
    );
  });

  it('opens a group to list its occurrences and selects the one chosen', async () => {
    const { user, onSelect } = renderView([REPEATED]);
    const toggle = screen.getByRole('button', { name: /3 occurrences/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(onSelect).not.toHaveBeenCalled();

    const occurrences = screen.getByRole('list', { name: /Occurrences of Uncaught TypeError/ });
    const buttons = within(occurrences).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show occurrence at 22:13:20.005',
      'Show occurrence at 22:13:21.250',
      'Show occurrence at 22:14:21.001',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show occurrence at 22:13:21.250' }));
    expect(onSelect).toHaveBeenCalledWith(8);

    await user.click(toggle);
    expect(screen.queryByRole('list', { name: /Occurrences of/ })).toBeNull();
  });

  it('selects a single occurrence directly', async () => {
    const { user, onSelect } = renderView([REPEATED, ONCE]);
    const once = screen.getByRole('button', { name: /^1 occurrence:/ });
    expect(once.hasAttribute('aria-expanded')).toBe(false);
    await user.click(once);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(12);
  });

  it('works by keyboard', async () => {
    const { user, onSelect } = renderView([REPEATED, ONCE]);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^1 occurrence:/ }));
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(12);
    await user.tab({ shift: true });
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Show occurrence at 22:13:20.005',
    );
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(3);
  });

  it('marks the selected occurrence', async () => {
    const { user, select } = renderView([REPEATED, ONCE], 12);
    const once = screen.getByRole('button', { name: /1 occurrence/ });
    expect(once.getAttribute('aria-current')).toBe('true');
    select(20);
    expect(once.hasAttribute('aria-current')).toBe(false);
    await user.click(screen.getByRole('button', { name: /3 occurrences/ }));
    expect(
      screen
        .getByRole('button', { name: 'Show occurrence at 22:14:21.001' })
        .getAttribute('aria-current'),
    ).toBe('true');
  });

  it('lists the latest occurrences of a large group first, and earlier ones on request', async () => {
    const many = Array.from({ length: 250 }, (_, i) => i);
    const { user, onSelect } = renderView([group('Boom', many, many)]);
    await user.click(screen.getByRole('button', { name: /250 occurrences/ }));
    const list = (): HTMLElement => screen.getByRole('list', { name: 'Occurrences of Boom' });
    expect(within(list()).getAllByRole('button', { name: /Show occurrence/ })).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show 100 earlier (of 150)' }));
    await user.click(screen.getByRole('button', { name: 'Show 50 earlier (of 50)' }));
    expect(within(list()).getAllByRole('button', { name: /Show occurrence/ })).toHaveLength(250);
    await user.click(screen.getByRole('button', { name: 'Show occurrence at 22:13:20.000' }));
    expect(onSelect).toHaveBeenCalledWith(0);
  });

  it('shows hostile text literally', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    renderView([group(hostile, [1], [0])]);
    expect(screen.getByText(hostile)).toBeDefined();
    expect(document.querySelector('img')).toBeNull();
  });
});
