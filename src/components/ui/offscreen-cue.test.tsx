import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OffscreenCue } from './offscreen-cue';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let report: Callback = () => undefined;

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        report = callback;
      }
      observe(): void {}
      disconnect(): void {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function Details() {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={ref}>the details</div>
      <OffscreenCue target={ref} label="Details below" />
    </>
  );
}

const bounds = (top: number) => ({ top, bottom: top + 100 }) as DOMRectReadOnly;
const viewport = { top: 0, bottom: 800 } as DOMRectReadOnly;

describe('OffscreenCue', () => {
  it('says the details are below the fold, and takes the reader there', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    render(<Details />);
    expect(screen.queryByRole('button')).toBeNull();
    act(() =>
      report([{ isIntersecting: false, boundingClientRect: bounds(1_000), rootBounds: viewport }]),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details below' }));
    expect(scroll).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
    act(() =>
      report([{ isIntersecting: true, boundingClientRect: bounds(500), rootBounds: viewport }]),
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('counts details whose heading alone shows at the foot of the window as out of sight', () => {
    render(<Details />);
    act(() =>
      report([{ isIntersecting: true, boundingClientRect: bounds(760), rootBounds: viewport }]),
    );
    expect(screen.getByRole('button', { name: 'Details below' })).toBeTruthy();
  });

  it('says nothing of details scrolled away above', () => {
    render(<Details />);
    act(() =>
      report([{ isIntersecting: false, boundingClientRect: bounds(-300), rootBounds: viewport }]),
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
