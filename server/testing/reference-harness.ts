import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
