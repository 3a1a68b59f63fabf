import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FromRelay, ToRelay } from '../../src/types/stream-relay.ts';
import { createGateway } from './gateway.ts';
import { createHostPolicy } from './host-policy.ts';
import { createStreamRelay, type StreamRelay, type StreamRelayOptions } from './stream-relay.ts';
import { serveUpgrades } from './upgrades.ts';
import { createUpstreamProxy } from './upstream-proxy.ts';
import { closeServer, listen, waitFor, type UpstreamHandler } from './test-helpers.ts';

/**
 * The stream relay through the real gateway and a fake upstream: a page's event streams share one
 * WebSocket, each gets its own bytes, only the event streams can be opened, and the page's credit
 * holds the server back.
 */

interface Rig {
  port: number;
  /** Every request the fake upstream received, in order. */
  upstreamRequests: { url: string; headers: IncomingHttpHeaders; closed: boolean }[];
  /** Headers of every /api request the gateway received (the relay's own requests included). */
  apiHeaders: IncomingHttpHeaders[];
  setUpstream(handler: UpstreamHandler): void;
  close(): Promise<void>;
}

let rig: Rig | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await rig?.close();
  rig = undefined;
});

async function start(relayOptions: Partial<StreamRelayOptions> = {}): Promise<Rig> {
  const upstreamRequests: Rig['upstreamRequests'] = [];
  const apiHeaders: IncomingHttpHeaders[] = [];
  let handler: UpstreamHandler = (_req, res) => res.end('ok');
  const upstream = await listen((req, res) => {
    const seen = { url: req.url ?? '', headers: req.headers, closed: false };
    upstreamRequests.push(seen);
    req.on('close', () => (seen.closed = true));
    res.on('close', () => (seen.closed = true));
    handler(req, res);
  });
  const proxy = createUpstreamProxy({
    baseUrl: `http://127.0.0.1:${upstream.port}`,
    maxBodyBytes: 64 * 1024,
  });
  const hosts = createHostPolicy();
  const listener = createGateway({
    staticRoot: path.join(tmpdir(), 'session-console-no-dist'),
    api: (req, res, apiPath) => {
      apiHeaders.push(req.headers);
      proxy(req, res, apiPath);
    },
    hosts,
  });
  const server: Server = createServer(listener);
  const relay: StreamRelay = createStreamRelay(relayOptions);
  const closeUpgraded = serveUpgrades(server, { listener, hosts, relay: relay.handleUpgrade });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rig = {
    port: (server.address() as AddressInfo).port,
    upstreamRequests,
    apiHeaders,
    setUpstream: (next) => {
      handler = next;
    },
    close: async () => {
      relay.close();
      await Promise.all([closeServer(server), closeUpgraded()]);
      await closeServer(upstream.server);
    },
  };
  return rig;
}

interface Chunk {
  id: number;
  bytes: Buffer;
}

/** A page's side of the relay: what it sent and everything the server answered, in order. */
interface Page {
  socket: WebSocket;
  messages: FromRelay[];
  chunks: Chunk[];
  /** `head:1`, `bytes:1`, `end:1`…: every message's kind and stream, in the order they came. */
  order: string[];
  send(message: ToRelay): void;
  bodyOf(id: number): string;
  headOf(id: number): Extract<FromRelay, { t: 'head' }> | undefined;
  endOf(id: number): Extract<FromRelay, { t: 'end' }> | undefined;
}

