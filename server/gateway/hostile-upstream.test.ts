import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createDeflate,
  createDeflateRaw,
  createGzip,
  gzipSync,
} from 'node:zlib';
import type { Transform } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/types/api.ts';
import { optionsFromEnv } from '../options.ts';
import { expectApiSecurityHeaders, send, startHarness, waitFor } from './test-helpers.ts';
import type { Harness } from './test-helpers.ts';

/**
 * A broken or hostile upstream, through the real gateway: what it sends never runs as the
 * dashboard, a silent upstream is given up on, compressed bodies arrive decoded and unbuffered.
 */

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  harness = await startHarness(options);
  return harness;
}

function errorBody(text: string): ApiErrorBody {
  return JSON.parse(text) as ApiErrorBody;
}

const SCRIPT = '<script>parent.pwned = 1</script>';

describe('hostile upstream: its content never runs as the dashboard', () => {
  it('refuses a success answered with HTML or script: a 502 Error body says what came', async () => {
    const h = await start();
    const types: Record<string, string> = {
      '/browsers/x/evil.html': 'text/html; charset=utf-8',
      '/browsers/x/evil.js': 'application/javascript',
      '/browsers/x/evil.svg': 'image/svg+xml',
      '/browsers/x/evil.xml': 'application/xhtml+xml',
    };
    h.setUpstream((req, res) => {
      res.writeHead(200, { 'Content-Type': types[req.url ?? ''] ?? 'text/html' });
      res.end(`${SCRIPT} alert(document.domain)`);
    });
    for (const [path, type] of Object.entries(types)) {
      const reply = await send(h.gatewayPort, `/api${path}`);
      expect(reply.status, path).toBe(502);
      expect(reply.headers['content-type'], path).toMatch(/^application\/json/);
      const body = errorBody(reply.text);
      expect(body.code).toBe('bad_gateway');
      expect(body.message).toContain(`answered 200 with Content-Type ${type.split(';')[0]}`);
      expect(reply.text).not.toContain('<script>');
      expectApiSecurityHeaders(reply);
    }
  });

  it('passes an HTML error page on as plain text, its words intact', async () => {
    const h = await start();
    const page = `<html><head><title>502 Bad Gateway</title></head><body>${SCRIPT}</body></html>`;
    h.setUpstream((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end(page);
    });
    const reply = await send(h.gatewayPort, '/api/browsers/x');
    expect(reply.status).toBe(502);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.headers['x-upstream-content-type']).toBe('text/html');
    expect(reply.text).toBe(page);
    expectApiSecurityHeaders(reply);
  });

  it('passes the API’s own media types as they are, and an untyped body as plain text', async () => {
    const h = await start();
    const answers: Record<string, [number, string | undefined, string]> = {
      '/json': [200, 'application/json; charset=utf-8', '{"a":1}'],
      '/problem': [400, 'application/problem+json', '{"message":"no"}'],
      '/text': [400, 'text/plain; charset=utf-8', 'missing source\n'],
      '/sse': [200, 'text/event-stream', 'data: {}\n\n'],
      '/empty': [200, undefined, ''],
      '/untyped': [200, undefined, '{"text":"x"}'],
    };
    h.setUpstream((req, res) => {
      const [status, type, body] = answers[req.url ?? ''] ?? [500, undefined, ''];
      // node:http adds no Content-Type by itself
      const headers = type === undefined ? {} : { 'Content-Type': type };
      res.writeHead(status, body === '' ? { ...headers, 'Content-Length': 0 } : headers);
      res.end(body);
    });
    for (const [path, [status, type, body]] of Object.entries(answers)) {
      const reply = await send(h.gatewayPort, `/api${path}`);
      expect([reply.status, reply.text], path).toEqual([status, body]);
      if (path === '/untyped') {
        expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(reply.headers['x-upstream-content-type']).toBe('none');
      } else {
        expect(reply.headers['content-type'], path).toBe(type);
      }
      expect(reply.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('never lets the upstream set caching or its own policy on an API answer', async () => {
    const h = await start();
    h.setUpstream((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=31536000',
        'Content-Security-Policy': "script-src 'unsafe-inline'",
        'Content-Disposition': 'inline',
      });
      res.end('{}');
    });
    const reply = await send(h.gatewayPort, '/api/browsers/x', {
      headers: { Authorization: 'Bearer sk_x' },
    });
    expectApiSecurityHeaders(reply);
    expect(reply.headers['content-disposition']).toBeUndefined();
  });
});

describe('hostile upstream: nothing waits forever', () => {
  it('answers 504 naming the upstream host when no headers come in time', async () => {
    const h = await start({ timeoutMs: 150 });
    h.setUpstream(() => undefined);
    const started = Date.now();
    const reply = await send(h.gatewayPort, '/api/browsers/x');
    expect(reply.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const body = errorBody(reply.text);
    expect(body.code).toBe('gateway_timeout');
    expect(body.message).toContain(`127.0.0.1:${h.upstreamPort}`);
    expect(body.message).toContain('GATEWAY_UPSTREAM_TIMEOUT_MS');
  });

  it('has a documented default bound, and GATEWAY_UPSTREAM_TIMEOUT_MS sets it', () => {
    expect(optionsFromEnv({}).gatewayUpstreamTimeoutMs).toBe(20_000);
    expect(optionsFromEnv({ GATEWAY_UPSTREAM_TIMEOUT_MS: '1500' }).gatewayUpstreamTimeoutMs).toBe(
      1500,
    );
    expect(() => optionsFromEnv({ GATEWAY_UPSTREAM_TIMEOUT_MS: 'soon' })).toThrow(
      /GATEWAY_UPSTREAM_TIMEOUT_MS/,
    );
  });
});

/** Opens a stream through the gateway and hands over what arrives, decoded, as it arrives. */
function openStream(
  port: number,
  path: string,
): Promise<{ res: IncomingMessage; text: () => string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      resolve({ res, text: () => text });
    });
    req.on('error', reject);
    req.end();
  });
}

