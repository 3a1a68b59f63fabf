// @ts-check
/**
 * The interaction observer injected into every frame of a session browser, in its own isolated
 * world (see interaction-script.ts, which loads this file and validates what it reports). It is a
 * self-contained ES2020 IIFE with no module syntax, nothing the page can see, and every handler in
 * try/catch so the page is never affected. It is type-checked from its JSDoc
 * (tsconfig.in-page.json) and linted as a browser script. The limits below must match
 * interaction-script.ts (a test checks).
 */
(() => {
  'use strict';

  /**
   * An element as the script sees it: any element (HTML, SVG or MathML), so the HTML-only fields
   * it reads may be absent.
   * @typedef {Element &
   *   Partial<Pick<HTMLInputElement, 'type' | 'value' | 'isContentEditable' | 'innerText'>>
   * } AnyElement
   */
  /** @typedef {{ x: number, y: number }} Point */
  /** @typedef {{ from: Point, to: Point, timer: number }} Burst */

  const BINDING = '__sessionConsoleInteraction';
  const FLAG = '__sessionConsoleInteractionInstalled';
  const g = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
  try {
    if (g[FLAG]) return;
    Object.defineProperty(g, FLAG, { value: true });
  } catch {
    return;
  }

  const SETTLE_MS = 300;
  const MAX_SELECTOR = 300;
  const MAX_TEXT = 100;
  const MAX_KEY = 40;
  const MAX_LEVELS = 4;
  const MAX_CLASSES = 2;
  const MAX_ID = 100;
  const MAX_CLASS = 50;
  const MAX_TEXT_SOURCE = 10000;
  const MODIFIERS = ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph'];

  /**
   * @param {string} s
   * @param {number} n
   * @returns {string}
   */
  function clamp(s, n) {
    if (s.length <= n) return s;
    let out = s.slice(0, n);
    if (/[\uD800-\uDBFF]$/.test(out)) out = out.slice(0, -1);
    return out;
  }

  /**
   * @param {string} type
   * @param {object} data
   */
  function report(type, data) {
    try {
      const fn = g[BINDING];
      if (typeof fn === 'function') fn(JSON.stringify({ type: type, data: data }));
    } catch {}
  }

  /**
   * By node type, not `instanceof`: nodes may come from another frame's realm.
   * @param {EventTarget | null | undefined} node
   * @returns {node is AnyElement}
   */
  function isElement(node) {
    return !!node && /** @type {Node} */ (node).nodeType === 1;
  }

  /**
   * @param {EventTarget | null | undefined} target
   * @returns {AnyElement | null}
   */
  function elementOf(target) {
    if (isElement(target)) return target;
    if (target && /** @type {Node} */ (target).nodeType === 3)
      return /** @type {Node} */ (target).parentElement;
    return null;
  }

  /** @param {Element} el */
  function tagOf(el) {
    return String(el.tagName).toLowerCase();
  }

  /** @param {EventTarget | null | undefined} el */
  function isPassword(el) {
    if (!isElement(el) || el.localName !== 'input') return false;
    return String(el.type).toLowerCase() === 'password';
  }

  /**
   * @param {Element} el
   * @returns {string | undefined}
   */
  function uniqueIdSelector(el) {
    const id = el.getAttribute('id');
    if (!id || id.length > MAX_ID) return undefined;
    const sel = '#' + CSS.escape(id);
    try {
      const root = /** @type {Node & Partial<ParentNode>} */ (el.getRootNode());
      const found = typeof root.querySelectorAll === 'function' ? root.querySelectorAll(sel) : [];
      return found.length === 1 && found[0] === el ? sel : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * @param {Element} el
   * @returns {string}
   */
  function segment(el) {
    let s = CSS.escape(el.localName);
    let classes = 0;
    const list = el.classList;
    for (let i = 0; list && i < list.length && classes < MAX_CLASSES; i++) {
      const c = list[i];
      if (!c || c.length > MAX_CLASS) continue;
      s += '.' + CSS.escape(c);
      classes++;
    }
    // :nth-of-type only when a sibling of the same tag also matches the tag and classes.
    const parent = el.parentElement;
    if (parent) {
      let index = 0;
      let position = 0;
      let ambiguous = false;
      for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName !== el.localName) continue;
        position++;
        if (c === el) index = position;
        else if (!ambiguous && c.matches(s)) ambiguous = true;
      }
      if (ambiguous) s += ':nth-of-type(' + index + ')';
    }
    return s;
  }

  /**
   * @param {EventTarget | null | undefined} el
   * @returns {string}
   */
  function selectorFor(el) {
    if (!isElement(el)) return 'document';
    const own = uniqueIdSelector(el);
    if (own) return clamp(own, MAX_SELECTOR);
    if (el.localName === 'html' || el.localName === 'body') return el.localName;
    /** @type {string[]} */
    const parts = [];
    let cur = el;
    while (cur && parts.length < MAX_LEVELS) {
      const anchor = cur === el ? undefined : uniqueIdSelector(cur);
      if (anchor) {
        parts.unshift(anchor);
        break;
      }
      parts.unshift(segment(cur));
      const parent = cur.parentElement;
      if (!parent || parent.localName === 'body' || parent.localName === 'html') break;
      cur = parent;
    }
    while (parts.length > 1 && parts.join(' > ').length > MAX_SELECTOR) parts.shift();
    return clamp(parts.join(' > '), MAX_SELECTOR);
  }

  /**
   * @param {unknown} s
   * @returns {string | undefined}
   */
  function normalise(s) {
    const out = clamp(
      String(s == null ? '' : s)
        .replace(/\s+/g, ' ')
        .trim(),
      MAX_TEXT,
    ).trim();
    return out === '' ? undefined : out;
  }

  /**
   * @param {AnyElement} el
   * @returns {string | undefined}
   */
  function textOf(el) {
    const name = el.localName;
    const label = el.getAttribute('aria-label');
    if (name === 'textarea') return undefined;
    if (name === 'input') {
      const type = String(el.type).toLowerCase();
      if (type === 'button' || type === 'submit' || type === 'reset') {
        return normalise(el.value) || normalise(label);
      }
      return undefined;
    }
    if (document.designMode === 'on' || el.isContentEditable) return undefined;
    if (el.closest('[contenteditable]') || el.querySelector('[contenteditable]')) return undefined;
    let text = '';
    if ((el.textContent || '').length <= MAX_TEXT_SOURCE) {
      text = typeof el.innerText === 'string' ? el.innerText : el.textContent || '';
    }
    return normalise(text) || normalise(label);
  }

  /** @param {MouseEvent} ev */
  function onClick(ev) {
    try {
      if (!ev.isTrusted) return;
      const el = elementOf(ev.target);
      if (!el) return;
      /** @type {{ x: number, y: number, selector: string, tag: string, text?: string }} */
      const data = {
        x: Math.round(ev.clientX),
        y: Math.round(ev.clientY),
        selector: selectorFor(el),
        tag: tagOf(el),
      };
      const text = textOf(el);
      if (text !== undefined) data.text = text;
      report('interaction_click', data);
    } catch {}
  }

  function deepActiveElement() {
    let el = document.activeElement;
    for (let i = 0; el && el.shadowRoot && el.shadowRoot.activeElement && i < 32; i++) {
      el = el.shadowRoot.activeElement;
    }
    return el;
  }

  /** @param {KeyboardEvent} ev */
  function onKeyDown(ev) {
    try {
      if (!ev.isTrusted || ev.repeat) return;
      const key = ev.key;
      if (typeof key !== 'string' || key === '' || MODIFIERS.indexOf(key) >= 0) return;
      const path = typeof ev.composedPath === 'function' ? ev.composedPath() : [];
      if (isPassword(deepActiveElement()) || isPassword(path[0]) || isPassword(ev.target)) return;
      let el = document.activeElement;
      if (!isElement(el)) el = elementOf(ev.target);
      report('interaction_key', {
        key: clamp(key, MAX_KEY),
        selector: selectorFor(el),
        tag: el ? tagOf(el) : 'document',
      });
    } catch {}
  }

  // Scroll bursts, per scrolling target (the document, or an element). onScroll keys them by the
  // document or by an element only, which is what the casts below rely on.
  const windowStart = { x: Math.round(window.scrollX), y: Math.round(window.scrollY) };
  /** @type {WeakMap<EventTarget, Point>} */
  const settled = new WeakMap();
  /** @type {Map<EventTarget, Burst>} */
  const bursts = new Map();

  /**
   * @param {EventTarget} target the document or an element
   * @returns {Point}
   */
  function scrollPosition(target) {
    if (target === document) {
      return { x: Math.round(window.scrollX), y: Math.round(window.scrollY) };
    }
    return {
      x: Math.round(/** @type {Element} */ (target).scrollLeft),
      y: Math.round(/** @type {Element} */ (target).scrollTop),
    };
  }

  /** @param {EventTarget} target the document or an element */
  function settle(target) {
    try {
      const burst = bursts.get(target);
      if (!burst) return;
      bursts.delete(target);
      clearTimeout(burst.timer);
      const live = target === document || /** @type {Node} */ (target).isConnected;
      const to = live ? scrollPosition(target) : burst.to;
      settled.set(target, to);
      const from = burst.from;
      if (from.x === to.x && from.y === to.y) return;
      report('interaction_scroll_settled', {
        from_x: from.x,
        from_y: from.y,
        to_x: to.x,
        to_y: to.y,
        target_selector: target === document ? 'document' : selectorFor(target),
      });
    } catch {}
  }

  /** @param {Event} ev */
  function onScroll(ev) {
    try {
      let target = ev.target;
      if (
        target === document ||
        target === window ||
        target === document.documentElement ||
        target === document.scrollingElement
      ) {
        target = document;
      } else if (!isElement(target)) {
        return;
      }
      const pos = scrollPosition(target);
      let burst = bursts.get(target);
      if (burst) {
        clearTimeout(burst.timer);
        burst.to = pos;
      } else {
        const from = settled.get(target) || (target === document ? windowStart : { x: 0, y: 0 });
        burst = { from: from, to: pos, timer: 0 };
        bursts.set(target, burst);
      }
      burst.timer = setTimeout(function () {
        settle(target);
      }, SETTLE_MS);
    } catch {}
  }

  function flush() {
    try {
      Array.from(bursts.keys()).forEach(settle);
    } catch {}
  }

  try {
    const options = { capture: true, passive: true };
    window.addEventListener('click', onClick, options);
    window.addEventListener('keydown', onKeyDown, options);
    window.addEventListener('scroll', onScroll, options);
    window.addEventListener('pagehide', flush, options);
  } catch {}
})();
