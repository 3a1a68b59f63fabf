import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UntrustedText } from './untrusted-text';

describe('UntrustedText', () => {
  it('shows markup as text, as a bare text node when it cannot reorder anything', () => {
    const markup = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    const { container } = render(<UntrustedText text={markup} />);
    expect(container.textContent).toBe(markup);
    expect(container.children).toHaveLength(0);
  });

  it('puts right-to-left text in its own bidi isolate', () => {
    const { container } = render(<UntrustedText text="שלום <b>x</b> 42" />);
    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper.tagName).toBe('SPAN');
    expect(wrapper.className).toContain('[unicode-bidi:isolate]');
    // its direction is its own: a Hebrew message reads from the right
    expect(wrapper.getAttribute('dir')).toBe('auto');
    expect(wrapper.textContent).toBe('שלום <b>x</b> 42');
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows bidi controls as marks instead of applying them', () => {
    const { container } = render(<UntrustedText text={'invoice\u202efdp.exe'} />);
    const mark = container.querySelector('[data-control]');
    expect(mark?.getAttribute('data-control')).toBe('U+202E');
    expect(mark?.textContent).toBe('RLO');
    expect(mark?.getAttribute('title')).toMatch(/RIGHT-TO-LEFT OVERRIDE/);
    expect(container.textContent).toBe('invoiceRLOfdp.exe');
    expect(container.firstElementChild?.className).toContain('[unicode-bidi:isolate]');
    expect(container.textContent).not.toContain('\u202e');
  });

  it('renders pieces without their own isolate when asked', () => {
    const { container } = render(<UntrustedText text={'a\rb'} isolate={false} />);
    expect(container.firstElementChild?.getAttribute('data-control')).toBe('U+000D');
    expect(container.textContent).toBe('a␍b');
  });
});
