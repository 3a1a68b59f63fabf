import { chromium } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { findChromium, launchChromium, type LaunchedChromium } from './chromium-process.ts';
import { CdpProxy, type CdpProxyEvents } from './cdp-proxy.ts';

type Disconnected = Parameters<CdpProxyEvents['disconnected']>[0];

class Recorder implements CdpProxyEvents {
  readonly connects: string[] = [];
  readonly disconnects: Disconnected[] = [];
  /** Every `command` report, in order, with what had happened before it. */
  readonly commands: { connectionId: string; text: string; after: string }[] = [];
  connected(info: { connectionId: string }): void {
    this.connects.push(info.connectionId);
  }
  command(info: { connectionId: string; frame: WebSocket.RawData }): void {
    this.commands.push({
      connectionId: info.connectionId,
      text: String(info.frame),
      after: `${this.connects.length} connects, ${this.disconnects.length} disconnects`,
    });
  }
  disconnected(info: Disconnected): void {
    this.disconnects.push(info);
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function portOf(server: http.Server | WebSocketServer): number {
  return (server.address() as AddressInfo).port;
}

/** A DevTools stand-in that echoes every message back; `delayMs` holds each handshake. */
async function startEchoUpstream(delayMs = 0): Promise<WebSocketServer> {
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (_info, done) => setTimeout(() => done(true), delayMs),
  });
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
  });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  return wss;
}

/** An HTTP server whose upgrades all go through `proxy` to whatever `upstream()` names. */
async function startFront(
  proxy: CdpProxy,
  upstream: () => string | undefined,
): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => proxy.handleUpgrade(req, socket, head, upstream()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

interface Received {
  text: string;
  isBinary: boolean;
}

/** Opens an agent connection and records what it receives and how it closes. */
function openClient(url: string): {
  ws: WebSocket;
  received: Received[];
  closed: Promise<{ code: number; reason: string }>;
} {
  const ws = new WebSocket(url);
  const received: Received[] = [];
  ws.on('message', (data, isBinary) =>
    received.push({ text: isBinary ? (data as Buffer).toString('hex') : String(data), isBinary }),
  );
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { ws, received, closed };
}

describe('CdpProxy', () => {
  let events: Recorder;
  let proxy: CdpProxy;
  let upstream: WebSocketServer | undefined;
  let front: http.Server | undefined;
  const clients: WebSocket[] = [];

  async function setup(options: { delayMs?: number; upstreamUrl?: () => string | undefined }) {
    events = new Recorder();
    proxy = new CdpProxy(events);
    upstream = await startEchoUpstream(options.delayMs ?? 0);
    const echoUrl = `ws://127.0.0.1:${portOf(upstream)}/devtools/browser/test`;
    front = await startFront(proxy, options.upstreamUrl ?? (() => echoUrl));
    return `ws://127.0.0.1:${portOf(front)}/cdp`;
  }

  function client(url: string): ReturnType<typeof openClient> {
    const opened = openClient(url);
    clients.push(opened.ws);
    return opened;
  }

  afterEach(async () => {
    for (const ws of clients.splice(0)) ws.terminate();
    proxy.closeAll();
    if (upstream) {
      for (const socket of upstream.clients) socket.terminate();
      await new Promise<void>((resolve) => upstream?.close(() => resolve()));
      upstream = undefined;
    }
    if (front) {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front?.close(() => resolve()));
      front = undefined;
    }
  });

  it('forwards messages in order, including ones sent before the upstream is open', async () => {
    const url = await setup({ delayMs: 100 });
    const { ws, received, closed } = client(url);
    const sent = Array.from({ length: 20 }, (_, i) => JSON.stringify({ id: i, method: 'X' }));
    ws.on('open', () => {
      for (const message of sent) ws.send(message);
    });
    await waitFor(() => received.length === sent.length);
    expect(received).toEqual(sent.map((text) => ({ text, isBinary: false })));
    expect(events.connects).toHaveLength(1);
    expect(proxy.size).toBe(1);

    ws.close();
    await closed;
    await waitFor(() => events.disconnects.length === 1);
    expect(events.disconnects[0]).toMatchObject({
      connectionId: events.connects[0],
      messageCount: 40,
      reason: 'client_close',
    });
    expect(Number.isInteger(events.disconnects[0]?.durationMs)).toBe(true);
    expect(proxy.size).toBe(0);
    await waitFor(() => upstream?.clients.size === 0);
  });

  it('reports each text frame sent to the browser as a command, in order, after connected', async () => {
    const url = await setup({ delayMs: 100 });
    const first = client(url);
    const sent = Array.from({ length: 5 }, (_, i) => JSON.stringify({ id: i, method: 'X.y' }));
    first.ws.on('open', () => {
      for (const message of sent) first.ws.send(message);
      first.ws.send(Buffer.from([1, 2, 3]));
    });
    await waitFor(() => first.received.length === 6);
    expect(events.commands.map((c) => c.text)).toEqual(sent);
    expect(new Set(events.commands.map((c) => c.connectionId))).toEqual(new Set(events.connects));
    expect(events.commands.every((c) => c.after === '1 connects, 0 disconnects')).toBe(true);
    // the browser's own messages (here the echoes) are not commands
    const second = client(url);
    second.ws.on('open', () => second.ws.send('{"id":1,"method":"A.b"}'));
    await waitFor(() => second.received.length === 1);
    expect(events.commands).toHaveLength(6);
    expect(events.commands[5]?.connectionId).toBe(events.connects[1]);
    expect(events.connects[1]).not.toBe(events.connects[0]);
  });

  it('keeps binary frames binary and text frames text', async () => {
    const url = await setup({});
    const { ws, received } = client(url);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(Buffer.from([0, 1, 2, 255]));
    ws.send('text');
    await waitFor(() => received.length === 2);
    expect(received).toEqual([
      { text: '000102ff', isBinary: true },
      { text: 'text', isBinary: false },
    ]);
  });

  it('reports upstream_error and closes the agent with 1011 when the browser hangs up', async () => {
    const url = await setup({});
    const { ws, received, closed } = client(url);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send('ping');
    await waitFor(() => received.length === 1 && events.connects.length === 1);
    for (const socket of upstream?.clients ?? []) socket.close(1000);
    expect((await closed).code).toBe(1011);
    await waitFor(() => events.disconnects.length === 1);
    expect(events.disconnects[0]).toMatchObject({ messageCount: 2, reason: 'upstream_error' });
    expect(proxy.size).toBe(0);
  });

  it('reports upstream_changed when the browser changes', async () => {
    const url = await setup({});
    const { ws, closed } = client(url);
    await new Promise((resolve) => ws.once('open', resolve));
    await waitFor(() => events.connects.length === 1);
    proxy.upstreamChanged();
    expect((await closed).code).toBe(1012);
    expect(events.disconnects).toEqual([
      expect.objectContaining({ messageCount: 0, reason: 'upstream_changed' }),
    ]);
    await waitFor(() => upstream?.clients.size === 0);
  });

  it('reports context_cancelled with close code 1001 when the session ends', async () => {
    const url = await setup({});
    const first = client(url);
    const second = client(url);
    await waitFor(() => events.connects.length === 2);
    expect(proxy.size).toBe(2);
    proxy.closeAll();
    expect((await first.closed).code).toBe(1001);
    expect((await second.closed).code).toBe(1001);
    expect(events.disconnects.map((d) => d.reason)).toEqual([
      'context_cancelled',
      'context_cancelled',
    ]);
    expect(new Set(events.disconnects.map((d) => d.connectionId))).toEqual(
      new Set(events.connects),
    );
    expect(proxy.size).toBe(0);
  });

  it('reports exactly one disconnect when several endings race', async () => {
    const url = await setup({});
    const { ws, closed } = client(url);
    await waitFor(() => events.connects.length === 1);
    ws.close();
    proxy.upstreamChanged();
    proxy.closeAll();
    for (const socket of upstream?.clients ?? []) socket.terminate();
    await closed;
    await sleep(100);
    expect(events.disconnects).toHaveLength(1);
    expect(events.disconnects[0]?.reason).toBe('upstream_changed');
  });

  it('answers 503 when no browser is running', async () => {
    const url = await setup({ upstreamUrl: () => undefined });
    const ws = new WebSocket(url);
    ws.on('error', () => {});
    clients.push(ws);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      ws.once('unexpected-response', (_req, res) => resolve(res));
      ws.once('open', () => reject(new Error('connection should have been refused')));
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect(body).toMatch(/no browser/);
    expect(proxy.size).toBe(0);
    expect(events.connects).toEqual([]);
  });

  it('closes the agent with 1011 and reports nothing when the upstream refuses', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = http.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const port = portOf(probe);
        probe.close(() => resolve(port));
      });
    });
    const url = await setup({
      upstreamUrl: () => `ws://127.0.0.1:${closedPort}/devtools/browser/gone`,
    });
    const { ws, closed } = client(url);
    ws.on('open', () => ws.send('{"id":1,"method":"Browser.getVersion"}'));
    const { code, reason } = await closed;
    expect(code).toBe(1011);
    expect(reason).not.toContain(String(closedPort));
    expect(events.connects).toEqual([]);
    expect(events.disconnects).toEqual([]);
    expect(proxy.size).toBe(0);
  });
});

