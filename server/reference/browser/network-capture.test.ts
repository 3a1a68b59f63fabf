import { chromium, type Browser, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSession,
  startReference,
  type ReferenceHarness,
} from '../../testing/reference-harness.ts';
import { dataOf, EventLog, type Envelope } from '../../testing/event-log.ts';
import { findChromium } from './chromium-process.ts';

const lookup = findChromium();
if (lookup.path === undefined) {
  console.warn(`network-capture.test.ts: real browser tests skipped: ${lookup.reason}`);
}

const SERVICE_WORKER = `
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname === '/sw-answer')
    event.respondWith(new Response('from the worker', { headers: { 'content-type': 'text/plain' } }));
});`;

/**
 * A site for every way a request can end: a body never read, a body that does not come until
 * the test releases it, a slow answer to abort, a redirect, a cacheable answer, a download, a
 * service worker and a WebSocket. Its page sets a cookie that later requests carry.
 */
function startSite(): { server: Server; release: () => void; close: () => void } {
  const held: ServerResponse[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string, headers = {}): void => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    switch (req.url) {
      case '/':
        return send(200, 'text/html', '<title>capture</title>', {
          'set-cookie': 'sid=s3cr3t-session; Path=/',
        });
      case '/missing':
        return send(404, 'application/json', '{"error":"no such thing"}');
      case '/hold':
        // the headers go out now; the body only when the test releases it
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first part ');
        held.push(res);
        return;
      case '/slow':
        setTimeout(() => !res.destroyed && send(200, 'text/plain', 'too late'), 5000);
        return;
      case '/redirect':
        return send(302, 'text/plain', '', { location: '/target' });
      case '/target':
        return send(200, 'text/plain', 'arrived');
      case '/cached':
        return send(200, 'text/plain', 'kept', { 'cache-control': 'max-age=600' });
      case '/download':
        return send(200, 'application/octet-stream', 'bytes', {
          'content-disposition': 'attachment; filename=report.bin',
        });
      case '/sw.js':
        return send(200, 'text/javascript', SERVICE_WORKER);
      default:
        return send(404, 'text/plain', 'not found');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket) => {
    const key = String(req.headers['sec-websocket-key']);
    const accept = createHash('sha1')
      .update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    // a close frame soon after: the connection ends from the server's side
    setTimeout(() => socket.end(Buffer.from([0x88, 0x00])), 200);
  });
  return {
    server,
    release: () => {
      for (const res of held.splice(0)) res.end('and the rest');
    },
    // upgraded sockets are no longer the HTTP server's to close
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

function hasSetCookie(headers: unknown): boolean {
  return typeof headers === 'object' && headers !== null && 'set-cookie' in headers;
}

describe.skipIf(!lookup.path)('network capture (real Chromium)', () => {
  let harness: ReferenceHarness;
  let site: ReturnType<typeof startSite>;
  let origin: string;
  let log: EventLog;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    harness = await startReference({ browser: true });
    site = startSite();
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
    const id = await createSession(harness, {
      telemetry: { browser: { network: { enabled: true } } },
    });
    const session = harness.reference.getSession(id);
    if (!session) throw new Error('session not found');
    log = new EventLog(session);
    const response = await harness.call(`/browsers/${id}`);
    const { cdp_ws_url } = (await response.json()) as { cdp_ws_url: string };
    browser = await chromium.connectOverCDP(cdp_ws_url);
    const tab = browser.contexts()[0]?.pages()[0];
    if (!tab) throw new Error('the session browser has no tab');
    page = tab;
    await page.goto(`${origin}/`);
  }, 30_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await harness?.close();
    site?.close();
    site?.server.closeAllConnections();
    await new Promise<void>((resolve) => (site ? site.server.close(() => resolve()) : resolve()));
  }, 30_000);

  /** The request event for `path` sent after `from`, and the events of the same request id. */
  async function exchange(from: number, path: string, until: string): Promise<Envelope[]> {
    const request = await log.next('network_request', from, (d) => d.url === `${origin}${path}`);
    const id = dataOf(request).request_id;
    await log.next(until, from, (d) => d.request_id === id);
    return log.of(undefined, from).filter((e) => dataOf(e).request_id === id);
  }

  const types = (events: Envelope[]): string[] => events.map((e) => e.event.type);

  it('a fetch whose body is never read is recorded with its status, headers and timing', async () => {
    const from = log.mark;
    expect(await page.evaluate(() => fetch('/missing').then((r) => r.status))).toBe(404);
    const events = await exchange(from, '/missing', 'network_response');
    const response = events.find((e) => e.event.type === 'network_response');
    expect(response?.event.source).toEqual({ kind: 'cdp', event: 'Network.responseReceived' });
    expect(dataOf(response)).toMatchObject({
      status: 404,
      status_text: 'Not Found',
      mime_type: 'application/json',
      resource_type: 'Fetch',
      cdp_timestamp: expect.any(Number),
      timing: {
        requestTime: expect.any(Number),
        sendStart: expect.any(Number),
        sendEnd: expect.any(Number),
        receiveHeadersEnd: expect.any(Number),
      },
    });
    const timing = dataOf(response).timing as Record<string, number>;
    expect(timing.receiveHeadersEnd).toBeGreaterThanOrEqual(timing.sendEnd as number);
  });

  it('a response is recorded when its headers arrive, and its body only when it comes', async () => {
    const from = log.mark;
    const status = await page.evaluate(() => {
      // keep the response, so the page could still read it
      return fetch('/hold').then((r) => {
        (window as unknown as { held: Response }).held = r;
        return r.status;
      });
    });
    expect(status).toBe(200);
    const events = await exchange(from, '/hold', 'network_response');
    expect(types(events)).toEqual(['network_request', 'network_response']);
    const id = dataOf(events[0]).request_id;
    site.release();
    const finished = await log.next('network_loading_finished', from, (d) => d.request_id === id);
    expect(dataOf(finished).body).toBe('first part and the rest');
    expect(dataOf(finished).encoded_data_length).toBeGreaterThan(0);
  });

  it('an aborted fetch ends as failed and canceled', async () => {
    const from = log.mark;
    const outcome = await page.evaluate(() => {
      const controller = new AbortController();
      const done = fetch('/slow', { signal: controller.signal }).then(
        () => 'answered',
        (error: Error) => error.name,
      );
      setTimeout(() => controller.abort(), 200);
      return done;
    });
    expect(outcome).toBe('AbortError');
    const events = await exchange(from, '/slow', 'network_loading_failed');
    expect(types(events)).toEqual(['network_request', 'network_loading_failed']);
    expect(dataOf(events[1])).toMatchObject({ error_text: 'net::ERR_ABORTED', canceled: true });
  });

  it('a redirect reports both hops: the 302 with its own status, then the final response', async () => {
    const from = log.mark;
    expect(await page.evaluate(() => fetch('/redirect').then((r) => r.text()))).toBe('arrived');
    const first = await log.next('network_request', from, (d) => d.url === `${origin}/redirect`);
    const id = dataOf(first).request_id;
    await log.next('network_loading_finished', from, (d) => d.request_id === id);
    const events = log.of(undefined, from).filter((e) => dataOf(e).request_id === id);
    expect(types(events)).toEqual([
      'network_request',
      'network_request',
      'network_response',
      'network_loading_finished',
    ]);
    expect(dataOf(events[1])).toMatchObject({
      url: `${origin}/target`,
      is_redirect: true,
      redirect_url: `${origin}/redirect`,
      redirect_response: { status: 302, timing: { requestTime: expect.any(Number) } },
    });
    expect(dataOf(events[2])).toMatchObject({ url: `${origin}/target`, status: 200 });
    expect(dataOf(events[3]).body).toBe('arrived');
  });

  it('captures the Cookie a request really carried, and the Set-Cookie of a response', async () => {
    // the raw response headers come in the response's `headers` when the network stack reported
    // them first, else in `response_headers` of the event that ended the load
    const document = log.of('network_request', 0).find((e) => dataOf(e).url === `${origin}/`);
    const received = log
      .of(undefined, 0)
      .filter((e) => dataOf(e).request_id === dataOf(document).request_id)
      .flatMap((e) => [dataOf(e).headers, dataOf(e).response_headers])
      .filter(hasSetCookie);
    expect(received).toEqual([
      expect.objectContaining({ 'set-cookie': 'sid=s3cr3t-session; Path=/' }),
    ]);
    const from = log.mark;
    await page.evaluate(() => fetch('/target').then((r) => r.text()));
    const events = await exchange(from, '/target', 'network_loading_finished');
    // what the page set (no Cookie) on the request; what was sent once the browser reports it
    expect(dataOf(events[0]).headers).not.toHaveProperty('Cookie');
    const sent = events.map((e) => dataOf(e).request_headers).find((h) => h !== undefined);
    expect(sent).toMatchObject({ Cookie: 'sid=s3cr3t-session', Host: new URL(origin).host });
    expect(events.filter((e) => dataOf(e).request_headers !== undefined)).toHaveLength(1);
  });

  it('a second fetch of a cacheable answer is served from the disk cache', async () => {
    const from = log.mark;
    await page.evaluate(() => fetch('/cached').then((r) => r.text()));
    await page.evaluate(() => fetch('/cached').then((r) => r.text()));
    await log.until('two finished loads of /cached', (l) =>
      l.of('network_loading_finished', from).filter((e) => dataOf(e).url === `${origin}/cached`)
        .length === 2
        ? true
        : undefined,
    );
    const responses = log
      .of('network_response', from)
      .filter((e) => dataOf(e).url === `${origin}/cached`);
    expect(responses.map((e) => dataOf(e).from_disk_cache)).toEqual([undefined, true]);
    expect(responses.map((e) => dataOf(e).status)).toEqual([200, 200]);
  });

  it('a download is answered (200) and then canceled as a page load', async () => {
    const from = log.mark;
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/download';
      document.body.append(link);
      link.click();
    });
    const events = await exchange(from, '/download', 'network_loading_failed');
    expect(types(events)).toEqual([
      'network_request',
      'network_response',
      'network_loading_failed',
    ]);
    expect(dataOf(events[1])).toMatchObject({ status: 200, resource_type: 'Document' });
    expect(dataOf(events[2])).toMatchObject({ canceled: true });
  });

  it('a response from a service worker is flagged and finishes with its body', async () => {
    const text = await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      return fetch('/sw-answer').then((r) => r.text());
    });
    expect(text).toBe('from the worker');
    const from = 0;
    const events = await exchange(from, '/sw-answer', 'network_loading_finished');
    expect(dataOf(events.find((e) => e.event.type === 'network_response'))).toMatchObject({
      status: 200,
      from_service_worker: true,
    });
    expect(dataOf(events.at(-1)).body).toBe('from the worker');
  });

  it('a WebSocket is a request, a 101 response with the cookie sent, and a finished load on close', async () => {
    const from = log.mark;
    const closed = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(`ws://${location.host}/live`);
          socket.onclose = () => resolve('closed');
        }),
    );
    expect(closed).toBe('closed');
    const request = await log.next('network_request', from, (d) => d.resource_type === 'WebSocket');
    const id = dataOf(request).request_id;
    await log.next('network_loading_finished', from, (d) => d.request_id === id);
    const events = log.of(undefined, from).filter((e) => dataOf(e).request_id === id);
    expect(types(events)).toEqual([
      'network_request',
      'network_response',
      'network_loading_finished',
    ]);
    expect(dataOf(events[0])).toMatchObject({
      url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/live$/),
      headers: expect.objectContaining({ Cookie: 'sid=s3cr3t-session' }),
    });
    expect(dataOf(events[1])).toMatchObject({ status: 101, resource_type: 'WebSocket' });
  });
});
