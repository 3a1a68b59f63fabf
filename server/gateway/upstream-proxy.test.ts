import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/types/api.ts';
import { createGateway } from './gateway.ts';
import { FORWARDED_REQUEST_HEADERS } from './proxy-headers.ts';
import { closeServer, deferred, listen, send, startHarness, waitFor } from './test-helpers.ts';
import type { Harness } from './test-helpers.ts';
import { createUpstreamProxy } from './upstream-proxy.ts';

const TOKEN = 'Bearer sk_test_do_not_leak_0123456789';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  harness = await startHarness(options);
  return harness;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function errorBody(text: string): ApiErrorBody {
  return JSON.parse(text) as ApiErrorBody;
}

describe('upstream proxy: what crosses', () => {
  it('forwards method, path, query, body and only the allowed request headers', async () => {
    const h = await start({ basePath: '/v1' });
    let seen: {
      method?: string;
      url?: string;
      headers?: IncomingMessage['headers'];
      body?: Buffer;
    } = {};
    h.setUpstream((req, res) => {
      void readAll(req).then((body) => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end('{}');
      });
    });
    const body = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const reply = await send(
      h.gatewayPort,
      '/api/browsers/abc/computer/clipboard/write?x=1&y=%20z',
      {
        method: 'POST',
        body,
        headers: {
          Authorization: TOKEN,
          'Last-Event-ID': '41',
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(body.length),
          Accept: 'application/json',
          Cookie: 'session=secret',
          'X-Forwarded-For': '10.9.8.7',
          'X-Forwarded-Host': 'evil.example',
          'X-Evil': 'yes',
          Host: 'localhost',
          Connection: 'keep-alive, X-Evil',
          'Keep-Alive': 'timeout=5',
          'Proxy-Authorization': 'Basic abc',
          TE: 'trailers',
          'Accept-Encoding': 'gzip',
          Origin: 'http://evil.example',
        },
      },
    );
    expect(reply.status).toBe(201);
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/v1/browsers/abc/computer/clipboard/write?x=1&y=%20z');
    expect(seen.body?.equals(body)).toBe(true);
    const headers = seen.headers ?? {};
    expect(headers.authorization).toBe(TOKEN);
    expect(headers['last-event-id']).toBe('41');
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(headers.accept).toBe('application/json');
    expect(headers['content-length']).toBe('256');
    expect(headers.host).toBe(`127.0.0.1:${h.upstreamPort}`);
    // the browser's gzip is not passed on: bodies are asked for unencoded
    expect(headers['accept-encoding']).toBe('identity');
    expect(headers.connection ?? '').not.toMatch(/x-evil/i);
    const allowed = new Set([
      ...FORWARDED_REQUEST_HEADERS,
      'host',
      'connection',
      'accept-encoding',
    ]);
    expect(Object.keys(headers).filter((name) => !allowed.has(name))).toEqual([]);
  });

  it('passes back status and allowed response headers, drops Set-Cookie and the rest', async () => {
    const h = await start();
    h.setUpstream((_req, res) => {
      res.writeHead(429, {
        'Content-Type': 'application/json',
        'Retry-After': '7',
        'X-SSE-Content-Type': 'application/json',
        'X-Next-Offset': '42',
        'X-Has-More': 'true',
        'Set-Cookie': 'sid=upstream; HttpOnly',
        'X-Powered-By': 'upstream',
        'Access-Control-Allow-Origin': '*',
        'Content-Security-Policy': 'default-src *',
      });
      res.end('{"code":"rate_limited","message":"slow down"}');
    });
    const reply = await send(h.gatewayPort, '/api/browsers');
    expect(reply.status).toBe(429);
    expect(reply.headers['retry-after']).toBe('7');
    expect(reply.headers['x-sse-content-type']).toBe('application/json');
    expect(reply.headers['x-next-offset']).toBe('42');
    expect(reply.headers['x-has-more']).toBe('true');
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(reply.headers['x-powered-by']).toBeUndefined();
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(reply.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(reply.text).toBe('{"code":"rate_limited","message":"slow down"}');
  });
});

describe('upstream proxy: failures', () => {
  it('answers 413 for a declared body over the limit without contacting the upstream', async () => {
    const h = await start({ maxBodyBytes: 1024 });
    const reply = await send(h.gatewayPort, '/api/browsers/a/computer/clipboard/write', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.alloc(4096, 'a'),
    });
    expect(reply.status).toBe(413);
    expect(errorBody(reply.text).code).toBe('payload_too_large');
    expect(h.upstreamRequests).toHaveLength(0);
  });

  it('answers 413 for a streamed body over the limit and aborts the upstream request', async () => {
    const h = await start({ maxBodyBytes: 1024 });
    const firstChunkArrived = deferred();
    let received = 0;
    let completed = false;
    let closed = false;
    h.setUpstream((req, res) => {
      req.socket.on('close', () => {
        closed = true;
      });
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        firstChunkArrived.resolve();
      });
      req.on('end', () => {
        completed = true;
        res.end();
      });
    });
    const reply = await send(h.gatewayPort, '/api/browsers/a/computer/clipboard/write', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Connection: 'keep-alive' },
      body: (req) => {
        // The upstream has started receiving this body before the limit is crossed.
        req.write(Buffer.alloc(512, 'a'));
        void firstChunkArrived.promise.then(() => {
          for (let i = 0; i < 4; i += 1) req.write(Buffer.alloc(512, 'a'));
          req.end();
        });
      },
    });
    expect(reply.status).toBe(413);
    expect(errorBody(reply.text).code).toBe('payload_too_large');
    await waitFor(() => closed, 'the upstream request to be aborted');
    expect(completed).toBe(false);
    expect(received).toBeLessThanOrEqual(1024);
  });

  it('answers 502 with an Error body when the upstream is unreachable', async () => {
    const spare = await listen(() => undefined);
    const deadPort = spare.port;
    await closeServer(spare.server);
    const gateway = await listen(
      createGateway({
        staticRoot: '/nonexistent',
        api: createUpstreamProxy({ baseUrl: `http://127.0.0.1:${deadPort}`, maxBodyBytes: 1024 }),
      }),
    );
    try {
      const reply = await send(gateway.port, '/api/browsers', {
        headers: { Authorization: TOKEN },
      });
      expect(reply.status).toBe(502);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      const body = errorBody(reply.text);
      expect(body.code).toBe('bad_gateway');
      expect(body.message).toMatch(/^upstream unreachable: /);
      expect(reply.text).not.toContain('sk_test');
    } finally {
      await closeServer(gateway.server);
    }
  });

  it('answers 504 when the upstream sends no headers in time', async () => {
    const h = await start({ timeoutMs: 100 });
    h.setUpstream(() => undefined);
    const reply = await send(h.gatewayPort, '/api/browsers');
    expect(reply.status).toBe(504);
    expect(errorBody(reply.text).code).toBe('gateway_timeout');
  });
});
