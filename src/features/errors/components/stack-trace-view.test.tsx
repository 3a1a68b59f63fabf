import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { StackCallFrame, StackTrace } from '../../../types/api';
import { StackTraceView } from './stack-trace-view';

const APP = 'https://shop.example.com/static/js/app.js?v=42';
const EXT = 'chrome-extension://abcdefghijklmnop/inpage.js';

function frame(
  functionName: string,
  url: string,
  lineNumber: number,
  columnNumber: number,
): StackCallFrame {
  return { functionName, scriptId: '1', url, lineNumber, columnNumber };
}

/** An uncaught error after an await in a function called from a setTimeout callback. */
const TRACE: StackTrace = {
  callFrames: [frame('applyDiscount', APP, 41, 10), frame('checkout', APP, 33, 4)],
  parent: {
    description: 'await',
    callFrames: [frame('', APP, 49, 6)],
    parent: {
      description: 'setTimeout',
      callFrames: [frame('window.setTimeout', EXT, 12, 21), frame('init', APP, 48, 2)],
    },
  },
};

function setup(ui: ReactElement): {
  user: ReturnType<typeof userEvent.setup>;
  writeText: ReturnType<typeof vi.fn>;
} {
  const user = userEvent.setup();
  const writeText = vi.fn((_text: string) => Promise.resolve());
  // after userEvent.setup(), which installs its own clipboard stub
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(ui);
  return { user, writeText };
}

function rows(): string[] {
  const list = screen.getByRole('list', { name: 'Stack trace' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('StackTraceView', () => {
  it('lists frames innermost first with one-based positions and async boundaries', () => {
    setup(<StackTraceView trace={TRACE} headline="Uncaught TypeError: x is not a function" />);
    expect(rows()).toEqual([
      'applyDiscountapp.js:42:11',
      'checkoutapp.js:34:5',
      'Async boundary: await',
      '(anonymous)app.js:50:7',
      'Async boundary: setTimeout',
      'window.setTimeoutinpage.js:13:22(browser or extension code)',
      'initapp.js:49:3',
    ]);
    expect(screen.getByText('app.js:42:11').getAttribute('title')).toBe(APP);
    const extension = screen.getByText('window.setTimeout').closest('li');
    // muted and italic, not faded: faded text would fail contrast
    expect(extension?.className).toContain('italic');
    expect(extension?.className).not.toContain('opacity');
    expect(screen.getByText('window.setTimeout').closest('span.text-muted')).not.toBeNull();
    expect(screen.getByText('init').closest('li')?.className).not.toContain('italic');
    expect(screen.queryByRole('button', { name: /more frame/ })).toBeNull();
  });

  it('shows the first frames of a long stack and expands and collapses the rest', async () => {
    const long: StackTrace = {
      callFrames: Array.from({ length: 10 }, (_, i) => frame(`sync${i}`, APP, i, 0)),
      parent: {
        description: 'Promise.then',
        callFrames: Array.from({ length: 10 }, (_, i) => frame(`then${i}`, APP, i, 0)),
      },
    };
    const { user } = setup(<StackTraceView trace={long} headline="Error" />);
    expect(rows()).toHaveLength(12 + 1);
    expect(rows().at(-1)).toBe('then1app.js:2:1');

    await user.click(screen.getByRole('button', { name: 'Show 8 more frames' }));
    expect(rows()).toHaveLength(20 + 1);
    expect(rows().at(-1)).toBe('then9app.js:10:1');
    expect(screen.queryByRole('button', { name: /more frames/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(rows()).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Show fewer' })).toBeNull();
  });

  it('counts frames across segments and leaves out a boundary whose frames are hidden', () => {
    setup(<StackTraceView trace={TRACE} headline="E" initialFrames={2} />);
    expect(rows()).toEqual(['applyDiscountapp.js:42:11', 'checkoutapp.js:34:5']);
    expect(screen.getByRole('button', { name: 'Show 3 more frames' })).toBeDefined();
  });

  it('copies the V8 text and says so', async () => {
    const { user, writeText } = setup(
      <StackTraceView trace={TRACE} headline="Uncaught TypeError: x is not a function" />,
    );
    await user.click(screen.getByRole('button', { name: 'Copy stack' }));
    expect(writeText).toHaveBeenCalledWith(
      [
        'Uncaught TypeError: x is not a function',
        `    at applyDiscount (${APP}:42:11)`,
        `    at checkout (${APP}:34:5)`,
        `    at async ${APP}:50:7`,
        '    at setTimeout (async)',
        `    at window.setTimeout (${EXT}:13:22)`,
        `    at init (${APP}:49:3)`,
      ].join('\n'),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Copied');
  });

  it('reports a failed copy', async () => {
    const { user, writeText } = setup(<StackTraceView trace={TRACE} headline="E" />);
    writeText.mockRejectedValueOnce(new Error('Document is not focused.'));
    await user.click(screen.getByRole('button', { name: 'Copy stack' }));
    expect(await screen.findByText('Could not copy: Document is not focused.')).toBeDefined();
  });

  it('shows hostile strings literally', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const longName = 'a'.repeat(500);
    setup(
      <StackTraceView
        trace={{
          callFrames: [
            frame(hostile, `https://x.test/${hostile}`, 0, 0),
            frame(longName, '', -1, -1),
          ],
          parent: { description: '<b>boundary</b>', callFrames: [frame('f', 'a.js', 0, 0)] },
        }}
        headline="E"
      />,
    );
    expect(screen.getByText(hostile)).toBeDefined();
    expect(screen.getByText('<img src=x onerror=alert(1)>:1:1')).toBeDefined();
    expect(screen.getByText('<b>boundary</b>')).toBeDefined();
    expect(document.querySelector('img, b')).toBeNull();
    expect(screen.getByText(longName).className).toContain('wrap-anywhere');
    expect(screen.getByText('(unknown)')).toBeDefined();
  });

  it('says when there are no frames', () => {
    setup(<StackTraceView trace={{ callFrames: [] }} headline="E" />);
    expect(screen.getByText('No call frames were recorded.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Copy stack' })).toBeDefined();
  });
});
