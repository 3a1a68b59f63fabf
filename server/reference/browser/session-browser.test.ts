import { chromium, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSession,
  startReference,
  TEST_TOKEN,
  type ReferenceHarness,
} from '../../testing/reference-harness.ts';
import { dataOf, EventLog, sleep, type Envelope } from '../../testing/event-log.ts';
import { SseReader } from '../../testing/sse-reader.ts';
import { DEMO_SITE_DIR } from '../demo-site/demo-site.ts';
import type { Session } from '../session.ts';
import { captures } from '../telemetry-config.ts';
import { findChromium } from './chromium-process.ts';
import type { StackTrace } from './console-events.ts';
import { refusedUpgradeStatus } from '../../testing/ws-upgrade.ts';

const lookup = findChromium();
const chromiumPath = lookup.path;
if (lookup.path === undefined) {
  console.warn(`session-browser.test.ts: real browser tests skipped: ${lookup.reason}`);
}

/** The category the contract (api-contract.md §3) gives each event type. */
const CONTRACT_CATEGORY: Record<string, string> = {
  console_log: 'console',
  console_error: 'console',
  network_request: 'network',
  network_response: 'network',
  network_loading_failed: 'network',
  network_loading_finished: 'network',
  network_idle: 'network',
  page_navigation: 'page',
  page_dom_content_loaded: 'page',
  page_load: 'page',
  page_tab_opened: 'page',
  page_layout_shift: 'page',
  page_lcp: 'page',
  page_layout_settled: 'page',
  page_navigation_settled: 'page',
  interaction_click: 'interaction',
  interaction_key: 'interaction',
  interaction_scroll_settled: 'interaction',
  monitor_screenshot: 'screenshot',
  monitor_disconnected: 'monitor',
  monitor_reconnected: 'monitor',
  monitor_reconnect_failed: 'monitor',
  monitor_init_failed: 'monitor',
  api_call: 'control',
  cdp_connect: 'connection',
  cdp_disconnect: 'connection',
  live_view_connect: 'connection',
  live_view_disconnect: 'connection',
  captcha_solve_result: 'captcha',
  system_oom_kill: 'system',
  service_crashed: 'system',
};

const CTX_FIELDS = [
  'session_id',
  'target_id',
  'target_type',
  'frame_id',
  'loader_id',
  'url',
  'nav_seq',
] as const;

/** Events that carry the page context (everything the collector sees inside a page). */
function isPageLevel(envelope: Envelope): boolean {
  const { type, category } = envelope.event;
  return (
    ['console', 'network', 'page', 'interaction'].includes(category) && type !== 'page_tab_opened'
  );
}

function expectContext(envelope: Envelope, targetId?: string): void {
  const data = dataOf(envelope);
  const label = `${envelope.seq} ${envelope.event.type}`;
  for (const field of CTX_FIELDS) expect(data, label).toHaveProperty(field);
  expect(data.target_type, label).toBe('page');
  expect(typeof data.session_id, label).toBe('string');
  expect(data.session_id, label).not.toBe('');
  expect(typeof data.frame_id, label).toBe('string');
  expect(data.frame_id, label).not.toBe('');
  expect(typeof data.loader_id, label).toBe('string');
  expect(typeof data.url, label).toBe('string');
  expect(Number.isInteger(data.nav_seq), label).toBe(true);
  if (targetId !== undefined) expect(data.target_id, label).toBe(targetId);
}

/** The zero-based line of `marker` in the demo site's app.js. */
const APP_JS = readFileSync(path.join(DEMO_SITE_DIR, 'app.js'), 'utf8').split('\n');
function markerLine(marker: string): number {
  const index = APP_JS.findIndex((line) => line.includes(`// ${marker}`));
  if (index < 0) throw new Error(`marker ${marker} not in app.js`);
  return index; // one-based line (index + 1) minus 1
}

