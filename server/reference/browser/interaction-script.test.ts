import { chromium } from '@playwright/test';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  INTERACTION_BINDING,
  INTERACTION_SCRIPT,
  INTERACTION_WORLD,
  MAX_KEY,
  MAX_SELECTOR,
  MAX_TEXT,
  parseInteraction,
} from './interaction-script.ts';
import type { InteractionData } from './interaction-script.ts';
import { chromiumLaunchOptions } from '../../../e2e/env.ts';
import { findChromium } from '../../shared/chromium-lookup.ts';

const INSTALLED_FLAG = 'globalThis.__sessionConsoleInteractionInstalled';
const json = (value: unknown): string => JSON.stringify(value);

describe('parseInteraction', () => {
  const click = { x: 10, y: 20, selector: '#buy', tag: 'button', text: 'Buy now' };
  const key = { key: 'a', selector: '#name', tag: 'input' };
  const scroll = { from_x: 0, from_y: 0, to_x: 0, to_y: 800, target_selector: 'document' };

  it('accepts each interaction type', () => {
    expect(parseInteraction(json({ type: 'interaction_click', data: click }))).toEqual({
      type: 'interaction_click',
      data: click,
    });
    expect(parseInteraction(json({ type: 'interaction_key', data: key }))).toEqual({
      type: 'interaction_key',
      data: key,
    });
    expect(parseInteraction(json({ type: 'interaction_scroll_settled', data: scroll }))).toEqual({
      type: 'interaction_scroll_settled',
      data: scroll,
    });
  });

  it('accepts a click without text, and keeps no unknown field', () => {
    const { text: _text, ...noText } = click;
    expect(parseInteraction(json({ type: 'interaction_click', data: noText }))).toEqual({
      type: 'interaction_click',
      data: noText,
    });
    const extra = { type: 'interaction_key', data: { ...key, value: 'secret' }, page: 'x' };
    expect(parseInteraction(json(extra))).toEqual({ type: 'interaction_key', data: key });
  });

  it('clamps strings and rounds numbers', () => {
    const long = parseInteraction(
      json({
        type: 'interaction_click',
        data: { ...click, x: 1.6, selector: 's'.repeat(500), text: 't'.repeat(500) },
      }),
    );
    expect(long?.type).toBe('interaction_click');
    if (long?.type !== 'interaction_click') return;
    expect(long.data.x).toBe(2);
    expect(long.data.selector).toHaveLength(300);
    expect(long.data.text).toHaveLength(100);
    const parsedKey = parseInteraction(
      json({ type: 'interaction_key', data: { ...key, key: 'k'.repeat(100) } }),
    );
    expect(parsedKey?.type === 'interaction_key' && parsedKey.data.key).toBe('k'.repeat(40));
    // A cut never leaves half a surrogate pair behind.
    const emoji = parseInteraction(
      json({ type: 'interaction_click', data: { ...click, text: 'a' + '😀'.repeat(60) } }),
    );
    expect(emoji?.type === 'interaction_click' && emoji.data.text).toBe('a' + '😀'.repeat(49));
  });

  it.each([
    ['not JSON', '{nope'],
    ['an empty string', ''],
    ['JSON null', 'null'],
    ['an array', json([{ type: 'interaction_key', data: key }])],
    ['an unknown type', json({ type: 'interaction_hover', data: key })],
    ['a missing type', json({ data: key })],
    ['missing data', json({ type: 'interaction_key' })],
    ['data as an array', json({ type: 'interaction_key', data: [key] })],
    ['a string x', json({ type: 'interaction_click', data: { ...click, x: '10' } })],
    ['a missing y', json({ type: 'interaction_click', data: { ...click, y: undefined } })],
    [
      'a non-finite x',
      '{"type":"interaction_click","data":{"x":1e999,"y":0,"selector":"a","tag":"a"}}',
    ],
    ['a numeric selector', json({ type: 'interaction_click', data: { ...click, selector: 1 } })],
    ['an empty selector', json({ type: 'interaction_click', data: { ...click, selector: '' } })],
    ['a missing tag', json({ type: 'interaction_click', data: { ...click, tag: undefined } })],
    ['a non-string text', json({ type: 'interaction_click', data: { ...click, text: 42 } })],
    ['a null text', json({ type: 'interaction_click', data: { ...click, text: null } })],
    ['a missing key', json({ type: 'interaction_key', data: { ...key, key: undefined } })],
    ['an empty key', json({ type: 'interaction_key', data: { ...key, key: '' } })],
    ['a key as object', json({ type: 'interaction_key', data: { ...key, key: { k: 1 } } })],
    ['a key without selector', json({ type: 'interaction_key', data: { key: 'a', tag: 'input' } })],
    ['a string to_y', json({ type: 'interaction_scroll_settled', data: { ...scroll, to_y: '8' } })],
    [
      'a null from_x',
      json({ type: 'interaction_scroll_settled', data: { ...scroll, from_x: null } }),
    ],
    [
      'a missing target_selector',
      json({ type: 'interaction_scroll_settled', data: { ...scroll, target_selector: undefined } }),
    ],
    [
      'an oversized payload',
      json({ type: 'interaction_key', data: { ...key, pad: 'x'.repeat(20_000) } }),
    ],
  ])('rejects %s', (_name, payload) => {
    expect(parseInteraction(payload)).toBeUndefined();
  });

  it('ships a script that parses as ES and is self-contained', () => {
    expect(() => new Function(INTERACTION_SCRIPT)).not.toThrow();
    expect(INTERACTION_SCRIPT).toContain(`'${INTERACTION_BINDING}'`);
    expect(INTERACTION_SCRIPT).not.toMatch(/\bimport\b|\brequire\(|__name\(/);
  });

  it('uses the binding name and the limits the validator uses', () => {
    // in-page/interaction.js is a separate file; these must agree with interaction-script.ts.
    const constant = (name: string): string | undefined =>
      new RegExp(`^\\s*const ${name} = ('[^']*'|\\d+);$`, 'm').exec(INTERACTION_SCRIPT)?.[1];
    expect(constant('BINDING')).toBe(`'${INTERACTION_BINDING}'`);
    expect(constant('MAX_SELECTOR')).toBe(String(MAX_SELECTOR));
    expect(constant('MAX_TEXT')).toBe(String(MAX_TEXT));
    expect(constant('MAX_KEY')).toBe(String(MAX_KEY));
  });
});

const found = findChromium();
const hasChromium = found.path !== undefined;
if (found.path === undefined) {
  console.warn(`interaction-script: skipping the real-browser tests: ${found.reason}`);
}

const PAGE = `<!doctype html>
<html><head><style>
  body { margin: 0; font: 16px sans-serif; }
  .pane { width: 300px; height: 100px; overflow: auto; }
  .spacer { height: 3000px; }
</style></head>
<body>
<main>
  <button id="buy">Buy
     now</button>
  <div class="grid">
    <button class="buy">One</button>
    <button class="buy primary wide"><span>Two</span></button>
    <button class="buy">Three</button>
  </div>
  <input id="name" type="text">
  <input id="pw" type="password">
  <input id="send" type="submit" value="Send   it">
  <div id="editor" contenteditable="true"><b>typed secret</b></div>
  <button id="stopper">Stopped</button>
  <button id="sentinel">Sentinel</button>
  <div class="pane"><div style="height: 1000px">pane</div></div>
</main>
<div class="spacer"></div>
<script>
  window.pageSawStopper = 0;
  window.addEventListener('click', (e) => {
    if (e.target.id === 'stopper') e.stopImmediatePropagation();
  }, true);
  document.addEventListener('click', (e) => {
    if (e.target.id === 'stopper') window.pageSawStopper++;
  });
</script>
</body></html>`;

async function waitFor<T>(get: () => T | undefined, what: string, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!hasChromium)('the interaction script in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let cdp: CDPSession;
  const events: InteractionData[] = [];
  const rejected: string[] = [];
  const contexts = new Map<number, string>();

  type Of<T extends InteractionData['type']> = Extract<InteractionData, { type: T }>;
  const ofType = <T extends InteractionData['type']>(type: T): Of<T>[] =>
    events.filter((event): event is Of<T> => event.type === type);

  /** Clicks the sentinel and waits for its event: everything the page did before has arrived. */
  async function sync(): Promise<void> {
    await page.click('#sentinel');
    await waitFor(
      () => ofType('interaction_click').find((e) => e.data.selector === '#sentinel'),
      'the sentinel click',
    );
  }

  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
    page = await browser.newPage();
    cdp = await page.context().newCDPSession(page);
    cdp.on('Runtime.bindingCalled', (event) => {
      if (event.name !== INTERACTION_BINDING) return;
      const parsed = parseInteraction(event.payload);
      if (parsed) events.push(parsed);
      else rejected.push(event.payload);
    });
    cdp.on('Runtime.executionContextCreated', ({ context }) => {
      contexts.set(context.id, context.name);
    });
    cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
      contexts.delete(executionContextId);
    });
    cdp.on('Runtime.executionContextsCleared', () => contexts.clear());
    await cdp.send('Runtime.enable');
    await cdp.send('Page.enable');
    await cdp.send('Runtime.addBinding', {
      name: INTERACTION_BINDING,
      executionContextName: INTERACTION_WORLD,
    });
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
      source: INTERACTION_SCRIPT,
      worldName: INTERACTION_WORLD,
      runImmediately: true,
    });
    // A navigation, not page.setContent: setContent reuses the document through document.open(),
    // which erases every event listener, the isolated world's included.
    await page.goto(`data:text/html,${encodeURIComponent(PAGE)}`);
  }, 15_000);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(() => {
    events.length = 0;
  });

  afterEach(() => {
    expect(rejected).toEqual([]);
  });

  it('is installed in its isolated world only, with the binding', async () => {
    const world = [...contexts].find(([, name]) => name === INTERACTION_WORLD)?.[0];
    expect(world).toBeDefined();
    const probe = await cdp.send('Runtime.evaluate', {
      contextId: world,
      expression: `[typeof ${INTERACTION_BINDING}, ${INSTALLED_FLAG}]`,
      returnByValue: true,
    });
    expect(probe.result.value).toEqual(['function', true]);
    const inPage = await page.evaluate(() => [
      typeof (globalThis as Record<string, unknown>).__sessionConsoleInteraction,
      typeof (globalThis as Record<string, unknown>).__sessionConsoleInteractionInstalled,
    ]);
    expect(inPage).toEqual(['undefined', 'undefined']);
  });

  it('reports a click with the id selector, the tag, the text and the position', async () => {
    await page.click('#buy');
    const click = await waitFor(() => ofType('interaction_click')[0], 'a click');
    const box = await page.locator('#buy').boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(click.data).toMatchObject({ selector: '#buy', tag: 'button', text: 'Buy now' });
    expect(click.data.x).toBeGreaterThanOrEqual(Math.floor(box.x));
    expect(click.data.x).toBeLessThanOrEqual(Math.ceil(box.x + box.width));
    expect(click.data.y).toBeGreaterThanOrEqual(Math.floor(box.y));
    expect(click.data.y).toBeLessThanOrEqual(Math.ceil(box.y + box.height));
    await sync();
    expect(ofType('interaction_click').map((e) => e.data.selector)).toEqual(['#buy', '#sentinel']);
  });

  it('builds a short path for an element without an id', async () => {
    await page.click('.grid button:nth-of-type(2) span');
    const click = await waitFor(() => ofType('interaction_click')[0], 'a click');
    expect(click.data).toMatchObject({
      selector: 'main > div.grid > button.buy.primary > span',
      tag: 'span',
      text: 'Two',
    });
    expect(await page.locator(click.data.selector).count()).toBe(1);
    await page.click('text=Three');
    await page.click('#send');
    await page.click('#editor b');
    await sync();
    const clicks = ofType('interaction_click').map((e) => e.data);
    expect(clicks).toMatchObject([
      { selector: 'main > div.grid > button.buy.primary > span' },
      { selector: 'main > div.grid > button.buy:nth-of-type(3)', tag: 'button', text: 'Three' },
      { selector: '#send', tag: 'input', text: 'Send it' },
      { selector: '#editor > b', tag: 'b' },
      { selector: '#sentinel' },
    ]);
    expect(await page.locator(clicks[1]?.selector ?? '').textContent()).toBe('Three');
    // Inside a contenteditable: no text.
    expect(clicks[3]).not.toHaveProperty('text');
  });

  it('never reports the text of inputs, nor untrusted clicks', async () => {
    await page.click('#name');
    await page.click('#pw');
    await page.evaluate(() => document.getElementById('buy')?.click());
    await sync();
    const clicks = ofType('interaction_click').map((e) => e.data);
    expect(clicks).toEqual([
      expect.objectContaining({ selector: '#name', tag: 'input' }),
      expect.objectContaining({ selector: '#pw', tag: 'input' }),
      expect.objectContaining({ selector: '#sentinel' }),
    ]);
    expect(clicks[0]).not.toHaveProperty('text');
    expect(clicks[1]).not.toHaveProperty('text');
  });

  it('still sees a click the page stops in the capture phase at window', async () => {
    await page.click('#stopper');
    await sync();
    expect(ofType('interaction_click').map((e) => e.data.selector)).toEqual([
      '#stopper',
      '#sentinel',
    ]);
    // The page's own listener did stop it: a later page listener never saw the click.
    expect(
      await page.evaluate(() => (window as unknown as { pageSawStopper: number }).pageSawStopper),
    ).toBe(0);
  });

  it('reports keys in a text field, without modifiers or auto-repeat', async () => {
    await page.click('#name');
    await page.keyboard.type('ab');
    await page.keyboard.press('Shift+B');
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key: 'c',
      code: 'KeyC',
      text: 'c',
      autoRepeat: true,
    });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'c', code: 'KeyC' });
    await page.keyboard.press('d');
    await waitFor(() => ofType('interaction_key').find((e) => e.data.key === 'd'), 'the key d');
    expect(ofType('interaction_key').map((e) => e.data)).toEqual(
      ['a', 'b', 'B', 'd'].map((k) => ({ key: k, selector: '#name', tag: 'input' })),
    );
    expect(await page.inputValue('#name')).toBe('abBcd');
  });

  it('reports nothing at all for keys in a password field', async () => {
    await page.click('#pw');
    await page.keyboard.type('hunter2');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await sync();
    expect(ofType('interaction_key')).toEqual([]);
    expect(await page.inputValue('#pw')).toBe('hunter2');
  });

  it('reports settled scrolls of an element and of the document', async () => {
    // A burst that comes back where it started is not reported.
    await page.evaluate(() => window.scrollTo(0, 100));
    await page.waitForTimeout(50);
    await page.evaluate(() => window.scrollTo(0, 0));

    const pane = await page.locator('.pane').boundingBox();
    expect(pane).not.toBeNull();
    if (!pane) return;
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
    await page.mouse.wheel(0, 300);
    const paneScroll = await waitFor(() => ofType('interaction_scroll_settled')[0], 'a scroll');
    expect(paneScroll.data).toMatchObject({
      from_x: 0,
      from_y: 0,
      to_x: 0,
      target_selector: 'main > div.pane',
    });
    expect(paneScroll.data.to_y).toBeGreaterThan(0);

    await page.mouse.move(pane.x + pane.width + 200, 20);
    await page.mouse.wheel(0, 800);
    const first = await waitFor(() => ofType('interaction_scroll_settled')[1], 'a scroll');
    expect(first.data).toMatchObject({
      from_x: 0,
      from_y: 0,
      to_x: 0,
      target_selector: 'document',
    });
    expect(first.data.to_y).toBeGreaterThan(0);
    expect(first.data.to_y).toBe(await page.evaluate(() => Math.round(window.scrollY)));

    // The next burst starts where the previous one settled.
    await page.mouse.wheel(0, 400);
    const second = await waitFor(() => ofType('interaction_scroll_settled')[2], 'a scroll');
    expect(second.data).toMatchObject({ from_y: first.data.to_y, target_selector: 'document' });
    expect(second.data.to_y).toBeGreaterThan(first.data.to_y);
    expect(ofType('interaction_scroll_settled')).toHaveLength(3);
  });

  it('guards against a second installation in the same world', async () => {
    const world = [...contexts].find(([, name]) => name === INTERACTION_WORLD)?.[0];
    expect(world).toBeDefined();
    await cdp.send('Runtime.evaluate', { contextId: world, expression: INTERACTION_SCRIPT });
    await page.click('#buy');
    await sync();
    expect(ofType('interaction_click').map((e) => e.data.selector)).toEqual(['#buy', '#sentinel']);
  });
});
