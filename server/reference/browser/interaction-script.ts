import { isRecord } from '../../shared/http.ts';

/** The isolated world the interaction script runs in (one per frame). */
export const INTERACTION_WORLD = '__session_console__';
/** The CDP binding the script reports through; it exists only in INTERACTION_WORLD. */
export const INTERACTION_BINDING = '__sessionConsoleInteraction';

const MAX_SELECTOR = 300;
const MAX_TEXT = 100;
const MAX_KEY = 40;
const MAX_TAG = 64;
/** A well-formed payload is well under 4 KiB; anything much larger is not ours. */
const MAX_PAYLOAD = 16 * 1024;

/**
 * The script source to inject with `Page.addScriptToEvaluateOnNewDocument({ source, worldName:
 * INTERACTION_WORLD, runImmediately: true })`: a self-contained ES2020 IIFE, no imports.
 *
 * It runs in an isolated world, so page code sees neither its globals nor its listeners; the DOM
 * is shared. It is installed at document creation, before any page script, so its capture
 * listeners on `window` (the first node of every event path) run before any page listener and
 * cannot be stopped by one. Everything is wrapped in try/catch: the page is never affected.
 *
 * Kept as a plain string (not a serialised function) so no transpiler helper can leak into it.
 */
export const INTERACTION_SCRIPT: string = String.raw`(() => {
  'use strict';
  const BINDING = '${INTERACTION_BINDING}';
  const FLAG = '__sessionConsoleInteractionInstalled';
  const g = globalThis;
  try {
    if (g[FLAG]) return;
    Object.defineProperty(g, FLAG, { value: true });
  } catch (_) {
    return;
  }

  const SETTLE_MS = 300;
  const MAX_SELECTOR = ${MAX_SELECTOR};
  const MAX_TEXT = ${MAX_TEXT};
  const MAX_KEY = ${MAX_KEY};
  const MAX_LEVELS = 4;
  const MAX_CLASSES = 2;
  const MAX_ID = 100;
  const MAX_CLASS = 50;
  const MAX_TEXT_SOURCE = 10000;
  const MODIFIERS = ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph'];

  function clamp(s, n) {
    if (s.length <= n) return s;
    let out = s.slice(0, n);
    if (/[\uD800-\uDBFF]$/.test(out)) out = out.slice(0, -1);
    return out;
  }

  function report(type, data) {
    try {
      const fn = g[BINDING];
      if (typeof fn === 'function') fn(JSON.stringify({ type: type, data: data }));
    } catch (_) {}
  }

  function isElement(node) {
    return !!node && node.nodeType === 1;
  }

  function elementOf(target) {
    if (isElement(target)) return target;
    if (target && target.nodeType === 3) return target.parentElement;
    return null;
  }

  function tagOf(el) {
    return String(el.tagName).toLowerCase();
  }

  function isPassword(el) {
    if (!isElement(el) || el.localName !== 'input') return false;
    return String(el.type).toLowerCase() === 'password';
  }

  function uniqueIdSelector(el) {
    const id = el.getAttribute('id');
    if (!id || id.length > MAX_ID) return undefined;
    const sel = '#' + CSS.escape(id);
    try {
      const root = el.getRootNode();
      const found = typeof root.querySelectorAll === 'function' ? root.querySelectorAll(sel) : [];
      return found.length === 1 && found[0] === el ? sel : undefined;
    } catch (_) {
      return undefined;
    }
  }

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

  function selectorFor(el) {
    if (!isElement(el)) return 'document';
    const own = uniqueIdSelector(el);
    if (own) return clamp(own, MAX_SELECTOR);
    if (el.localName === 'html' || el.localName === 'body') return el.localName;
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

  function normalise(s) {
    const out = clamp(String(s == null ? '' : s).replace(/\s+/g, ' ').trim(), MAX_TEXT).trim();
    return out === '' ? undefined : out;
  }

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

  function onClick(ev) {
    try {
      if (!ev.isTrusted) return;
      const el = elementOf(ev.target);
      if (!el) return;
      const data = {
        x: Math.round(ev.clientX),
        y: Math.round(ev.clientY),
        selector: selectorFor(el),
        tag: tagOf(el),
      };
      const text = textOf(el);
      if (text !== undefined) data.text = text;
      report('interaction_click', data);
    } catch (_) {}
  }

  function deepActiveElement() {
    let el = document.activeElement;
    for (let i = 0; el && el.shadowRoot && el.shadowRoot.activeElement && i < 32; i++) {
      el = el.shadowRoot.activeElement;
    }
    return el;
  }

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
    } catch (_) {}
  }

  // Scroll bursts, per scrolling target (the document, or an element).
  const windowStart = { x: Math.round(window.scrollX), y: Math.round(window.scrollY) };
  const settled = new WeakMap();
  const bursts = new Map();

  function scrollPosition(target) {
    if (target === document) {
      return { x: Math.round(window.scrollX), y: Math.round(window.scrollY) };
    }
    return { x: Math.round(target.scrollLeft), y: Math.round(target.scrollTop) };
  }

  function settle(target) {
    try {
      const burst = bursts.get(target);
      if (!burst) return;
      bursts.delete(target);
      clearTimeout(burst.timer);
      const live = target === document || target.isConnected;
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
    } catch (_) {}
  }

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
    } catch (_) {}
  }

  function flush() {
    try {
      Array.from(bursts.keys()).forEach(settle);
    } catch (_) {}
  }

  try {
    const options = { capture: true, passive: true };
    window.addEventListener('click', onClick, options);
    window.addEventListener('keydown', onKeyDown, options);
    window.addEventListener('scroll', onScroll, options);
    window.addEventListener('pagehide', flush, options);
  } catch (_) {}
})();
`;

