import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Strings a hostile or careless server can send in any text field, and probes that check, in the
 * page, that none of them executed, hid text or broke the layout.
 */

export const PWN = 'window.__pwned=1';
export const HOSTILE = {
  img: `<img src=x onerror="${PWN}">`,
  script: `<script>${PWN}</script>`,
  jsUrl: `javascript:${PWN}`,
  /** Trojan Source: shown as "invoiceexe.pdf" where the override is applied. */
  rlo: 'invoice\u202efdp.exe',
  /** Every isolate control, unbalanced and balanced. */
  isolates: 'iso\u2066L\u2069\u2067R\u2069\u2068F\u2069\u2067open',
  conceal: '\x1b[8mCONCEALED-SECRET\x1b[0m',
  erase: 'ERASED-PREFIX\x1b[2K\rOVERWRITE',
  blackOnBlack: '\x1b[30;40mBLACK-ON-BLACK\x1b[0m',
  /** A truecolour foreground equal to the dark theme's panel. */
  panelColour: '\x1b[38;2;17;24;39mPANEL-COLOURED\x1b[0m',
  osc8: `\x1b]8;;javascript:${PWN}\x07OSC8-LINK\x1b]8;;\x07`,
  long: 'W'.repeat(20_000),
} as const;

/** What each hostile string looks like on screen: the text as sent, escapes gone, marks shown. */
export const SHOWN = {
  rlo: 'invoiceRLOfdp.exe',
  isolates: 'isoLRILPDIRLIRPDIFSIFPDIRLIopen',
  conceal: 'CONCEALED-SECRET',
  erase: 'ERASED-PREFIX␍OVERWRITE',
  blackOnBlack: 'BLACK-ON-BLACK',
  panelColour: 'PANEL-COLOURED',
  osc8: 'OSC8-LINK',
} as const;

/** Records CSP violations and dialogs; call before the first navigation. */
export async function watchPage(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __cspViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return { dialogs };
}

interface PageState {
  pwned: string;
  cspViolations: string[];
  badLinks: string[];
  inlineHandlers: string[];
  foreignElements: string[];
  scrollWidth: number;
  innerWidth: number;
}

/** Nothing ran, nothing was injected, and the page is no wider than the window. */
export async function expectPageIntact(page: Page, dialogs: string[]): Promise<void> {
  const state = await page.evaluate((): PageState => {
    const all = [...document.querySelectorAll('*')];
    return {
      pwned: String((window as { __pwned?: unknown }).__pwned),
      cspViolations: (window as { __cspViolations?: string[] }).__cspViolations ?? [],
      badLinks: [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
        .filter((a) => a.protocol !== 'http:' && a.protocol !== 'https:' && a.protocol !== 'blob:')
        .map((a) => a.href),
      inlineHandlers: all.flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name))
          .map((attribute) => `${element.tagName} ${attribute.name}`),
      ),
      foreignElements: all
        .filter(
          (element) =>
            /^(IFRAME|OBJECT|EMBED|FRAME|BASE)$/.test(element.tagName) ||
            (element.tagName === 'SCRIPT' && !element.hasAttribute('src')) ||
            (element.tagName === 'IMG' &&
              !/^(blob:|data:image\/png)/.test((element as HTMLImageElement).src) &&
              new URL((element as HTMLImageElement).src).origin !== location.origin),
        )
        .map((element) => element.outerHTML.slice(0, 120)),
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    };
  });
  expect(state.pwned, 'window.__pwned').toBe('undefined');
  expect(dialogs, 'dialogs').toEqual([]);
  expect(state.cspViolations, 'CSP violations').toEqual([]);
  expect(state.badLinks, 'links that are not http(s) or blob').toEqual([]);
  expect(state.inlineHandlers, 'inline event handlers').toEqual([]);
  expect(state.foreignElements, 'injected elements').toEqual([]);
  expect(state.scrollWidth, 'page width').toBeLessThanOrEqual(state.innerWidth);
}

export interface TextLook {
  contrast: number;
  opacity: number;
  visibility: string;
  width: number;
}

/**
 * How the first rendering of `needle` inside `scope` looks: contrast of its colour against what is
 * painted behind it, the opacity it inherits, its visibility and its width on screen.
 */
export async function textLook(scope: Locator, needle: string): Promise<TextLook | null> {
  return scope.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let node: Node | null;
    while ((node = walker.nextNode())) {
      const at = node.textContent?.indexOf(text) ?? -1;
      if (at === -1) continue;
      const parse = (value: string): number[] =>
        (value.match(/[\d.]+/g) ?? []).map(Number).concat([1]).slice(0, 4);
      const element = node.parentElement as HTMLElement;
      const layers: number[][] = [];
      let opacity = 1;
      for (let e: HTMLElement | null = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        opacity *= Number(style.opacity);
        const bg = parse(style.backgroundColor);
        if (style.backgroundColor !== 'rgba(0, 0, 0, 0)') layers.push(bg);
      }
      // composite the backgrounds from the bottom (white canvas) up
      let back = [255, 255, 255];
      for (const layer of layers.reverse()) {
        const alpha = layer[3] ?? 1;
        back = back.map((c, i) => (layer[i] ?? 0) * alpha + c * (1 - alpha));
      }
      const fg = parse(getComputedStyle(element).color);
      const luminance = (rgb: number[]): number => {
        const [r, g, b] = rgb.map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      const [hi, lo] = [luminance(fg), luminance(back)].sort((a, b) => b - a);
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      return {
        contrast: ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05),
        opacity,
        visibility: getComputedStyle(element).visibility,
        width: range.getBoundingClientRect().width,
      };
    }
    return null;
  }, needle);
}

/** Text that a user can read: drawn, not transparent, and in colours that differ enough. */
export async function expectReadable(scope: Locator, needle: string): Promise<void> {
  const look = await textLook(scope, needle);
  expect(look, `"${needle}" is rendered`).not.toBeNull();
  expect(look?.visibility, `"${needle}" visibility`).toBe('visible');
  expect(look?.width ?? 0, `"${needle}" width`).toBeGreaterThan(0);
  expect(look?.opacity ?? 0, `"${needle}" opacity`).toBeGreaterThanOrEqual(0.5);
  expect(look?.contrast ?? 0, `"${needle}" contrast`).toBeGreaterThanOrEqual(3);
}

/** Left edge on screen of the first rendering of `needle` inside `scope`. */
export async function leftOf(scope: Locator, needle: string): Promise<number> {
  return scope.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let node: Node | null;
    while ((node = walker.nextNode())) {
      const at = node.textContent?.indexOf(text) ?? -1;
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      return range.getBoundingClientRect().left;
    }
    return Number.NaN;
  }, needle);
}

/** Text as shown after a bidi override is revealed: "fdp" stays left of ".exe". */
export async function expectLogicalOrder(scope: Locator): Promise<void> {
  const fdp = await leftOf(scope, 'fdp');
  const exe = await leftOf(scope, 'exe');
  expect(fdp, 'fdp is drawn before exe').toBeLessThan(exe);
  await expect(scope.locator('[data-control="U+202E"]').first()).toBeVisible();
  expect(await scope.evaluate((element) => element.textContent?.includes('\u202e'))).toBe(false);
}