function connectPage(port: number, origin = `http://127.0.0.1:${port}`): Promise<Page> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/_streams`, { origin });
  sockets.push(socket);
  const messages: FromRelay[] = [];
  const chunks: Chunk[] = [];
  const order: string[] = [];
  socket.on('message', (data: Buffer, isBinary) => {
    if (isBinary) {
      const chunk = { id: data.readUInt32BE(0), bytes: data.subarray(4) };
      chunks.push(chunk);
      order.push(`bytes:${chunk.id}`);
      return;
    }
    const message = JSON.parse(data.toString()) as FromRelay;
    messages.push(message);
    order.push(`${message.t}:${message.id}`);
  });
  const page: Page = {
    socket,
    messages,
    chunks,
    order,
    send: (message) => socket.send(JSON.stringify(message)),
    bodyOf: (id) =>
      Buffer.concat(
        chunks.filter((chunk) => chunk.id === id).map((chunk) => chunk.bytes),
      ).toString(),
    headOf: (id) =>
      messages.find((m): m is Extract<FromRelay, { t: 'head' }> => m.t === 'head' && m.id === id),
    endOf: (id) =>
      messages.find((m): m is Extract<FromRelay, { t: 'end' }> => m.t === 'end' && m.id === id),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(page));
    socket.once('error', reject);
  });
}

function open(page: Page, id: number, streamPath: string, headers: Record<string, string> = {}) {
  page.send({ t: 'open', id, path: streamPath, headers, credit: 1_048_576 });
}

function sse(): UpstreamHandler {
  return (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    let frame = 0;
    const next = (): void => {
      frame += 1;
      res.write(`id: ${frame}\ndata: ${req.url} #${frame}\n\n`);
      if (frame === 3) res.end();
      else setTimeout(next, 5);
    };
    next();
  };
}

const expectedBody = (url: string): string =>
  [1, 2, 3].map((frame) => `id: ${frame}\ndata: ${url} #${frame}\n\n`).join('');

describe('stream relay: many streams over one WebSocket', () => {
  it('gives twelve streams each their own head and bytes, and ends each complete', async () => {
    const { port, setUpstream } = await start();
    setUpstream(sse());
    const page = await connectPage(port);
    const paths = Array.from(
      { length: 12 },
      (_, i) => `/browsers/s${i}/${i % 2 === 0 ? 'logs' : 'telemetry'}/stream?since=${i}`,
    );
    paths.forEach((streamPath, i) => open(page, i + 1, streamPath));
    await waitFor(() => paths.every((_, i) => page.endOf(i + 1) !== undefined), 'twelve ends');
    paths.forEach((streamPath, i) => {
      const id = i + 1;
      const head = page.headOf(id);
      expect(head?.status, streamPath).toBe(200);
      const type = head?.headers.find(([name]) => name.toLowerCase() === 'content-type');
      expect(type?.[1]).toMatch(/^text\/event-stream/);
      expect(page.bodyOf(id), streamPath).toBe(expectedBody(streamPath));
      expect(page.endOf(id)).toEqual({ t: 'end', id, complete: true });
      // the head comes before the stream's bytes, the end after them
      expect(page.order.indexOf(`head:${id}`)).toBeLessThan(page.order.indexOf(`bytes:${id}`));
      expect(page.order.lastIndexOf(`bytes:${id}`)).toBeLessThan(page.order.indexOf(`end:${id}`));
    });
  });

  it('passes Authorization and Last-Event-ID on, and no other header of the page', async () => {
    const h = await start();
    h.setUpstream(sse());
    const page = await connectPage(h.port);
    open(page, 1, '/browsers/abc/logs/stream', {
      Authorization: 'Bearer sk_relay_token',
      'Last-Event-ID': '41',
      Cookie: 'session=stolen',
      'X-Evil': 'yes',
      Host: 'evil.example',
    });
    await waitFor(() => page.endOf(1) !== undefined, 'the stream to end');
    expect(h.upstreamRequests).toHaveLength(1);
    const upstream = h.upstreamRequests[0]?.headers ?? {};
    expect(upstream.authorization).toBe('Bearer sk_relay_token');
    expect(upstream['last-event-id']).toBe('41');
    // what the relay asked of the gateway, before the gateway's own allow-list
    const asked = h.apiHeaders[0] ?? {};
    expect(asked.authorization).toBe('Bearer sk_relay_token');
    expect(asked.cookie).toBeUndefined();
    expect(asked['x-evil']).toBeUndefined();
    expect(asked.host).toBe(`127.0.0.1:${h.port}`);
    expect(upstream.cookie).toBeUndefined();
    expect(upstream['x-evil']).toBeUndefined();
  });

  it('passes an error answer on as head, body and a complete end', async () => {
    const h = await start();
    const error = { code: 'unauthorized', message: 'the API key is not valid' };
    h.setUpstream((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(error));
    });
    const page = await connectPage(h.port);
    open(page, 7, '/browsers/abc/telemetry/stream');
    await waitFor(() => page.endOf(7) !== undefined, 'the stream to end');
    expect(page.headOf(7)?.status).toBe(401);
    expect(JSON.parse(page.bodyOf(7))).toEqual(error);
    expect(page.endOf(7)).toEqual({ t: 'end', id: 7, complete: true });
  });
});

