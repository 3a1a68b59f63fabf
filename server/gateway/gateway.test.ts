import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../shared/http.ts';
import { createGateway, isLoopback, SECURITY_HEADERS } from './gateway.ts';
import {
  closeServer,
  expectApiSecurityHeaders,
  expectSecurityHeaders,
  listen,
  makeDist,
  rawGet,
  send,
  startHarness,
  statusOf,
} from './test-helpers.ts';
import type { Harness } from './test-helpers.ts';

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'none'";

let dist: Awaited<ReturnType<typeof makeDist>>;
let harness: Harness;

beforeAll(async () => {
  dist = await makeDist();
  harness = await startHarness({
    basePath: '/base',
    staticRoot: dist.root,
    clientConfig: (req) => ({ apiBase: '/api', loopback: isLoopback(req) }),
  });
});
afterAll(async () => {
  await harness.close();
  await dist.cleanup();
});
afterEach(() => {
  harness.upstreamRequests.length = 0;
});

describe('gateway: security headers', () => {
  it('uses the agreed Content-Security-Policy', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBe(EXPECTED_CSP);
  });

  it('sends them on pages, config and errors alike', async () => {
    for (const target of ['/', '/console-config.json', '/assets/nope.js', '/nope']) {
      expectSecurityHeaders(await send(harness.gatewayPort, target));
    }
  });

  it('sends the API its own: nothing there runs, renders as the dashboard, embeds or is stored', async () => {
    for (const target of ['/api', '/api/browsers', '/api/browsers/x/evil.js']) {
      const reply = await send(harness.gatewayPort, target);
      expectApiSecurityHeaders(reply);
      expect(reply.headers['content-security-policy']).not.toContain('self');
    }
  });
});

describe('gateway: routing', () => {
  it('forwards /api and /api/... with the prefix removed', async () => {
    await send(harness.gatewayPort, '/api');
    await send(harness.gatewayPort, '/api?x=1');
    await send(harness.gatewayPort, '/api/browsers/abc/logs/stream?source=supervisor');
    expect(harness.upstreamRequests.map((req) => req.url)).toEqual([
      '/base/',
      '/base/?x=1',
      '/base/browsers/abc/logs/stream?source=supervisor',
    ]);
  });

  it('never forwards anything else to the upstream', async () => {
    for (const target of ['/', '/index.html', '/apiother', '/%2fapi/x', '/API/x', '/x/api/y']) {
      const reply = await send(harness.gatewayPort, target);
      expect(reply.status, target).toBe(200);
    }
    expect(harness.upstreamRequests).toHaveLength(0);
  });

  it('refuses absolute-form request targets with 400', async () => {
    const upstream = `http://127.0.0.1:${harness.upstreamPort}`;
    for (const target of [`${upstream}/api/browsers`, `${upstream}/base/browsers`, '*']) {
      const raw = await rawGet(harness.gatewayPort, target);
      expect(statusOf(raw), target).toBe(400);
      expect(raw).toContain('"code":"bad_request"');
    }
    expect(harness.upstreamRequests).toHaveLength(0);
  });

  it('refuses API paths that would climb out of the upstream base path', async () => {
    for (const target of [
      '/api/../etc/passwd',
      '/api/../../etc/passwd',
      '/api/%2e%2e/etc/passwd',
      '/api/browsers/..%2f..%2fetc/passwd',
      '/api//evil.example/x',
      '/api/%5c%5cevil.example/x',
    ]) {
      const raw = await rawGet(harness.gatewayPort, target);
      expect(statusOf(raw), target).toBe(400);
      expect(raw).toContain('"code":"bad_request"');
    }
    expect(harness.upstreamRequests).toHaveLength(0);
  });
});

describe('gateway: console config', () => {
  it('returns what clientConfig returns, uncached', async () => {
    const reply = await send(harness.gatewayPort, '/console-config.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(reply.text)).toEqual({ apiBase: '/api', loopback: true });
    expect(harness.upstreamRequests).toHaveLength(0);
  });

  it('returns {} without a clientConfig', async () => {
    const gateway = await listen(createGateway({ staticRoot: dist.root, api: () => undefined }));
    try {
      expect(JSON.parse((await send(gateway.port, '/console-config.json')).text)).toEqual({});
    } finally {
      await closeServer(gateway.server);
    }
  });
});

describe('gateway: failures', () => {
  it('answers HttpErrors as Error bodies and hides other exceptions', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failure: unknown = new HttpError(409, 'conflict', 'already exists');
    const gateway = await listen(
      createGateway({
        staticRoot: dist.root,
        api: () => {
          throw failure;
        },
      }),
    );
    try {
      const conflict = await send(gateway.port, '/api/x');
      expect(conflict.status).toBe(409);
      expect(JSON.parse(conflict.text)).toEqual({ code: 'conflict', message: 'already exists' });
      failure = new Error('database password is hunter2');
      const hidden = await send(gateway.port, '/api/x');
      expect(hidden.status).toBe(500);
      expect(JSON.parse(hidden.text)).toMatchObject({ code: 'internal_error' });
      expect(hidden.text).not.toContain('hunter2');
      expectApiSecurityHeaders(hidden);
      expect((await send(gateway.port, '/')).status).toBe(200);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
      await closeServer(gateway.server);
    }
  });
});

describe('isLoopback', () => {
  function from(remoteAddress: string | undefined): IncomingMessage {
    return { socket: { remoteAddress } as Socket } as IncomingMessage;
  }

  it.each(['127.0.0.1', '127.45.6.7', '::1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3'])(
    'accepts %s',
    (address) => {
      expect(isLoopback(from(address))).toBe(true);
    },
  );

  it.each([undefined, '10.0.0.1', '128.0.0.1', '::ffff:10.0.0.1', '::2', '127.evil', '1270.0.0.1'])(
    'rejects %s',
    (address) => {
      expect(isLoopback(from(address))).toBe(false);
    },
  );
});