type Encoder = () => Transform;
const ENCODERS: Record<string, Encoder> = {
  gzip: () => createGzip(),
  deflate: () => createDeflate(),
  'deflate (raw)': () => createDeflateRaw(),
  br: () => createBrotliCompress(),
};

describe('hostile upstream: compressed bodies', () => {
  for (const [name, encoder] of Object.entries(ENCODERS)) {
    it(`decodes a ${name} event stream frame by frame, without waiting for its end`, async () => {
      const h = await start();
      let upstreamRes: ServerResponse | undefined;
      let encoded: Transform | undefined;
      h.setUpstream((_req, res) => {
        res.writeHead(200, {
          'Content-Type': 'text/event-stream',
          'Content-Encoding': name.split(' ')[0] ?? name,
        });
        encoded = encoder();
        encoded.pipe(res);
        upstreamRes = res;
      });
      const frame = (n: number): string => `id: ${n}\ndata: {"seq":${n}}\n\n`;
      const writeFrame = (n: number): void => {
        encoded?.write(frame(n));
        // what a server that compresses a stream does after each frame
        (encoded as Transform & { flush(kind?: number): void }).flush(
          name === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH,
        );
      };
      const stream = openStream(h.gatewayPort, '/api/browsers/a/telemetry/stream');
      await waitFor(() => upstreamRes !== undefined, 'the upstream to be asked');
      expect(h.upstreamRequests[0]?.headers['accept-encoding']).toBe('identity');
      writeFrame(1);
      const { res, text } = await stream;
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/event-stream');
      await waitFor(() => text() === frame(1), 'frame 1, before the stream ends');
      writeFrame(2);
      await waitFor(() => text() === frame(1) + frame(2), 'frame 2');
      encoded?.end();
      await new Promise<void>((resolve) => res.on('end', () => resolve()));
      expect(text()).toBe(frame(1) + frame(2));
    });
  }

  it('decodes layered codings and whole bodies, with the decoded length', async () => {
    const h = await start();
    const json = JSON.stringify({ text: 'x'.repeat(5000) });
    h.setUpstream((_req, res) => {
      const body = brotliCompressSync(gzipSync(json));
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip, br',
        'Content-Length': body.length,
      });
      res.end(body);
    });
    const reply = await send(h.gatewayPort, '/api/browsers/a/computer/clipboard/read');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(json);
    expect(reply.headers['content-length']).toBeUndefined();
  });

  it('refuses an encoding it cannot decode (502) instead of passing unreadable bytes', async () => {
    const h = await start();
    h.setUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Content-Encoding': 'zstd' });
      res.end('(\xb5/\xfd garbage');
    });
    const reply = await send(h.gatewayPort, '/api/browsers/a/telemetry/stream');
    expect(reply.status).toBe(502);
    expect(errorBody(reply.text).message).toContain('Content-Encoding zstd');
  });

  it('cuts a body that does not decode short, so the page sees a broken stream, not garbage', async () => {
    const h = await start();
    h.setUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Content-Encoding': 'gzip' });
      res.end('not gzip at all, but long enough to be read as a header');
    });
    const outcome = await new Promise<string>((resolve) => {
      const req = request(
        { host: '127.0.0.1', port: h.gatewayPort, path: '/api/s', agent: false },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(`ended: ${text}`));
          res.on('error', () => resolve(`cut: ${text}`));
        },
      );
      req.on('error', () => resolve('cut'));
      req.end();
    });
    expect(outcome).toMatch(/^cut/);
    expect(outcome).not.toContain('not gzip');
  });
});
