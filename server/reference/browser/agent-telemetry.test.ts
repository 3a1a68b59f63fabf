import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TelemetryEnvelope } from '../../../src/types/api.ts';
import {
  createSession,
  startReference,
  type ReferenceHarness,
} from '../../testing/reference-harness.ts';
import type { Session } from '../session.ts';
import { findChromium } from './chromium-process.ts';

const lookup = findChromium();
if (lookup.path === undefined) {
  console.warn(`agent-telemetry.test.ts: real browser tests skipped: ${lookup.reason}`);
}

type Data = Record<string, unknown>;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const REPLY_TIMEOUT_MS = 8_000;

/** Never in any event: typed, evaluated or put in a URL by the agent. */
const SECRET = 'Hunter2-S3cret!pw';
const URL_SECRET = 'reset-T0ken-9f8e7d';

/** A bare CDP client over the session's `cdp_ws_url`, as an agent library is underneath. */
class RawCdp {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: Data) => void>();
  readonly sent: { id: number; method: string; sessionId?: string }[] = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (frame) => {
      const message = JSON.parse(String(frame)) as Data;
      const id = message.id;
      if (typeof id === 'number') this.pending.get(id)?.(message);
    });
  }

  static async open(url: string): Promise<RawCdp> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new RawCdp(ws);
  }

  /** Sends a command and resolves with its reply (result or error alike). */
  send(method: string, params: Data = {}, sessionId?: string): Promise<Data> {
    const id = this.nextId++;
    this.sent.push({ id, method, ...(sessionId ? { sessionId } : {}) });
    // a command the browser never answers fails here, by name, instead of as the test's timeout
    const reply = new Promise<Data>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} got no reply in ${REPLY_TIMEOUT_MS} ms`));
      }, REPLY_TIMEOUT_MS);
      this.pending.set(id, (message) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(message);
      });
    });
    this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return reply;
  }

  async result(method: string, params: Data = {}, sessionId?: string): Promise<Data> {
    const reply = await this.send(method, params, sessionId);
    if (reply.error) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
    return (reply.result ?? {}) as Data;
  }

  /**
   * Closes a tab and waits until the browser no longer lists it: `Target.closeTarget` answers
   * before the tab is gone, and a tab still listed but closing never answers input commands.
   */
  async closeTarget(targetId: string): Promise<void> {
    await this.result('Target.closeTarget', { targetId });
    const deadline = Date.now() + REPLY_TIMEOUT_MS;
    for (;;) {
      const { targetInfos } = (await this.result('Target.getTargets')) as {
        targetInfos: { targetId: string }[];
      };
      if (!targetInfos.some((target) => target.targetId === targetId)) return;
      if (Date.now() > deadline) throw new Error(`tab ${targetId} still listed after closing`);
      await sleep(50);
    }
  }

  /** Attaches to the session browser's first page; resolves with its target and session ids. */
  async attachToPage(): Promise<{ targetId: string; sessionId: string }> {
    const { targetInfos } = (await this.result('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string }[];
    };
    const page = targetInfos.find((target) => target.type === 'page');
    if (!page) throw new Error('the browser has no page');
    const { sessionId } = (await this.result('Target.attachToTarget', {
      targetId: page.targetId,
      flatten: true,
    })) as { sessionId: string };
    return { targetId: page.targetId, sessionId };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

/** Everything the session published, read from its ring in order. */
class EventLog {
  readonly events: TelemetryEnvelope[] = [];
  private cursor: number;

  constructor(private readonly session: Session) {
    this.cursor = session.ring.oldestSeq;
  }

  get mark(): number {
    this.sync();
    return this.session.ring.nextSeq;
  }

  sync(): TelemetryEnvelope[] {
    const { ring } = this.session;
    while (this.cursor < ring.nextSeq) {
      const { text, next } = ring.read(this.cursor);
      for (const frame of text.split('\n\n')) {
        const line = frame.split('\n').find((l) => l.startsWith('data: '));
        if (line) this.events.push(JSON.parse(line.slice(6)) as TelemetryEnvelope);
      }
      this.cursor = next;
    }
    return this.events;
  }

  of(type: string, from: number, match: (data: Data) => boolean = () => true): TelemetryEnvelope[] {
    return this.sync().filter(
      (e) => e.seq >= from && e.event.type === type && match(e.event.data ?? {}),
    );
  }

  async next(
    type: string,
    from: number,
    match: (data: Data) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<TelemetryEnvelope> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.of(type, from, match)[0];
      if (found) return found;
      if (Date.now() > deadline) {
        const tail = this.events.slice(-15).map((e) => `${e.seq} ${e.event.type}`);
        throw new Error(`timed out waiting for ${type} after ${from}; last: ${tail.join(', ')}`);
      }
      await sleep(50);
    }
  }
}

const dataOf = (envelope: TelemetryEnvelope | undefined): Data => envelope?.event.data ?? {};

describe.skipIf(!lookup.path)('agent telemetry of a session browser (real Chromium)', () => {
  let harness: ReferenceHarness;
  let id: string;
  let log: EventLog;
  let cdpUrl: string;
  let site: string;

  async function patch(body: unknown): Promise<Response> {
    return harness.call(`/browsers/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    harness = await startReference({ browser: true });
    site = (await harness.reference.demoSite()).url;
    id = await createSession(harness, { telemetry: { browser: { page: { enabled: true } } } });
    const session = harness.reference.getSession(id);
    if (!session) throw new Error('session not found');
    log = new EventLog(session);
    const wire = (await (await harness.call(`/browsers/${id}`)).json()) as { cdp_ws_url: string };
    cdpUrl = wire.cdp_ws_url;
  }, 30_000);

  afterAll(async () => {
    await harness?.close();
  }, 30_000);

  it('one cdp_command per browser-control command, with its ids and reduced arguments', async () => {
    const from = log.mark;
    const agent = await RawCdp.open(cdpUrl);
    const connect = await log.next('cdp_connect', from);
    const connectionId = dataOf(connect).connection_id;
    expect(connectionId).toEqual(expect.any(String));
    expect(connect.event).toMatchObject({ category: 'connection', source: { kind: 'kernel_api' } });

    const page = await agent.attachToPage();
    const target = `${site}?token=${URL_SECRET}`;
    await agent.result('Runtime.evaluate', { expression: `'${SECRET}'.length` }, page.sessionId);
    await agent.result('Page.navigate', { url: target }, page.sessionId);
    await log.next('page_navigation', from, (d) => d.url === target);
    await agent.result('Input.insertText', { text: SECRET }, page.sessionId);
    await agent.result('DOM.getDocument', {}, page.sessionId);
    await agent.result(
      'Input.dispatchKeyEvent',
      { type: 'keyDown', key: 'x', code: 'KeyX', text: 'x', windowsVirtualKeyCode: 88 },
      page.sessionId,
    );
    await agent.result('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter' }, page.sessionId);
    for (const type of ['mousePressed', 'mouseReleased'])
      await agent.result(
        'Input.dispatchMouseEvent',
        { type, x: 12, y: 34, button: 'left', clickCount: 1 },
        page.sessionId,
      );
    await agent.result('Page.captureScreenshot', { format: 'png' }, page.sessionId);
    const { targetId } = (await agent.result('Target.createTarget', { url: 'about:blank' })) as {
      targetId: string;
    };
    await agent.closeTarget(targetId);
    const last = agent.sent.find((s) => s.method === 'Target.closeTarget')?.id;
    await log.next('cdp_command', from, (d) => d.command_id === last);

    const commands = log.of('cdp_command', from);
    const recorded = agent.sent.filter(
      (s) =>
        ![
          'Target.getTargets',
          'Target.attachToTarget',
          'Runtime.evaluate',
          'DOM.getDocument',
        ].includes(s.method),
    );
    expect(commands.map((c) => dataOf(c).method)).toEqual(recorded.map((s) => s.method));
    commands.forEach((command, index) => {
      const sent = recorded[index];
      expect(command.event).toMatchObject({
        type: 'cdp_command',
        category: 'control',
        source: { kind: 'kernel_api' },
      });
      const data = dataOf(command);
      expect(data.command_id, sent?.method).toBe(sent?.id);
      expect(data.connection_id).toBe(connectionId);
      if (sent?.sessionId) expect(data.session_id).toBe(page.sessionId);
      else expect(data).not.toHaveProperty('session_id');
    });
    const byMethod = (method: string): Data[] =>
      commands.map(dataOf).filter((data) => data.method === method);
    expect(byMethod('Page.navigate')[0]).toMatchObject({
      url_scheme: 'http',
      url_host: '127.0.0.1',
      referrer_present: false,
    });
    expect(byMethod('Input.insertText')[0]).toMatchObject({ text_length: SECRET.length });
    const [typed, enter] = byMethod('Input.dispatchKeyEvent');
    expect(typed).toMatchObject({ event_type: 'keyDown', text_length: 1 });
    expect(typed).not.toHaveProperty('named_key');
    expect(enter).toMatchObject({ event_type: 'keyUp', named_key: 'Enter' });
    expect(byMethod('Input.dispatchMouseEvent')).toEqual([
      expect.objectContaining({
        event_type: 'mousePressed',
        x: 12,
        y: 34,
        button: 'left',
        click_count: 1,
      }),
      expect.objectContaining({ event_type: 'mouseReleased', x: 12, y: 34, button: 'left' }),
    ]);
    expect(byMethod('Page.captureScreenshot')[0]).toMatchObject({ format: 'png' });
    expect(byMethod('Target.createTarget')[0]).toMatchObject({ url_scheme: 'about' });
    expect(byMethod('Target.closeTarget')[0]).toMatchObject({ target_id: targetId });
    // No cdp_command holds the typed or evaluated text, nor the URL's query; no event at all holds
    // the text (the page category reports the page's own URL, as it does for any navigation).
    expect(JSON.stringify(commands)).not.toContain(URL_SECRET);
    expect(JSON.stringify(log.of('cdp_command', 0))).not.toContain('S3cret');
    expect(JSON.stringify(log.sync())).not.toContain('S3cret');

    await agent.close();
    const disconnect = await log.next('cdp_disconnect', from);
    expect(dataOf(disconnect)).toMatchObject({
      reason: 'client_close',
      connection_id: connectionId,
      telemetry_dropped: 0,
      telemetry_excluded: 0,
    });
    // every command and its reply, and the events the browser sent on its own
    expect(dataOf(disconnect).message_count).toBeGreaterThanOrEqual(agent.sent.length * 2);
    expect(disconnect.seq).toBeGreaterThan(commands.at(-1)?.seq ?? Infinity);
  });

  it('excluded_methods leaves methods out and cdp_disconnect counts them', async () => {
    const response = await patch({
      telemetry: {
        browser: { control: { cdp: { excluded_methods: ['Input.dispatchMouseEvent'] } } },
      },
    });
    expect(response.status).toBe(200);
    const wire = (await response.json()) as { telemetry: { browser: Record<string, Data> } };
    expect(wire.telemetry.browser.control).toEqual({
      enabled: true,
      cdp: { excluded_methods: ['Input.dispatchMouseEvent'] },
    });
    expect(wire.telemetry.browser.page).toEqual({ enabled: true });

    try {
      const from = log.mark;
      const agent = await RawCdp.open(cdpUrl);
      const page = await agent.attachToPage();
      for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
        await agent.result('Input.dispatchMouseEvent', { type, x: 1, y: 1 }, page.sessionId);
      await agent.result('Input.insertText', { text: 'ok' }, page.sessionId);
      await agent.close();
      const disconnect = await log.next('cdp_disconnect', from);
      const connectionId = dataOf(disconnect).connection_id;
      expect(dataOf(disconnect)).toMatchObject({ telemetry_dropped: 0, telemetry_excluded: 3 });
      expect(log.of('cdp_command', from).map((c) => dataOf(c))).toEqual([
        expect.objectContaining({ method: 'Input.insertText', connection_id: connectionId }),
      ]);
      expect(dataOf(await log.next('cdp_connect', from))).toEqual({ connection_id: connectionId });

      // a later update that only sets enabled keeps the list; an empty list clears it
      const kept = (await (
        await patch({ telemetry: { browser: { control: { enabled: true } } } })
      ).json()) as {
        telemetry: { browser: Record<string, Data> };
      };
      expect(kept.telemetry.browser.control?.cdp).toEqual({
        excluded_methods: ['Input.dispatchMouseEvent'],
      });
      const cleared = (await (
        await patch({ telemetry: { browser: { control: { cdp: { excluded_methods: [] } } } } })
      ).json()) as { telemetry: { browser: Record<string, Data> } };
      expect(cleared.telemetry.browser.control).toEqual({ enabled: true });
    } finally {
      // a failure here must not leave the list in place for the tests after it
      await patch({ telemetry: { browser: { control: { cdp: { excluded_methods: [] } } } } });
    }
  });

  it('without the control category: connections are reported, commands are not', async () => {
    expect((await patch({ telemetry: { browser: { control: { enabled: false } } } })).status).toBe(
      200,
    );
    try {
      const from = log.mark;
      const agent = await RawCdp.open(cdpUrl);
      const page = await agent.attachToPage();
      await agent.result('Input.insertText', { text: 'x' }, page.sessionId);
      await agent.close();
      const disconnect = await log.next('cdp_disconnect', from);
      expect(dataOf(disconnect)).toMatchObject({ telemetry_dropped: 0, telemetry_excluded: 0 });
      expect(log.of('cdp_command', from)).toEqual([]);
    } finally {
      await patch({ telemetry: { browser: { control: { enabled: true } } } });
    }
  });

  it('a Playwright connection: its navigations and clicks are commands, its library traffic is not', async () => {
    const from = log.mark;
    const pw = await chromium.connectOverCDP(cdpUrl);
    try {
      const page = pw.contexts()[0]?.pages()[0];
      if (!page) throw new Error('no page');
      await page.goto(site);
      await page.mouse.click(20, 20);
      await page.keyboard.type('ab');
      expect(await page.evaluate(() => document.title)).toEqual(expect.any(String));
    } finally {
      await pw.close();
    }
    const disconnect = await log.next('cdp_disconnect', from);
    const connectionId = dataOf(disconnect).connection_id;
    const commands = log
      .of('cdp_command', from, (d) => d.connection_id === connectionId)
      .map((c) => String(dataOf(c).method));
    expect(commands).toContain('Page.navigate');
    expect(commands).toContain('Input.dispatchMouseEvent');
    expect(commands.filter((m) => m === 'Input.dispatchKeyEvent').length).toBeGreaterThanOrEqual(4);
    expect(commands.filter((m) => /^(Runtime|Network|Emulation)\./.test(m))).toEqual([]);
    // far fewer events than messages: the library's own traffic stays out of the timeline
    expect(commands.length * 3).toBeLessThan(Number(dataOf(disconnect).message_count));
  });

  it('page_crashed when a page’s renderer crashes, once per crash', async () => {
    const from = log.mark;
    const agent = await RawCdp.open(cdpUrl);
    try {
      const page = await agent.attachToPage();
      await agent.send('Page.navigate', { url: 'chrome://crash' }, page.sessionId);
      const crashed = await log.next('page_crashed', from);
      expect(crashed.event).toMatchObject({
        category: 'page',
        source: { kind: 'cdp', metadata: { target_id: page.targetId } },
      });
      expect(['Inspector.targetCrashed', 'Target.targetCrashed']).toContain(
        crashed.event.source.event,
      );
      expect(dataOf(crashed)).toEqual({
        target_id: page.targetId,
        target_type: 'page',
        url: expect.stringMatching(/^(http|about|chrome)/),
      });
      const navigate = log.of('cdp_command', from, (d) => d.method === 'Page.navigate');
      expect(dataOf(navigate[0])).toMatchObject({ url_scheme: 'chrome', url_host: 'crash' });
      await sleep(500);
      expect(log.of('page_crashed', from)).toHaveLength(1);

      // the tab runs again, and a new crash is reported again
      const again = log.mark;
      await agent.result('Page.navigate', { url: site }, page.sessionId);
      await log.next('page_load', again, (d) => d.url === site);
      await agent.send('Page.navigate', { url: 'chrome://crash' }, page.sessionId);
      expect(dataOf(await log.next('page_crashed', again))).toMatchObject({
        target_id: page.targetId,
        url: site,
      });
      await agent.result('Page.navigate', { url: 'about:blank' }, page.sessionId);
    } finally {
      await agent.close();
    }
    // the browser itself lived on
    expect(log.of('service_crashed', from)).toEqual([]);
  });
});