const found = findChromium();
const chromiumPath = found.path;
if (found.path === undefined) {
  console.warn(`cdp-proxy.test.ts: skipping the real-browser test: ${found.reason}`);
}

describe.skipIf(!chromiumPath)('CdpProxy with a real Chromium', () => {
  let tmp: string;
  let browser: LaunchedChromium | undefined;
  let front: http.Server | undefined;
  const events = new Recorder();
  const proxy = new CdpProxy(events);

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'cdp-proxy-test-'));
    browser = await launchChromium({
      executable: chromiumPath ?? '',
      env: found.path === undefined ? {} : found.env,
      profileDir: path.join(tmp, 'profile'),
      logFile: path.join(tmp, 'chromium.log'),
    });
    const wsUrl = browser.wsUrl;
    front = await startFront(proxy, () => wsUrl);
  }, 20_000);

  afterAll(async () => {
    proxy.closeAll();
    if (front) {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front?.close(() => resolve()));
    }
    const child = browser?.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('carries a Playwright connectOverCDP session', async () => {
    const pw = await chromium.connectOverCDP(`ws://127.0.0.1:${portOf(front!)}/anything`);
    try {
      const context = pw.contexts()[0];
      expect(context).toBeDefined();
      const page = await context!.newPage();
      await page.goto('about:blank');
      expect(await page.evaluate('1 + 1')).toBe(2);
      expect(events.connects).toHaveLength(1);
    } finally {
      await pw.close();
    }
    await waitFor(() => events.disconnects.length === 1);
    expect(events.disconnects[0]?.reason).toBe('client_close');
    expect(events.disconnects[0]?.connectionId).toBe(events.connects[0]);
    expect(events.disconnects[0]?.messageCount).toBeGreaterThan(10);
    expect(proxy.size).toBe(0);
  });
});
