import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LogText } from './log-text';

const ESC = '\x1b';

function renderLine(text: string, ranges: [number, number][] = []) {
  return render(<LogText text={text} ranges={ranges} current={false} />).container;
}

describe('LogText with hostile lines', () => {
  it('shows markup and javascript: URLs as text, never as elements or links', () => {
    const line = `${ESC}[31m<img src=x onerror="window.__pwned=1">${ESC}[0m <a href="javascript:window.__pwned=1">x</a><script>window.__pwned=1</script>`;
    const container = renderLine(line);
    expect(container.textContent).toBe(
      '<img src=x onerror="window.__pwned=1"> <a href="javascript:window.__pwned=1">x</a><script>window.__pwned=1</script>',
    );
    expect(container.querySelector('img, a, script')).toBeNull();
  });

  it('keeps the text of an OSC 8 hyperlink and drops its URL', () => {
    const container = renderLine(`${ESC}]8;;javascript:window.__pwned=1\x07click me${ESC}]8;;\x07`);
    expect(container.textContent).toBe('click me');
    expect(container.querySelector('a')).toBeNull();
  });

  it('shows an OSC that is never terminated as text, its ESC as a mark, hiding nothing after it', () => {
    const container = renderLine(`${ESC}]8;;https://x.test ERROR disk full ${ESC}[31mred`);
    expect(container.textContent).toBe('␛]8;;https://x.test ERROR disk full red');
    expect(container.querySelector('[data-control="U+001B"]')).not.toBeNull();
  });

  it('shows bidi controls as marks, with or without colours and highlights', () => {
    for (const [line, ranges] of [
      ['invoice\u202efdp.exe', []],
      [`${ESC}[32minvoice\u202efdp.exe${ESC}[0m`, []],
      ['invoice\u202efdp.exe', [[5, 10]]],
    ] as [string, [number, number][]][]) {
      const container = renderLine(line, ranges);
      expect(container.textContent, JSON.stringify(line)).toBe('invoiceRLOfdp.exe');
      expect(container.querySelector('[data-control="U+202E"]')).not.toBeNull();
    }
  });

  it('reveals what an erase-line and carriage return would overwrite', () => {
    const container = renderLine(`secret token=abc${ESC}[2K\rall good`);
    expect(container.textContent).toBe('secret token=abc␍all good');
    expect(container.querySelector('[data-control="U+000D"]')).not.toBeNull();
  });

  it('never conceals text and marks colours that would hide it', () => {
    const concealed = renderLine(`${ESC}[8mSECRET${ESC}[0m`);
    expect(concealed.textContent).toBe('SECRET');
    const span = concealed.querySelector('span');
    expect(span?.getAttribute('style') ?? '').not.toMatch(/opacity|visibility|display/);

    const blackOnBlack = renderLine(`${ESC}[30;40mBLACK${ESC}[0m`).querySelector('span');
    expect(blackOnBlack?.textContent).toBe('BLACK');
    expect(blackOnBlack?.style.color).toBe('');
    expect(blackOnBlack?.style.backgroundColor).toBe('');
    expect(blackOnBlack?.getAttribute('data-ansi-illegible')).toBe('light dark');

    const panelColoured = renderLine(`${ESC}[38;2;17;24;39mDARK PANEL${ESC}[0m`).querySelector(
      'span',
    );
    expect(panelColoured?.getAttribute('data-ansi-illegible')).toBe('dark');

    const ordinary = renderLine(`${ESC}[31mred${ESC}[0m`).querySelector('span');
    expect(ordinary?.style.color).toBe('var(--ansi-1)');
    expect(ordinary?.hasAttribute('data-ansi-illegible')).toBe(false);
  });
});
