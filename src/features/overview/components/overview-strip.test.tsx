import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  eventItem,
  screenshotItem,
  testSource,
} from '../../../entities/session-events/testing/overview-test-kit';
import { OverviewStrip } from './overview-strip';

const T0 = Date.UTC(2026, 0, 2, 12, 1, 2) * 1000;
const S = 1_000_000;

function busySource(): ReturnType<typeof testSource> {
  return testSource([
    eventItem(0, T0, {
      category: 'page',
      type: 'page_navigation',
      data: { url: 'https://a.test/' },
    }),
    eventItem(1, T0 + 10 * S, { category: 'console', type: 'console_error', error: true }),
    eventItem(2, T0 + 20 * S, { category: 'network', error: true }),
    eventItem(3, T0 + 30 * S, {
      category: 'page',
      type: 'page_navigation',
      data: { parent_frame_id: 'F' },
    }),
    screenshotItem(4, T0 + 40 * S, 'blob:shot'),
    eventItem(5, T0 + 100 * S, { category: 'console' }),
  ]);
}

/** A ResizeObserver that reports the given width once observed (jsdom has none). */
function stubResizeObserver(width: number): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(): void {
        this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as never);
      }
      disconnect(): void {}
    },
  );
}

describe('OverviewStrip', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a slim placeholder while the timeline has no events', () => {
    render(<OverviewStrip source={testSource()} version={0} visible={null} onJump={vi.fn()} />);
    expect(screen.getByText('No events yet')).toBeDefined();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('summarises the timeline in the canvas label', () => {
    render(<OverviewStrip source={busySource()} version={1} visible={null} onJump={vi.fn()} />);
    const image = screen.getByRole('img');
    expect(image.tagName).toBe('CANVAS');
    expect(image.getAttribute('aria-label')).toBe(
      'Event density from 12:01:02 to 12:02:42: 6 events, 2 errors, 1 navigation, 1 screenshot; ' +
        'lanes: Console 2, Network 1, Page 2, Screenshot 1',
    );
    expect(screen.getByRole('slider').getAttribute('aria-describedby')).toBe(image.id);
  });

  it('jumps with the keyboard: 5% steps, Home and End', async () => {
    const onJump = vi.fn();
    const user = userEvent.setup();
    const visible = { fromUs: T0 + 50 * S, toUs: T0 + 60 * S };
    render(<OverviewStrip source={busySource()} version={1} visible={visible} onJump={onJump} />);
    const slider = screen.getByRole('slider');
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    await user.tab();
    expect(document.activeElement).toBe(slider);
    await user.keyboard('{ArrowRight}');
    expect(onJump).toHaveBeenLastCalledWith(T0 + 55 * S);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(onJump).toHaveBeenLastCalledWith(T0 + 45 * S);
    await user.keyboard('{End}');
    expect(onJump).toHaveBeenLastCalledWith(T0 + 100 * S);
    expect(slider.getAttribute('aria-valuetext')).toBe('12:02:42');
    await user.keyboard('{Home}');
    expect(onJump).toHaveBeenLastCalledWith(T0);
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    await user.keyboard('{ArrowLeft}');
    expect(onJump).toHaveBeenLastCalledWith(T0);
    expect(onJump).toHaveBeenCalledTimes(6);
  });

  it('jumps to the time under the pointer', () => {
    stubResizeObserver(600); // plot: 84 px of labels, then 508 px
    const onJump = vi.fn();
    render(<OverviewStrip source={busySource()} version={1} visible={null} onJump={onJump} />);
    const slider = screen.getByRole('slider');
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 600, 80));
    fireEvent.pointerDown(slider, { button: 0, clientX: 84 + 254, pointerId: 1 });
    expect(onJump).toHaveBeenCalledWith(T0 + 50 * S);
    fireEvent.pointerDown(slider, { button: 0, clientX: 10, pointerId: 1 });
    expect(onJump).toHaveBeenLastCalledWith(T0);
  });

  it('follows a live timeline, recomputing at most every 250 ms', () => {
    vi.useFakeTimers();
    const source = testSource([eventItem(0, T0)]);
    const { rerender } = render(
      <OverviewStrip source={source} version={1} visible={null} onJump={vi.fn()} />,
    );
    const label = (): string | null => screen.getByRole('img').getAttribute('aria-label');
    expect(label()).toContain('1 event,');
    source.push(eventItem(1, T0 + S, { error: true }));
    rerender(<OverviewStrip source={source} version={2} visible={null} onJump={vi.fn()} />);
    act(() => vi.advanceTimersByTime(0));
    expect(label()).toContain('2 events, 1 error');
    source.push(eventItem(2, T0 + 2 * S));
    rerender(<OverviewStrip source={source} version={3} visible={null} onJump={vi.fn()} />);
    source.push(eventItem(3, T0 + 3 * S));
    rerender(<OverviewStrip source={source} version={4} visible={null} onJump={vi.fn()} />);
    act(() => vi.advanceTimersByTime(100));
    expect(label()).toContain('2 events');
    act(() => vi.advanceTimersByTime(200));
    expect(label()).toContain('4 events');
  });

  it('draws on a 2D context without failing', () => {
    stubResizeObserver(700);
    const texts: string[] = [];
    const context = new Proxy(
      {},
      {
        get: (_target, property) => {
          if (property === 'fillText') return (text: string) => texts.push(text);
          if (property === 'measureText') return (text: string) => ({ width: text.length * 6 });
          return () => undefined;
        },
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    render(
      <OverviewStrip
        source={busySource()}
        version={1}
        visible={{ fromUs: T0, toUs: T0 + S }}
        onJump={vi.fn()}
      />,
    );
    expect(texts).toEqual(expect.arrayContaining(['Console', 'Network', 'Page', 'errors']));
    expect(texts.some((text) => /^12:0\d:\d\d$/.test(text))).toBe(true);
    const canvas = screen.getByRole('img') as HTMLCanvasElement;
    expect(canvas.width).toBe(700);
    expect(canvas.style.height).not.toBe('');
  });
});
