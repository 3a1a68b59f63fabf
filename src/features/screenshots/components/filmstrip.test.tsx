import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventItem } from '../../../entities/session-events/model/types';
import { screenshotItem } from '../../../entities/session-events/testing/overview-test-kit';
import { Filmstrip } from './filmstrip';

const T0 = Date.UTC(2026, 0, 2, 12, 1, 2, 345) * 1000;
const S = 1_000_000;

const shots: EventItem[] = [
  screenshotItem(10, T0, null),
  screenshotItem(20, T0 + 2 * S, 'blob:two'),
  screenshotItem(30, T0 + 4 * S, 'blob:three'),
];

function Harness({ onSelect }: { onSelect: (index: number) => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <Filmstrip
      items={shots}
      selectedIndex={selected}
      originUs={T0}
      onSelect={(index) => {
        setSelected(index);
        onSelect(index);
      }}
    />
  );
}

describe('Filmstrip', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says when there are no screenshots', () => {
    render(<Filmstrip items={[]} selectedIndex={null} onSelect={vi.fn()} originUs={null} />);
    expect(screen.getByText('No screenshots yet')).toBeDefined();
  });

  it('shows each screenshot as a toggle button with its local time', () => {
    render(<Filmstrip items={shots} selectedIndex={20} onSelect={vi.fn()} originUs={T0} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Screenshot at 12:01:02.345 (image released)',
      'Screenshot at 12:01:04.345',
      'Screenshot at 12:01:06.345',
    ]);
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(screen.getByText('image released')).toBeDefined();
    expect(buttons[1]?.querySelector('img')?.getAttribute('src')).toBe('blob:two');
    expect(buttons[2]?.textContent).toContain('12:01:06.345');
    // one tab stop: the selected thumbnail
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('says an image that will not decode could not be decoded, and one released meanwhile was released', () => {
    const broken = screenshotItem(40, T0, 'blob:broken');
    const released = screenshotItem(50, T0 + S, 'blob:released');
    render(
      <Filmstrip
        items={[broken, released]}
        selectedIndex={null}
        onSelect={vi.fn()}
        originUs={T0}
      />,
    );
    const [first, second] = screen.getAllByRole('button');
    fireEvent.error(first?.querySelector('img') as HTMLImageElement);
    expect(first?.getAttribute('aria-label')).toBe(
      'Screenshot at 12:01:02.345 (image could not be decoded)',
    );
    expect(first?.textContent).toContain('image could not be decoded');
    // released (its URL cleared, then revoked) before it had loaded
    if (released.screenshot) released.screenshot.url = null;
    fireEvent.error(second?.querySelector('img') as HTMLImageElement);
    expect(second?.getAttribute('aria-label')).toBe('Screenshot at 12:01:03.345 (image released)');
  });

  it('selects on click with the absolute timeline index', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Screenshot at 12:01:06.345' }));
    expect(onSelect).toHaveBeenCalledWith(30);
  });

  it('steps through the screenshots with the arrow keys, Home and End, selecting each one reached', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSelect={onSelect} />);
    await user.tab();
    const [first, second, third] = screen.getAllByRole('button');
    expect(document.activeElement).toBe(third); // no selection yet: the newest is the tab stop
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(second);
    expect(onSelect).toHaveBeenLastCalledWith(20);
    expect(second?.getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
    expect(onSelect).toHaveBeenLastCalledWith(10);
    expect(first?.getAttribute('aria-pressed')).toBe('true');
    expect(second?.getAttribute('aria-pressed')).toBe('false');
    // at the first: nothing before it, nothing chosen again
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(first);
    expect(onSelect).toHaveBeenCalledTimes(2);
    await user.keyboard('{ArrowRight}');
    expect(onSelect).toHaveBeenLastCalledWith(20);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(third);
    expect(onSelect).toHaveBeenLastCalledWith(30);
    expect(third?.tabIndex).toBe(0);
    expect(first?.tabIndex).toBe(-1);
    // Enter and Space select the thumbnail in focus too
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(30);
  });

  it('keeps its thumbnails at a readable size in a strip that scrolls sideways and never shrinks', () => {
    render(<Filmstrip items={shots} selectedIndex={20} onSelect={vi.fn()} originUs={T0} />);
    const strip = screen.getByRole('toolbar', { name: 'Screenshots' });
    // in the pane's column above the large image, a strip that may shrink is squeezed to a
    // sliver with a scrollbar: it keeps its height, and scrolls only sideways
    expect(strip.className.split(' ')).toEqual(
      expect.arrayContaining(['shrink-0', 'overflow-x-auto', 'overflow-y-hidden']),
    );
    const [released, held] = screen.getAllByRole('button');
    const image = held?.querySelector('img');
    const placeholder = released?.querySelector('span');
    for (const thumb of [image, placeholder]) {
      expect(thumb?.className.split(' ')).toEqual(
        expect.arrayContaining(['h-[75px]', 'w-[120px]', 'shrink-0', 'object-contain']),
      );
    }
    expect(held?.className.split(' ')).toContain('shrink-0');
  });

  it('scrolls the selected thumbnail into view', () => {
    const scroll = vi.fn();
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = scroll;
    const { rerender } = render(
      <Filmstrip items={shots} selectedIndex={null} onSelect={vi.fn()} originUs={null} />,
    );
    rerender(<Filmstrip items={shots} selectedIndex={30} onSelect={vi.fn()} originUs={null} />);
    expect(scroll).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
    expect(scroll.mock.contexts[0]).toBe(
      screen.getByRole('button', { name: 'Screenshot at 12:01:06.345' }),
    );
    if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
});
