import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Kernel from '@onkernel/sdk';
import { afterAll, beforeAll } from 'vitest';
import { defaultReferenceConfig, type ReferenceConfig } from '../reference/config.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/reference-server.ts';
import { testRigs } from '../reference/test-rigs/index.ts';

export const TEST_TOKEN = 'test-token-0123456789';

export interface ReferenceHarness {
  /** Base of the API, e.g. http://127.0.0.1:1234/api */
  api: string;
  reference: ReferenceServer;
  server: Server;
  /** fetch against the API with the bearer token; `path` starts with `/`. */
  call(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the reference server alone, mounted at /api, on an ephemeral loopback port. */
export async function startReference(
  overrides: Partial<ReferenceConfig> = {},
): Promise<ReferenceHarness> {
  const config = defaultReferenceConfig({ token: TEST_TOKEN, browser: false, ...overrides });
  const reference = await createReferenceServer(config, testRigs(config));
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      reference.handle(req, res, url.slice(4) || '/');
    } else {
      res.writeHead(404).end();
    }
  });
  server.on('upgrade', (req, socket, head: Buffer) => {
    const url = req.url ?? '';
    if (url.startsWith('/api/')) reference.handleUpgrade(req, socket, head, url.slice(4));
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return {
    api,
    reference,
    server,
    call(path, init = {}) {
      const { token = TEST_TOKEN, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== null) headers.set('Authorization', `Bearer ${token}`);
      return fetch(`${api}${path}`, { ...rest, headers });
    },
    async close() {
      await reference.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The official SDK as a client of a harness's API: the tests' token, no retries (a test sees each
 * answer as the server gave it), `timeout` ms a request.
 */
export function sdkClient(harness: ReferenceHarness, timeout = 10_000): Kernel {
  return new Kernel({ apiKey: TEST_TOKEN, baseURL: harness.api, maxRetries: 0, timeout });
}

/** A reference server shared by the tests of one `describe`, with an SDK client of it. */
export interface SharedReference {
  h: ReferenceHarness;
  client: Kernel;
}

/**
 * Starts a reference server before the tests of the calling `describe` and closes it after them;
 * the object returned holds it and a client once started. With `browser: true` each session gets
 * a real Chromium, which takes seconds to start and to close: the client waits 30 s a request.
 */
export function sharedReference(overrides: Partial<ReferenceConfig> = {}): SharedReference {
  const shared = {} as SharedReference;
  beforeAll(async () => {
    shared.h = await startReference(overrides);
    shared.client = sdkClient(shared.h, overrides.browser ? 30_000 : 10_000);
  }, 60_000);
  afterAll(async () => {
    await shared.h?.close();
  });
  return shared;
}

/** Creates a session through the API and returns its id. */
export async function createSession(
  harness: ReferenceHarness,
  body: unknown = {},
): Promise<string> {
  const response = await harness.call('/browsers', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { session_id: string }).session_id;
}