/** Telemetry `data` fields of one interaction (the server adds the page context fields). */
export type InteractionData =
  | {
      type: 'interaction_click';
      data: { x: number; y: number; selector: string; tag: string; text?: string };
    }
  | { type: 'interaction_key'; data: { key: string; selector: string; tag: string } }
  | {
      type: 'interaction_scroll_settled';
      data: {
        from_x: number;
        from_y: number;
        to_x: number;
        to_y: number;
        target_selector: string;
      };
    };

/** Cuts to `max` UTF-16 units without leaving half a surrogate pair. */
function clamp(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function str(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value !== '' ? clamp(value, max) : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined;
}

/**
 * Validates one binding payload (untrusted: it comes from a page) into event data, or undefined
 * when malformed. Only the known fields are kept; strings are clamped, numbers rounded.
 */
export function parseInteraction(payload: string): InteractionData | undefined {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !isRecord(value.data)) return undefined;
  const data = value.data;
  switch (value.type) {
    case 'interaction_click': {
      const x = num(data.x);
      const y = num(data.y);
      const selector = str(data.selector, MAX_SELECTOR);
      const tag = str(data.tag, MAX_TAG);
      if (x === undefined || y === undefined || selector === undefined || tag === undefined) {
        return undefined;
      }
      if (data.text === undefined) return { type: value.type, data: { x, y, selector, tag } };
      if (typeof data.text !== 'string') return undefined;
      const text = clamp(data.text, MAX_TEXT);
      return { type: value.type, data: { x, y, selector, tag, text } };
    }
    case 'interaction_key': {
      const key = str(data.key, MAX_KEY);
      const selector = str(data.selector, MAX_SELECTOR);
      const tag = str(data.tag, MAX_TAG);
      if (key === undefined || selector === undefined || tag === undefined) return undefined;
      return { type: value.type, data: { key, selector, tag } };
    }
    case 'interaction_scroll_settled': {
      const from_x = num(data.from_x);
      const from_y = num(data.from_y);
      const to_x = num(data.to_x);
      const to_y = num(data.to_y);
      const target_selector = str(data.target_selector, MAX_SELECTOR);
      if (
        from_x === undefined ||
        from_y === undefined ||
        to_x === undefined ||
        to_y === undefined ||
        target_selector === undefined
      ) {
        return undefined;
      }
      return { type: value.type, data: { from_x, from_y, to_x, to_y, target_selector } };
    }
    default:
      return undefined;
  }
}