describe('stream relay: only event streams, only for pages of this server', () => {
  it('refuses any other path with an end and never asks the API', async () => {
    const h = await start();
    h.setUpstream(sse());
    const page = await connectPage(h.port);
    const refused = [
      '/browsers/x/computer/clipboard/write',
      '/browsers/x',
      '../browsers/x/logs/stream',
      '/browsers/../logs/stream',
      '/browsers/%2e%2E/logs/stream',
      '/browsers/x%2Fcomputer/logs/stream',
      '/browsers/x/logs/stream/../../computer/clipboard/write',
      '/browsers/x/logs/streams',
      '//evil.example/browsers/x/logs/stream',
    ];
    refused.forEach((streamPath, i) => open(page, i + 1, streamPath));
    await waitFor(() => refused.every((_, i) => page.endOf(i + 1) !== undefined), 'refusals');
    refused.forEach((streamPath, i) => {
      expect(page.endOf(i + 1)?.complete, streamPath).toBe(false);
      expect(page.endOf(i + 1)?.reason, streamPath).toMatch(/only event streams/);
      expect(page.headOf(i + 1), streamPath).toBeUndefined();
    });
    expect(h.apiHeaders).toHaveLength(0);
    expect(h.upstreamRequests).toHaveLength(0);
  });

  it('answers a stream it cannot ask for (bad characters) with an end, and keeps serving', async () => {
    const h = await start();
    h.setUpstream(sse());
    const page = await connectPage(h.port);
    // neither may go into a request line or a header; Node refuses to write them
    open(page, 1, '/browsers/x/logs/stream?q=a b');
    open(page, 2, '/browsers/x/logs/stream?q=\u0100');
    open(page, 3, '/browsers/x/logs/stream', { Authorization: 'Bearer a\r\nX-Evil: yes' });
    open(page, 4, '/browsers/x/logs/stream');
    await waitFor(() => [1, 2, 3, 4].every((id) => page.endOf(id) !== undefined), 'four ends');
    for (const id of [1, 2, 3]) {
      expect(page.endOf(id)?.complete, `stream ${id}`).toBe(false);
      expect(page.headOf(id), `stream ${id}`).toBeUndefined();
    }
    expect(page.endOf(4)?.complete).toBe(true);
    expect(page.bodyOf(4)).toBe(expectedBody('/browsers/x/logs/stream'));
    expect(h.upstreamRequests.map((request) => request.url)).toEqual(['/browsers/x/logs/stream']);
  });

  it('refuses a handshake from a page of another origin, and takes one from its own', async () => {
    const { port } = await start();
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/_streams`, {
        origin: 'http://evil.example',
      });
      sockets.push(socket);
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      socket.on('error', () => resolve(-1));
    });
    expect(status).toBe(403);
    const page = await connectPage(port);
    expect(page.socket.readyState).toBe(WebSocket.OPEN);
  });
});

const TOTAL = 100_000;

/** An event stream of 100 kB, written 1000 bytes at a time. */
const hundredKilobytes: UpstreamHandler = (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  let written = 0;
  const next = (): void => {
    res.write(Buffer.alloc(1000, 0x61));
    written += 1000;
    if (written >= TOTAL) res.end();
    else setTimeout(next, 1);
  };
  next();
};

/**
 * Waits while the upstream keeps writing and checks that the relay held back: every chunk but
 * the last went out while fewer than `limit` bytes had been sent. Returns the bytes received.
 */
async function heldBack(page: Page, limit: number): Promise<number> {
  await waitFor(() => page.chunks.length > 0, 'the first bytes');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const sizes = page.chunks.map((chunk) => chunk.bytes.length);
  const sent = sizes.reduce((sum, length) => sum + length, 0);
  expect(sent).toBeLessThan(TOTAL);
  expect(sent - (sizes.at(-1) ?? 0)).toBeLessThan(limit);
  return sent;
}

describe('stream relay: flow control and closing', () => {
  it('sends no more than the credit (and the chunk that crossed it) until more is granted', async () => {
    const h = await start();
    h.setUpstream(hundredKilobytes);
    const page = await connectPage(h.port);
    const credit = 1000;
    page.send({ t: 'open', id: 1, path: '/browsers/x/logs/stream', headers: {}, credit });
    const sent = await heldBack(page, credit);
    // the page reads and grants what it read, as relay-fetch does, until the stream ends
    page.send({ t: 'credit', id: 1, bytes: sent });
    let granted = sent;
    await waitFor(
      () => {
        const received = page.chunks.reduce((sum, chunk) => sum + chunk.bytes.length, 0);
        if (received > granted) {
          page.send({ t: 'credit', id: 1, bytes: received - granted });
          granted = received;
        }
        return page.endOf(1) !== undefined;
      },
      'the rest of the stream',
      10_000,
    );
    expect(page.endOf(1)).toEqual({ t: 'end', id: 1, complete: true });
    expect(page.bodyOf(1)).toBe('a'.repeat(TOTAL));
  });

  it('holds back a stream whatever credit the page grants, past maxCreditBytes', async () => {
    const h = await start({ maxCreditBytes: 2000 });
    h.setUpstream(hundredKilobytes);
    const page = await connectPage(h.port);
    page.send({ t: 'open', id: 1, path: '/browsers/x/logs/stream', headers: {}, credit: 1e12 });
    page.send({ t: 'credit', id: 1, bytes: 1e12 });
    await heldBack(page, 2000);
  });

  it('drops the upstream request when the page closes the stream', async () => {
    const h = await start();
    h.setUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: first\n\n');
    });
    const page = await connectPage(h.port);
    open(page, 1, '/browsers/x/logs/stream');
    open(page, 2, '/browsers/y/logs/stream');
    await waitFor(() => page.bodyOf(1) !== '' && page.bodyOf(2) !== '', 'both first frames');
    page.send({ t: 'close', id: 1 });
    await waitFor(() => h.upstreamRequests[0]?.closed === true, 'the upstream request to close');
    // the other stream lives on
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.upstreamRequests[1]?.closed).toBe(false);
  });

  it('drops every upstream request when the page’s WebSocket closes', async () => {
    const h = await start();
    h.setUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: first\n\n');
    });
    const page = await connectPage(h.port);
    for (const id of [1, 2, 3]) open(page, id, `/browsers/s${id}/telemetry/stream`);
    await waitFor(() => [1, 2, 3].every((id) => page.bodyOf(id) !== ''), 'three first frames');
    expect(h.upstreamRequests.some((request) => request.closed)).toBe(false);
    page.socket.close();
    await waitFor(
      () => h.upstreamRequests.length === 3 && h.upstreamRequests.every((r) => r.closed),
      'every upstream request to close',
    );
  });

  it('ends a stream the upstream cut short as not complete, after the bytes that came', async () => {
    const h = await start();
    h.setUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: before the cut\n\n', () => setTimeout(() => res.socket?.destroy(), 50));
    });
    const page = await connectPage(h.port);
    open(page, 1, '/browsers/x/logs/stream');
    await waitFor(() => page.endOf(1) !== undefined, 'the stream to end');
    expect(page.bodyOf(1)).toBe('data: before the cut\n\n');
    expect(page.endOf(1)?.complete).toBe(false);
    expect(page.endOf(1)?.reason).toBeTruthy();
  });
});
