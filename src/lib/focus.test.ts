import { afterEach, describe, expect, it } from 'vitest';
import { keyUsedByTarget } from './focus';

function element(html: string, selector: string): HTMLElement {
  document.body.innerHTML = html;
  return document.querySelector<HTMLElement>(selector) as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keyUsedByTarget', () => {
  it('leaves a field what is typed in it, Escape aside', () => {
    const input = element('<input type="search">', 'input');
    for (const key of ['j', 'k', '/', 'Enter', ' ', 'ArrowDown'])
      expect(keyUsedByTarget({ key, target: input })).toBe(true);
    expect(keyUsedByTarget({ key: 'Escape', target: input })).toBe(false);
    const editable = element('<div contenteditable><b>x</b></div>', 'b');
    expect(keyUsedByTarget({ key: 'j', target: editable })).toBe(true);
  });

  it('leaves a button or tab its Enter and Space, but not j, k or /', () => {
    for (const html of ['<button>x</button>', '<div role="tab" tabindex="0">x</div>']) {
      const control = element(html, 'button, [role="tab"]');
      expect(keyUsedByTarget({ key: 'Enter', target: control })).toBe(true);
      expect(keyUsedByTarget({ key: ' ', target: control })).toBe(true);
      for (const key of ['j', 'k', '/', 'Escape', 'ArrowDown'])
        expect(keyUsedByTarget({ key, target: control })).toBe(false);
    }
  });

  it('leaves a slider its arrows, a menu its letters, a dialog its Escape', () => {
    const slider = element('<div role="slider" tabindex="0"></div>', 'div');
    expect(keyUsedByTarget({ key: 'ArrowDown', target: slider })).toBe(true);
    expect(keyUsedByTarget({ key: 'j', target: slider })).toBe(false);
    const item = element(
      '<div role="menu"><div role="menuitem">a</div></div>',
      '[role="menuitem"]',
    );
    expect(keyUsedByTarget({ key: 'j', target: item })).toBe(true);
    const inDialog = element('<div role="dialog"><button>x</button></div>', 'button');
    expect(keyUsedByTarget({ key: 'Escape', target: inDialog })).toBe(true);
  });

  it('frees every key on a list or plain text', () => {
    const list = element('<div role="log" tabindex="0"><span>line</span></div>', 'span');
    for (const key of ['j', 'k', '/', 'Enter', ' ', 'ArrowDown', 'Escape'])
      expect(keyUsedByTarget({ key, target: list })).toBe(false);
  });
});
