import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSecurityHeaders,
  makeDist,
  rawGet,
  SECRET_MARKER,
  send,
  startHarness,
  statusOf,
} from './test-helpers.ts';
import type { Harness } from './test-helpers.ts';

let dist: Awaited<ReturnType<typeof makeDist>>;
let harness: Harness;

beforeAll(async () => {
  dist = await makeDist();
  harness = await startHarness({ staticRoot: dist.root });
});
afterAll(async () => {
  await harness.close();
  await dist.cleanup();
});
afterEach(() => {
  // Static requests must never reach the API.
  expect(harness.upstreamRequests).toHaveLength(0);
});

describe('gateway: static files', () => {
  it('serves index.html at / and at client-side routes, never cached', async () => {
    for (const target of ['/', '/sessions/x', '/sessions/x?tab=logs', '/index.html']) {
      const reply = await send(harness.gatewayPort, target);
      expect(reply.status, target).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.text).toContain('<title>Session Console</title>');
      expectSecurityHeaders(reply);
    }
  });

  it('serves fingerprinted assets with immutable caching and the right type', async () => {
    const js = await send(harness.gatewayPort, '/assets/index-4f3a2b.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.text).toBe('console.log("app");');
    const css = await send(harness.gatewayPort, '/assets/index-9c8d7e.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const svg = await send(harness.gatewayPort, '/favicon.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD with headers only', async () => {
    const reply = await send(harness.gatewayPort, '/assets/index-4f3a2b.js', { method: 'HEAD' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-length']).toBe(String('console.log("app");'.length));
    expect(reply.body).toHaveLength(0);
  });

  it('answers 404 in plain text for a missing file with an extension', async () => {
    const reply = await send(harness.gatewayPort, '/assets/nope.js');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('never serves anything outside the root', async () => {
    for (const target of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%5cpackage.json',
      '/%00/../package.json',
      '/linked.json',
    ]) {
      const raw = await rawGet(harness.gatewayPort, target);
      expect(statusOf(raw), target).not.toBe(200);
      expect(raw, target).not.toContain(SECRET_MARKER);
    }
  });

  it('refuses other methods with 405', async () => {
    const reply = await send(harness.gatewayPort, '/', { method: 'POST', body: 'x' });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
  });
});
