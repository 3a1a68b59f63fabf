import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startConsoleServer, type RunningConsoleServer } from '../console-server.ts';
import { defaultReferenceConfig } from '../reference/config.ts';
import { createHostPolicy } from './host-policy.ts';
import { send, sendRaw, startHarness, statusOf, type Harness } from './test-helpers.ts';

/**
 * The gateway is not an open proxy: only `/api/*` reaches the one configured upstream; requests
 * naming a host it does not serve, CONNECT tunnels and WebSocket upgrades go nowhere; hop-by-hop headers,
 * including any header a Connection header names, are stripped in both directions; bodies are
 * bounded.
 */

let harness: Harness | undefined;
let running: RunningConsoleServer | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await running?.close();
  running = undefined;
});

async function start(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  harness = await startHarness(options);
  return harness;
}

/** Writes raw bytes and collects whatever comes back until the server closes or goes quiet. */
function exchange(port: number, text: string, quietMs = 300): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    let timer = setTimeout(() => socket.destroy(), quietMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(() => socket.destroy(), quietMs);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString());
    });
    socket.on('error', reject);
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });
}

describe('gateway: only /api reaches the configured upstream', () => {
  it('refuses absolute-form requests for other hosts, whatever their path', async () => {
    const h = await start();
    for (const target of [
      'http://evil.example/',
      'http://evil.example/api/browsers',
      'https://evil.example:443/api/browsers',
      'HTTP://EVIL.EXAMPLE/api/browsers',
      'http://127.0.0.1:1/api/browsers',
      'ftp://evil.example/api/browsers',
      'evil.example:443',
    ]) {
      const raw = await sendRaw(
        h.gatewayPort,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      // refused by the gateway (an Error body) or already by Node's parser
      expect(statusOf(raw), target).toBe(400);
    }
    expect(h.upstreamRequests).toHaveLength(0);
  });

  it('sends requests to the configured upstream only, with its own Host, whatever they name', async () => {
    const h = await start({ basePath: '/v1', hosts: createHostPolicy('console.example.com') });
    const evil = await sendRaw(
      h.gatewayPort,
      'GET /api/browsers HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(statusOf(evil)).toBe(421);
    const raw = await sendRaw(
      h.gatewayPort,
      'GET /api/browsers HTTP/1.1\r\nHost: console.example.com\r\nX-Forwarded-Host: evil.example\r\n' +
        'Forwarded: host=evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(statusOf(raw)).toBe(200);
    expect(h.upstreamRequests.map((req) => [req.url, req.headers.host])).toEqual([
      ['/v1/browsers', `127.0.0.1:${h.upstreamPort}`],
    ]);
    expect(h.upstreamRequests[0]?.headers['x-forwarded-host']).toBeUndefined();
    expect(h.upstreamRequests[0]?.headers.forwarded).toBeUndefined();
  });

  it('never forwards paths outside /api, however they are spelled', async () => {
    const h = await start();
    for (const target of [
      '/',
      '/Api/browsers',
      '/API/browsers',
      '/apibrowsers',
      '/api%2fbrowsers',
      '/%61pi/browsers',
      '//api/browsers',
      '/./api/browsers',
      '/x/../api/browsers',
      '/console-config.json',
    ]) {
      const raw = await sendRaw(
        h.gatewayPort,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      expect(statusOf(raw), target).toBeGreaterThan(0);
    }
    expect(h.upstreamRequests).toHaveLength(0);
  });
});

describe('gateway: tunnels and upgrades go nowhere', () => {
  async function startUpstreamMode(): Promise<{ port: number; seen: IncomingMessage[] }> {
    const h = await start();
    running = await startConsoleServer({
      host: '127.0.0.1',
      port: 0,
      staticRoot: path.join(import.meta.dirname, 'no-such-dist'),
      upstreamBaseUrl: `http://127.0.0.1:${h.upstreamPort}`,
      gatewayMaxBodyBytes: 1024,
      reference: defaultReferenceConfig({ browser: false }),
      demoSessionId: 'demo',
    });
    return { port: Number(new URL(running.url).port), seen: h.upstreamRequests };
  }

  it('refuses CONNECT without opening a tunnel', async () => {
    const { port, seen } = await startUpstreamMode();
    for (const target of ['evil.example:443', `127.0.0.1:${harness?.upstreamPort ?? 0}`]) {
      const raw = await exchange(
        port,
        `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(raw, target).not.toMatch(/^HTTP\/1\.[01] 200/);
    }
    expect(seen).toHaveLength(0);
  });

  it('tunnels no WebSocket under /api when forwarding to an upstream: the request is an ordinary GET', async () => {
    const { port, seen } = await startUpstreamMode();
    const raw = await exchange(
      port,
      'GET /api/browsers/x/cdp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n' +
        'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    expect(seen.map((req) => [req.method, req.url, req.headers.upgrade])).toEqual([
      ['GET', '/browsers/x/cdp', undefined],
    ]);
  });
});

describe('gateway: hop-by-hop headers', () => {
  it('strips every hop-by-hop request header and any header the Connection header names', async () => {
    const h = await start();
    let body = '';
    h.setUpstream((req, res) => {
      void readBody(req).then((text) => {
        body = text;
        res.end('{}');
      });
    });
    const raw = await sendRaw(
      h.gatewayPort,
      'POST /api/browsers/a/computer/clipboard/write HTTP/1.1\r\n' +
        'Host: 127.0.0.1\r\n' +
        'Connection: close, Authorization, Last-Event-ID, X-Custom\r\n' +
        'Authorization: Bearer meant-for-the-gateway-hop-only\r\n' +
        'Last-Event-ID: 7\r\n' +
        'X-Custom: 1\r\n' +
        'Keep-Alive: timeout=5\r\n' +
        'Proxy-Authorization: Basic Zm9vOmJhcg==\r\n' +
        'Proxy-Connection: keep-alive\r\n' +
        'TE: trailers\r\n' +
        'Trailer: X-Checksum\r\n' +
        'Upgrade: h2c\r\n' +
        'Content-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n' +
        '\r\n' +
        '5\r\n{"tex\r\n' +
        'b\r\nt":"hello"}\r\n' +
        '0\r\nX-Checksum: abc\r\n\r\n',
    );
    expect(statusOf(raw)).toBe(200);
    expect(body).toBe('{"text":"hello"}');
    const headers = h.upstreamRequests[0]?.headers ?? {};
    for (const name of [
      'authorization',
      'last-event-id',
      'x-custom',
      'keep-alive',
      'proxy-authorization',
      'proxy-connection',
      'te',
      'trailer',
      'upgrade',
    ]) {
      expect(headers[name], name).toBeUndefined();
    }
    expect(headers.connection ?? '').not.toMatch(/authorization|last-event-id|x-custom/i);
    // the gateway frames the body itself: at most its own chunked encoding crosses
    expect(headers['transfer-encoding'] ?? 'chunked').toBe('chunked');
    expect(headers['content-type']).toBe('application/json');
    expect(h.upstreamRequests[0]?.trailers).toEqual({});
  });

  it('keeps end-to-end headers that the Connection header does not name', async () => {
    const h = await start();
    await send(h.gatewayPort, '/api/browsers', {
      headers: { Connection: 'keep-alive', Authorization: 'Bearer t', 'Last-Event-ID': '9' },
    });
    expect(h.upstreamRequests[0]?.headers.authorization).toBe('Bearer t');
    expect(h.upstreamRequests[0]?.headers['last-event-id']).toBe('9');
  });

  it('strips hop-by-hop response headers and any the upstream’s Connection header names', async () => {
    const h = await start();
    h.setUpstream((req, res) => {
      req.socket.setNoDelay(true);
      res.writeHead(200, {
        'Content-Type': 'application/json',
        Connection: 'X-Next-Offset, Retry-After',
        'X-Next-Offset': '42',
        'Retry-After': '3',
        'X-Has-More': 'true',
        'Keep-Alive': 'timeout=99',
        'Proxy-Authenticate': 'Basic realm="upstream"',
        Upgrade: 'h2c',
        Trailer: 'X-Checksum',
      });
      res.end('{}');
    });
    const reply = await send(h.gatewayPort, '/api/browsers');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-next-offset']).toBeUndefined();
    expect(reply.headers['retry-after']).toBeUndefined();
    expect(reply.headers['x-has-more']).toBe('true');
    for (const name of ['keep-alive', 'proxy-authenticate', 'upgrade', 'trailer']) {
      expect(reply.headers[name], name).toBeUndefined();
    }
  });
});

describe('gateway: request bodies are bounded', () => {
  it('forwards a body of exactly the limit and refuses one byte more, declared or chunked', async () => {
    const h = await start({ maxBodyBytes: 1000 });
    const received: number[] = [];
    h.setUpstream((req, res) => {
      void readBody(req).then((text) => {
        received.push(text.length);
        res.end('{}');
      });
    });
    const post = (body: Buffer | Buffer[]) =>
      send(h.gatewayPort, '/api/browsers/a/computer/clipboard/write', { method: 'POST', body });
    expect((await post(Buffer.alloc(1000, 'a'))).status).toBe(200);
    expect((await post(Buffer.alloc(1001, 'a'))).status).toBe(413);
    expect((await post([Buffer.alloc(600, 'a'), Buffer.alloc(400, 'a')])).status).toBe(200);
    expect((await post([Buffer.alloc(600, 'a'), Buffer.alloc(401, 'a')])).status).toBe(413);
    expect(received).toEqual([1000, 1000]);
  });
});