/** Frames of a stack and of every async parent, outermost parent last. */
function stackLevels(stack: StackTrace): StackTrace[] {
  const levels: StackTrace[] = [];
  for (let level: StackTrace | undefined = stack; level; level = level.parent) levels.push(level);
  return levels;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A 1×1 PNG, served by a side server because the demo site has no image. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Typed into #password: must appear nowhere in the telemetry ('-' and '!' are not base64). */
const PASSWORD = 'Hunter2-S3cret!pw';

describe.skipIf(!chromiumPath)('session browser (real Chromium)', () => {
  let harness: ReferenceHarness;
  let imageServer: Server;
  let imageUrl: string;
  let site: string;
  let id: string;
  let session: Session;
  let log: EventLog;
  let consoleOnlyId: string;
  let agent: Browser | undefined;
  let page: Page;
  const opened: Browser[] = [];

  async function connect(sessionId: string): Promise<Browser> {
    const response = await harness.call(`/browsers/${sessionId}`);
    const { cdp_ws_url } = (await response.json()) as { cdp_ws_url: string };
    const browser = await chromium.connectOverCDP(cdp_ws_url);
    opened.push(browser);
    return browser;
  }

  function firstPage(browser: Browser): Page {
    const tab = browser.contexts()[0]?.pages()[0];
    if (!tab) throw new Error('the session browser has no tab');
    return tab;
  }

  beforeAll(async () => {
    harness = await startReference({ browser: true, faults: true });
    site = (await harness.reference.demoSite()).url;
    imageServer = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': TINY_PNG.length });
      res.end(TINY_PNG);
    });
    await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
    imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/logo.png`;
    const all = {
      telemetry: {
        browser: {
          console: { enabled: true },
          network: { enabled: true },
          page: { enabled: true },
          interaction: { enabled: true },
          screenshot: { enabled: true },
        },
      },
    };
    const consoleOnly = { telemetry: { browser: { console: { enabled: true } } } };
    [id, consoleOnlyId] = await Promise.all([
      createSession(harness, all),
      createSession(harness, consoleOnly),
    ]);
    const found = harness.reference.getSession(id);
    if (!found) throw new Error('session not found');
    session = found;
    log = new EventLog(session);
  }, 30_000);

  afterAll(async () => {
    for (const browser of opened) await browser.close().catch(() => undefined);
    await harness?.close();
    await new Promise<void>((resolve) =>
      imageServer ? imageServer.close(() => resolve()) : resolve(),
    );
  }, 30_000);

  it('GET shows a ws cdp_ws_url and no unavailable reason; a wrong jwt is refused with 401', async () => {
    const response = await harness.call(`/browsers/${id}`);
    expect(response.status).toBe(200);
    const wire = (await response.json()) as Record<string, unknown>;
    const origin = new URL(harness.api).host;
    expect(wire.cdp_ws_url).toMatch(
      new RegExp(`^ws://${origin.replace(/\./g, '\\.')}/api/browsers/${id}/cdp\\?jwt=[\\w-]+$`),
    );
    expect(wire).not.toHaveProperty('browser_unavailable_reason');
    expect(session.browser?.pid).toEqual(expect.any(Number));

    const before = log.mark;
    const wrong = String(wire.cdp_ws_url).replace(/jwt=[\w-]+$/, 'jwt=not-the-secret');
    expect(await refusedUpgradeStatus(wrong)).toBe(401);
    expect(await refusedUpgradeStatus(String(wire.cdp_ws_url).replace(/\?jwt=.*$/, ''))).toBe(401);
    await sleep(100);
    expect(log.of('cdp_connect', before)).toEqual([]);
  });

  it('a CDP client produces cdp_connect, and closing it cdp_disconnect (client_close)', async () => {
    const before = log.mark;
    const probe = await connect(id);
    const connected = await log.next('cdp_connect', before);
    expect(connected.event.category).toBe('connection');
    expect(connected.event.source.kind).toBe('kernel_api');
    await probe.close();
    const disconnected = await log.next('cdp_disconnect', before);
    expect(disconnected.event.category).toBe('connection');
    const data = dataOf(disconnected);
    expect(data.reason).toBe('client_close');
    expect(Number.isInteger(data.duration_ms)).toBe(true);
    expect(data.duration_ms).toBeGreaterThanOrEqual(0);
    expect(data.message_count).toBeGreaterThan(0);
    expect(disconnected.seq).toBeGreaterThan(connected.seq);
    // Closing a CDP connection leaves the session's browser running.
    await sleep(200);
    expect(log.of('service_crashed', before)).toEqual([]);

    agent = await connect(id);
    page = firstPage(agent);
  });

  let productsNav: Envelope;
  let productsUrl: string;

  it('navigating to the demo products page yields page lifecycle events with ctx', async () => {
    const before = log.mark;
    productsUrl = `${site}products.html`;
    await page.goto(productsUrl);
    const settled = await log.next('page_navigation_settled', before);
    productsNav = await log.next('page_navigation', before, (d) => d.url === productsUrl);

    const nav = dataOf(productsNav);
    expect(productsNav.event.category).toBe('page');
    expect(productsNav.event.source).toEqual({ kind: 'cdp', event: 'Page.frameNavigated' });
    expect(nav).toMatchObject({
      url: productsUrl,
      parent_frame_id: '',
      target_type: 'page',
      nav_seq: 1,
    });
    const targetId = String(nav.target_id);
    expect(nav.frame_id).toBe(targetId);
    expect(nav.loader_id).toEqual(expect.any(String));
    expect(nav.loader_id).not.toBe('');

    const dom = await log.next('page_dom_content_loaded', productsNav.seq);
    const load = await log.next('page_load', productsNav.seq);
    const layout = await log.next('page_layout_settled', productsNav.seq);
    const idle = await log.next('network_idle', productsNav.seq);
    for (const e of [dom, load]) {
      expect(typeof dataOf(e).cdp_timestamp).toBe('number');
      expect(dataOf(e).cdp_timestamp).toBeGreaterThan(0);
    }
    expect(dataOf(load).cdp_timestamp).toBeGreaterThanOrEqual(dataOf(dom).cdp_timestamp as number);
    expect(productsNav.seq).toBeLessThan(dom.seq);
    expect(dom.seq).toBeLessThan(load.seq);
    expect(load.seq).toBeLessThan(layout.seq);
    expect(layout.seq).toBeLessThan(settled.seq);
    expect(idle.seq).toBeLessThan(settled.seq);
    for (const e of [dom, load, layout, idle, settled]) {
      expect(dataOf(e), e.event.type).toMatchObject({
        url: productsUrl,
        nav_seq: 1,
        loader_id: nav.loader_id,
        frame_id: targetId,
        session_id: nav.session_id,
        target_id: targetId,
      });
    }

    // Every page-level event carries the ctx; after the navigation, that of the new document.
    // Per-request network events put the request's own URL in `url` (the page is in
    // `document_url` for requests).
    const pageLevel = log.of(undefined, before).filter(isPageLevel);
    expect(pageLevel.length).toBeGreaterThan(20);
    for (const e of pageLevel) expectContext(e, targetId);
    const perRequest = [
      'network_request',
      'network_response',
      'network_loading_finished',
      'network_loading_failed',
    ];
    for (const e of pageLevel.filter((x) => x.seq > productsNav.seq)) {
      const label = `${e.seq} ${e.event.type}`;
      expect(dataOf(e).nav_seq, label).toBe(1);
      if (!perRequest.includes(e.event.type)) expect(dataOf(e).url, label).toBe(productsUrl);
      else expect(String(dataOf(e).url), label).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      if (e.event.type === 'network_request') expect(dataOf(e).document_url).toBe(productsUrl);
    }

    // seq strictly increasing, categories as the contract says.
    const all = log.sync();
    for (let i = 1; i < all.length; i++) {
      expect(all[i]?.seq).toBe((all[i - 1]?.seq ?? 0) + 1);
    }
    for (const e of all) {
      const expected = CONTRACT_CATEGORY[e.event.type];
      if (expected) expect(e.event.category, e.event.type).toBe(expected);
    }
  });

  it('reports the fetches: 200 and 404 with bodies, 500, a connection failure, binary without body', async () => {
    const from = productsNav.seq - 5;
    const requests = log.of('network_request', from);
    const responses = log.of('network_response', from);
    const requestFor = (suffix: string): Envelope => {
      const found = requests.filter((e) => String(dataOf(e).url).endsWith(suffix));
      expect(found, suffix).toHaveLength(1);
      return found[0] as Envelope;
    };
    const oneOf = (type: string, request: Envelope): Envelope => {
      const found = log
        .of(type, from)
        .filter((e) => dataOf(e).request_id === dataOf(request).request_id);
      expect(found, `${type} of ${String(dataOf(request).url)}`).toHaveLength(1);
      return found[0] as Envelope;
    };
    // The response (status, headers, timing) as it arrived, with the body of its finished load.
    const responseTo = (request: Envelope): Envelope => {
      const response = oneOf('network_response', request);
      expect(response.seq).toBeGreaterThan(request.seq);
      expect(dataOf(response).url).toBe(dataOf(request).url);
      expect(dataOf(response).timing).toMatchObject({ requestTime: expect.any(Number) });
      const finished = oneOf('network_loading_finished', request);
      expect(finished.seq).toBeGreaterThan(response.seq);
      const body = dataOf(finished).body;
      return { ...response, event: { ...response.event, data: { ...dataOf(response), body } } };
    };

    const products = requestFor('/api/products');
    expect(products.event.source).toEqual({ kind: 'cdp', event: 'Network.requestWillBeSent' });
    expect(dataOf(products)).toMatchObject({
      method: 'GET',
      document_url: productsUrl,
      resource_type: 'Fetch',
      initiator_type: 'script',
      headers: expect.objectContaining({ Accept: 'application/json' }),
    });
    const productsResponse = responseTo(products);
    expect(dataOf(productsResponse)).toMatchObject({
      method: 'GET',
      status: 200,
      status_text: 'OK',
      mime_type: 'application/json',
      resource_type: 'Fetch',
    });
    const catalogue = JSON.parse(String(dataOf(productsResponse).body)) as { id: string }[];
    expect(catalogue).toHaveLength(8);
    expect(catalogue[0]?.id).toBe('p-100');

    const reviews = responseTo(requestFor('/api/reviews/missing'));
    expect(dataOf(reviews)).toMatchObject({ status: 404, mime_type: 'application/json' });
    expect(JSON.parse(String(dataOf(reviews).body))).toEqual({ error: 'no reviews' });

    const inventory = responseTo(requestFor('/api/inventory'));
    expect(dataOf(inventory)).toMatchObject({ status: 500, status_text: 'Internal Server Error' });
    expect(JSON.parse(String(dataOf(inventory).body))).toEqual({
      code: 'internal',
      message: 'inventory service unavailable',
    });

    const flaky = requestFor('/api/flaky');
    const failures = log
      .of('network_loading_failed', from)
      .filter((e) => dataOf(e).request_id === dataOf(flaky).request_id);
    expect(failures).toHaveLength(1);
    const failure = failures[0] as Envelope;
    expect(failure.seq).toBeGreaterThan(flaky.seq);
    expect(dataOf(failure)).toMatchObject({
      error_text: 'net::ERR_EMPTY_RESPONSE',
      canceled: false,
      resource_type: 'Fetch',
    });
    expect(responses.filter((e) => dataOf(e).request_id === dataOf(flaky).request_id)).toEqual([]);

    // The document (HTML, under 4 KB) is kept whole; app.js (text, over 4 KB) is cut at 4 KB.
    const documentResponse = responseTo(requestFor('/products.html'));
    expect(dataOf(documentResponse)).toMatchObject({ status: 200, resource_type: 'Document' });
    expect(String(dataOf(documentResponse).body)).toContain(
      '<title>Acme Outfitters – Products</title>',
    );
    const script = responseTo(requestFor('/app.js'));
    const scriptBody = String(dataOf(script).body);
    expect(dataOf(script).mime_type).toBe('text/javascript');
    expect(Buffer.byteLength(scriptBody)).toBeLessThanOrEqual(4096);
    expect(Buffer.byteLength(scriptBody)).toBeGreaterThan(4090);
    expect(APP_JS.join('\n').startsWith(scriptBody)).toBe(true);

    // A binary response (an image) is reported without a body. The demo site has no image, so
    // one is served from a side server.
    const before = log.mark;
    await page.evaluate(
      (src) =>
        new Promise<void>((resolve) => {
          const img = new Image();
          img.onload = () => resolve();
          img.onerror = () => resolve();
          img.src = src;
        }),
      imageUrl,
    );
    const imageResponse = await log.next('network_response', before, (d) => d.url === imageUrl);
    expect(dataOf(imageResponse)).toMatchObject({
      status: 200,
      mime_type: 'image/png',
      resource_type: 'Image',
    });
    const imageLoaded = await log.next(
      'network_loading_finished',
      before,
      (d) => d.url === imageUrl,
    );
    expect(dataOf(imageLoaded).encoded_data_length).toBeGreaterThan(0);
    expect(dataOf(imageLoaded)).not.toHaveProperty('body');
  });

  let firstException = Number.POSITIVE_INFINITY;

  it('console calls and the four uncaught errors become console events with stack traces', async () => {
    const from = productsNav.seq;
    const warning = log
      .of('console_log', from)
      .find((e) => dataOf(e).text === 'price cache is stale');
    expect(warning?.event.category).toBe('console');
    expect(warning?.event.source).toEqual({ kind: 'cdp', event: 'Runtime.consoleAPICalled' });
    expect(dataOf(warning)).toMatchObject({ level: 'warning', args: ['price cache is stale'] });
    const inventoryError = log
      .of('console_error', from)
      .find((e) => dataOf(e).text === 'inventory request failed');
    expect(dataOf(inventoryError)).toMatchObject({
      level: 'error',
      args: ['inventory request failed', '500', 'inventory service unavailable'],
    });
    const consoleStack = dataOf(inventoryError).stack_trace as StackTrace;
    expect(consoleStack.callFrames[0]?.functionName).toBe('onInventory');
    for (const e of log.of('console_log', from)) expect(dataOf(e).level).not.toBe('error');

    const cases = [
      {
        button: '#add-to-cart',
        functionName: 'formatCount',
        marker: 'demo:throw-sync',
        text: /^Uncaught TypeError: Cannot read properties of null \(reading 'toFixed'\)$/,
      },
      {
        button: '#load-recommendations',
        functionName: 'parseRecommendations',
        marker: 'demo:throw-async',
        text: /^Uncaught \(in promise\) Error: recommendations payload has no items$/,
      },
      {
        button: '#refresh-prices',
        functionName: 'applyPrices',
        marker: 'demo:throw-promise',
        text: /^Uncaught \(in promise\) RangeError: price list is empty$/,
      },
      {
        button: '#schedule-sync',
        functionName: 'reconcileStock',
        marker: 'demo:throw-timer',
        text: /^Uncaught Error: stock snapshot missing$/,
      },
    ];
    const scriptUrl = `${site}app.js`;
    for (const { button, functionName, marker, text } of cases) {
      const before = log.mark;
      await page.click(button);
      const error = await log.next(
        'console_error',
        before,
        (_d, e) => e.event.source.event === 'Runtime.exceptionThrown',
      );
      firstException = Math.min(firstException, error.seq);
      const data = dataOf(error);
      expect(error.event.category).toBe('console');
      expect(data.text, button).toMatch(text);
      const stack = data.stack_trace as StackTrace;
      const top = stack.callFrames[0];
      expect(top?.functionName, button).toBe(functionName);
      expect(top?.lineNumber, button).toBe(markerLine(marker));
      expect(top?.url).toBe(scriptUrl);
      expect(data.source_url).toBe(scriptUrl);
      expect(typeof data.line).toBe('number');
      expect(typeof data.column).toBe('number');
      expect(data.line).toBe(markerLine(marker));
      expect(data.column).toBe(top?.columnNumber);
      expectContext(error);
      expect(dataOf(error)).toMatchObject({ url: productsUrl, nav_seq: 1 });

      if (marker === 'demo:throw-async') {
        expect(stack.parent?.description).toBe('await');
        const parentFrames = stackLevels(stack)
          .slice(1)
          .flatMap((level) => level.callFrames.map((f) => f.functionName));
        expect(parentFrames).toContain('loadRecommendations');
        expect(stack.parent?.callFrames.map((f) => f.functionName)).toContain(
          'loadRecommendations',
        );
      }
      if (marker === 'demo:throw-sync') {
        const names = stack.callFrames.map((f) => f.functionName);
        expect(names.slice(0, 4)).toEqual([
          'formatCount',
          'updateCartBadge',
          'addToCart',
          'onAddToCart',
        ]);
      }
    }
  });

  it('takes PNG screenshots on load and on exceptions, at most one per 2 s', async () => {
    const load = log.of('page_load', productsNav.seq)[0] as Envelope;
    await log.until('a screenshot after the first exception', (l) =>
      l.of('monitor_screenshot', firstException).at(0),
    );
    const shots = log.of('monitor_screenshot');
    expect(shots.filter((e) => e.seq > load.seq).length).toBeGreaterThanOrEqual(1);
    for (const shot of shots) {
      expect(shot.event.category).toBe('screenshot');
      const png = String(dataOf(shot).png);
      expect(png).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(png.length).toBeLessThan(1024 * 1024);
      const bytes = Buffer.from(png, 'base64');
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(bytes.length).toBeLessThan(1024 * 1024);
    }
    // at most one per 2 s: stamps are taken when each capture starts
    for (let i = 1; i < shots.length; i++) {
      const gap = (shots[i]?.event.ts ?? 0) - (shots[i - 1]?.event.ts ?? 0);
      expect(gap, `screenshots ${i - 1} and ${i}`).toBeGreaterThanOrEqual(1_995_000);
    }
  });

  it('clicks and keys become interaction events; keys typed into a password field do not', async () => {
    const click = log
      .of('interaction_click', productsNav.seq)
      .find((e) => dataOf(e).selector === '#add-to-cart');
    expect(click?.event.category).toBe('interaction');
    expect(click?.event.source).toEqual({ kind: 'cdp', event: 'Runtime.bindingCalled' });
    expect(dataOf(click)).toMatchObject({
      selector: '#add-to-cart',
      tag: 'button',
      text: 'Add to cart',
      x: expect.any(Number),
      y: expect.any(Number),
      url: productsUrl,
      nav_seq: 1,
    });
    expectContext(click as Envelope);

    const before = log.mark;
    const accountUrl = `${site}account.html`;
    await page.goto(accountUrl);
    const nav = await log.next('page_navigation', before, (d) => d.url === accountUrl);
    expect(dataOf(nav).nav_seq).toBe(2);
    expect(dataOf(nav).loader_id).not.toBe(dataOf(productsNav).loader_id);

    const typing = log.mark;
    await page.locator('#email').pressSequentially('ada@x.io');
    await page.locator('#password').pressSequentially(PASSWORD);
    // A key after the password: once it is reported, so would have been any password key.
    await page.locator('#email').press('End');
    await log.next('interaction_key', typing, (d) => d.key === 'End');
    const keys = log.of('interaction_key', typing);
    expect(keys.map((e) => dataOf(e).key)).toEqual([...'ada@x.io', 'End']);
    for (const key of keys) {
      expect(dataOf(key)).toMatchObject({ selector: '#email', tag: 'input', nav_seq: 2 });
      expectContext(key);
    }
    expect(await page.inputValue('#password')).toBe(PASSWORD);
    expect(log.of(undefined, typing).filter((e) => dataOf(e).selector === '#password')).toEqual([]);
    expect(log.raw).not.toContain(PASSWORD);
    expect(log.raw).not.toContain('S3cret');
  });

  it('clipboard: written text pastes into the page, and a copy in the page is read back', async () => {
    const text = `Gate code 4521 – ${Date.now()}`;
    const write = await harness.call(`/browsers/${id}/computer/clipboard/write`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    expect(write.status).toBe(200);
    expect(await write.text()).toBe('');

    const before = log.mark;
    await page.focus('#notes');
    await page.keyboard.press('Control+V');
    const pasted = await log.next('console_log', before, (d) =>
      String(d.text).startsWith('pasted into notes:'),
    );
    expect(dataOf(pasted)).toMatchObject({
      level: 'info',
      text: 'pasted into notes:',
      args: ['pasted into notes:', text],
    });
    expect(await page.inputValue('#notes')).toContain(text);

    const read = async (): Promise<unknown> => {
      const response = await harness.call(`/browsers/${id}/computer/clipboard/read`, {
        method: 'POST',
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { text: unknown }).text;
    };
    expect(await read()).toBe(text);

    const copied = 'Copied by the page itself';
    await page.fill('#notes', copied);
    await page.focus('#notes');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    expect(await read()).toBe(copied);
  });

  it('a wheel scroll on the home page becomes interaction_scroll_settled', async () => {
    const before = log.mark;
    const homeUrl = `${site}index.html`;
    await page.goto(homeUrl);
    const nav = await log.next('page_navigation', before, (d) => d.url === homeUrl);
    expect(dataOf(nav).nav_seq).toBe(3);
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 500);
    const scrolled = await log.next('interaction_scroll_settled', before);
    expect(scrolled.event.category).toBe('interaction');
    expect(dataOf(scrolled)).toMatchObject({
      from_x: 0,
      from_y: 0,
      to_x: 0,
      target_selector: 'document',
      url: homeUrl,
      nav_seq: 3,
    });
    expect(dataOf(scrolled).to_y).toBeGreaterThan(0);
    expect(dataOf(scrolled).to_y).toBe(await page.evaluate(() => Math.round(window.scrollY)));
    expectContext(scrolled);
  });

  it('an event over 1 MB is sent with truncated: true and data: null', async () => {
    const before = log.mark;
    await page.evaluate(() => console.log(...Array.from({ length: 20 }, () => 'x'.repeat(60_000))));
    const big = await log.until('the oversized console_log', (l) =>
      l.of('console_log', before).find((e) => e.event.truncated === true),
    );
    expect(big.event).toMatchObject({
      type: 'console_log',
      category: 'console',
      source: { kind: 'cdp', event: 'Runtime.consoleAPICalled' },
      data: null,
      truncated: true,
    });
    expect(typeof big.event.ts).toBe('number');
  });

  it('a session capturing only console gets console events but no network/page/interaction', async () => {
    const other = harness.reference.getSession(consoleOnlyId);
    if (!other) throw new Error('console-only session not found');
    const otherLog = new EventLog(other);
    const browser = await connect(consoleOnlyId);
    const tab = firstPage(browser);
    await tab.goto(`${site}products.html`);
    const loadedAt = Date.now();
    await tab.click('#add-to-cart');
    await tab.mouse.wheel(0, 200);
    await otherLog.until('the products page console output', (l) =>
      l.of('console_log').find((e) => dataOf(e).text === 'products: all requests settled'),
    );
    await otherLog.until('the uncaught TypeError', (l) =>
      l.of('console_error').find((e) => String(dataOf(e).text).startsWith('Uncaught TypeError')),
    );
    // Past the moment page_layout_settled (1 s after load) and screenshots would have come.
    await sleep(Math.max(0, loadedAt + 1300 - Date.now()));
    const categories = new Set(otherLog.of(undefined).map((e) => e.event.category));
    expect(categories).toContain('console');
    for (const category of ['network', 'page', 'interaction', 'screenshot']) {
      expect(categories, category).not.toContain(category);
    }
    // Collector health (monitor) still flows whenever a CDP category is captured.
    expect(captures(other.flags, 'monitor')).toBe(true);
    expect(captures(other.flags, 'network')).toBe(false);
    await browser.close();
    const deleted = await harness.call(`/browsers/${consoleOnlyId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
  });

  let restartedPid: number | undefined;

  it('a browser crash is reported, the browser restarts, and new CDP clients work', async () => {
    const oldPid = session.browser?.pid;
    expect(oldPid).toEqual(expect.any(Number));
    let agentDisconnected = false;
    agent?.on('disconnected', () => (agentDisconnected = true));
    const before = log.mark;
    const response = await harness.call(`/browsers/${id}/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'crash_browser' }),
    });
    expect(response.status).toBe(200);
    const { pid } = (await response.json()) as { pid: number };
    expect(pid).toBe(oldPid);

    const reconnected = await log.next('monitor_reconnected', before);
    const crashed = log.of('service_crashed', before);
    const disconnected = log.of('monitor_disconnected', before);
    expect(crashed).toHaveLength(1);
    expect(disconnected).toHaveLength(1);
    expect(crashed[0]?.event).toMatchObject({
      category: 'system',
      source: { kind: 'local_process', event: 'supervisord' },
      data: { service_name: 'chromium', phase: 'running', pid },
    });
    expect(disconnected[0]?.event).toMatchObject({
      category: 'monitor',
      data: { reason: 'chrome_restarted' },
    });
    expect(reconnected.event.category).toBe('monitor');
    const duration = dataOf(reconnected).reconnect_duration_ms;
    expect(typeof duration).toBe('number');
    expect(duration).toBeGreaterThanOrEqual(0);
    expect(crashed[0]?.seq).toBeLessThan(disconnected[0]?.seq ?? 0);
    expect(disconnected[0]?.seq).toBeLessThan(reconnected.seq);

    const dropped = await log.next('cdp_disconnect', before);
    expect(dataOf(dropped).reason).toBe('upstream_changed');
    expect(dataOf(dropped).message_count).toBeGreaterThan(0);
    await log.until('Playwright noticing the disconnect', () => agentDisconnected);
    expect(() => process.kill(pid, 0)).toThrow();

    restartedPid = session.browser?.pid;
    expect(restartedPid).toEqual(expect.any(Number));
    expect(restartedPid).not.toBe(pid);
    const wire = (await (await harness.call(`/browsers/${id}`)).json()) as Record<string, unknown>;
    expect(wire.cdp_ws_url).toMatch(/^ws:\/\//);
    expect(wire).not.toHaveProperty('browser_unavailable_reason');

    const afterRestart = log.mark;
    agent = await connect(id);
    page = firstPage(agent);
    await log.next('cdp_connect', afterRestart);
    await page.goto(productsUrl);
    const nav = await log.next('page_navigation', afterRestart, (d) => d.url === productsUrl);
    expect(dataOf(nav).nav_seq).toBe(1);
    await log.next('page_load', nav.seq);
    await log.next('network_response', nav.seq, (d) => String(d.url).endsWith('/api/products'));

    const reader = await SseReader.open(
      `${harness.api}/browsers/${id}/logs/stream?source=supervisor&supervisor_process=chromium&follow=false`,
      { Authorization: `Bearer ${TEST_TOKEN}` },
    );
    try {
      const messages = (): string[] =>
        reader.json<{ message: string }>().map((frame) => frame.message);
      await reader.until(() => messages().some((m) => m.includes(`started (pid ${restartedPid})`)));
      const lines = messages().filter((m) => m.startsWith('[supervisor]'));
      expect(lines.some((m) => m.includes(`chromium started (pid ${pid})`))).toBe(true);
      expect(
        lines.some((m) =>
          m.includes(`chromium (pid ${pid}) exited unexpectedly (signal SIGKILL); restarting`),
        ),
      ).toBe(true);
    } finally {
      reader.close();
    }
  });

  it('every event so far is well formed: seq contiguous, ts in microseconds, contract categories', () => {
    const all = log.sync();
    expect(session.ring.oldestSeq).toBe(1);
    expect(all[0]?.seq).toBe(1);
    const now = Date.now() * 1000;
    for (let i = 0; i < all.length; i++) {
      const e = all[i] as Envelope;
      if (i > 0) expect(e.seq).toBe((all[i - 1]?.seq ?? 0) + 1);
      expect(Number.isInteger(e.event.ts)).toBe(true);
      expect(e.event.ts).toBeGreaterThan(now - 120_000_000);
      expect(e.event.ts).toBeLessThanOrEqual(now + 1_000_000);
      const expected = CONTRACT_CATEGORY[e.event.type];
      if (expected) expect(e.event.category, e.event.type).toBe(expected);
    }
    expect(log.raw).not.toContain(PASSWORD);
  });

  it('DELETE ends the session and kills its Chromium', async () => {
    const pid = restartedPid ?? session.browser?.pid;
    expect(pid).toEqual(expect.any(Number));
    expect(() => process.kill(pid as number, 0)).not.toThrow();
    const response = await harness.call(`/browsers/${id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(() => process.kill(pid as number, 0)).toThrow();
    expect((await harness.call(`/browsers/${id}`)).status).toBe(404);
  });
});
