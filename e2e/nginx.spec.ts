import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from '../server/gateway/gateway.ts';
import { E2E_PORT } from './env.ts';
import { expect, test, E2E_TOKEN } from './fixtures.ts';
import { findNginx, NGINX_URL, startNginx, type RunningNginx } from './nginx-proxy.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';
import { manyStreams } from './support/many-streams.ts';

/**
 * Smoke test of deploy/nginx.conf: Debian's nginx, configured by that very file, serves dist/
 * and proxies /api to the e2e server; the browser talks to nginx only.
 */

const found = findNginx();
test.skip(
  found.path === undefined,
  `nginx not installed: ${found.path === undefined ? found.reason : ''}`,
);
test.use({ baseURL: NGINX_URL });

/** How long one appended line or published event may take to show up through nginx. */
const PROMPT_MS = 2_000;
const STEPS = 5;

let nginx: RunningNginx;

test.beforeAll(async () => {
  if (found.path === undefined) return;
  nginx = await startNginx({ nginxPath: found.path });
});

test.afterAll(async () => {
  await nginx?.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && nginx) {
    await testInfo.attach('nginx stderr', { body: nginx.stderr(), contentType: 'text/plain' });
    await testInfo.attach('nginx access.log', {
      body: (await nginx.accessLog()).join('\n'),
      contentType: 'text/plain',
    });
  }
});

/**
 * Every request the page makes, each stream the stream relay opened for it included (as the URL
 * it stands for, on the relay's origin); each must go to nginx's origin.
 */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('websocket', (socket) => {
    const origin = new URL(socket.url().replace(/^ws/, 'http')).origin;
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"open"')) return;
      const message = JSON.parse(payload) as { t?: string; path?: string };
      if (message.t === 'open') urls.push(`${origin}/api${message.path ?? ''}`);
    });
  });
  return urls;
}

function expectOnlyNginx(urls: string[]): void {
  const elsewhere = urls.filter(
    (url) => !url.startsWith(`${NGINX_URL}/`) && !/^(data|blob):/.test(url),
  );
  expect(elsewhere, 'requests that bypassed nginx').toEqual([]);
}

async function nginxApi(pathname: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${E2E_TOKEN}`);
  return fetch(`${NGINX_URL}/api${pathname}`, { ...init, headers });
}

function note(label: string, timings: number[]): void {
  const text = `${label}: ${timings.map((ms) => `${ms} ms`).join(', ')}`;
  test.info().annotations.push({ type: 'timing', description: text });
  console.log(`nginx smoke: ${text}`);
}

test('nginx serves the dashboard under the gateway’s security headers; /api keeps them single', async ({
  page,
  api,
  consoleErrors,
}) => {
  const requests = recordRequests(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers.server, 'served by nginx').toBe('nginx');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(headers[name.toLowerCase()], name).toBe(value);
  }
  expect(headers['cache-control']).toBe('no-cache');
  await expect(page.getByLabel('Session id')).toBeVisible();

  const asset = requests.find((url) => url.startsWith(`${NGINX_URL}/assets/`));
  expect(asset, 'the page loads its fingerprinted assets').toBeDefined();
  const assetResponse = await fetch(asset as string);
  expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(assetResponse.headers.get('content-security-policy')).toBe(
    SECURITY_HEADERS['Content-Security-Policy'],
  );

  // Through nginx every security header appears once (fetch joins repeated ones with ", ").
  const id = await api.createSession();
  const info = await nginxApi(`/browsers/${id}`);
  expect(info.status).toBe(200);
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    expect(info.headers.get(name), name).toBe(value);
  }

  // Behind nginx the server never hands out the demo credentials: nginx marks requests as
  // forwarded (X-Forwarded-For, X-Real-IP), although it connects from loopback.
  const config = await fetch(`${NGINX_URL}/console-config.json`);
  expect(config.status).toBe(200);
  expect(await config.json()).toEqual({ mode: 'reference' });

  // Last-Event-ID reaches the server: the stream resumes after seq 2.
  await api.publish(
    id,
    [1, 2, 3].map((n) => consoleLog(`resume ${n}`)),
  );
  const controller = new AbortController();
  const stream = await nginxApi(`/browsers/${id}/telemetry/stream`, {
    headers: { 'Last-Event-ID': '2' },
    signal: controller.signal,
  });
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  // The server's own Cache-Control on the stream, once.
  expect(stream.headers.get('cache-control')).toBe('no-store');
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let received = '';
  while (!received.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    received += decoder.decode(value, { stream: true });
  }
  controller.abort();
  expect(received).toMatch(/^id: 3\n/);

  expectOnlyNginx(requests);
  expect(consoleErrors).toEqual([]);
});

test('a log stream through nginx delivers each appended line on its own, promptly', async ({
  page,
  api,
}) => {
  const requests = recordRequests(page);
  const { id, session } = await SessionPage.openNew(page, api);
  const file = '/var/log/app/through-nginx.log';
  await api.appendLog(id, file, ['first line, before the stream opened']);
  await session.openFile(file);
  await expect(session.rows).toHaveCount(1);

  const timings: number[] = [];
  for (let step = 1; step <= STEPS; step += 1) {
    const text = `nginx log step ${step} of ${STEPS}`;
    const started = Date.now();
    await api.appendLog(id, file, [text]);
    await expect(session.row(text)).toBeVisible({ timeout: PROMPT_MS });
    timings.push(Date.now() - started);
    // Exactly the lines written so far: nothing held back, nothing arriving in a batch later.
    await expect(session.rows).toHaveCount(step + 1, { timeout: 0 });
  }
  note('log lines', timings);
  await expect(session.status).toHaveAttribute('data-status', 'live');
  const streams = requests.filter((url) => url.includes(`/api/browsers/${id}/logs/stream`));
  expect(streams, 'one stream carried every line (no reconnects)').toHaveLength(1);
  expectOnlyNginx(requests);
});

function consoleLog(text: string) {
  return {
    ts: Date.now() * 1000,
    type: 'console_log',
    category: 'console',
    source: { kind: 'cdp', event: 'Runtime.consoleAPICalled' },
    data: { level: 'log', text, args: [text] },
  };
}

test('the telemetry timeline through nginx receives each published event on its own, promptly', async ({
  page,
  api,
}) => {
  const requests = recordRequests(page);
  const id = await api.createSession({ browser: { console: { enabled: true } } });
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');

  const timings: number[] = [];
  for (let step = 1; step <= STEPS; step += 1) {
    const text = `nginx event step ${step} of ${STEPS}`;
    const started = Date.now();
    await api.publish(id, [consoleLog(text)]);
    await expect(timeline.row(text)).toBeVisible({ timeout: PROMPT_MS });
    timings.push(Date.now() - started);
    await expect(timeline.row(/nginx event step/)).toHaveCount(step, { timeout: 0 });
  }
  note('telemetry events', timings);
  const streams = requests.filter((url) => url.includes(`/api/browsers/${id}/telemetry/stream`));
  expect(streams, 'one stream carried every event (no reconnects)').toHaveLength(1);
  expectOnlyNginx(requests);
});

test('clipboard write through nginx reaches the session', async ({ page, api }) => {
  const requests = recordRequests(page);
  const { id } = await SessionPage.openNew(page, api);
  const panel = page.getByRole('complementary', { name: 'Clipboard' });
  const text = 'sent through nginx ✓\nsecond line';
  await panel.getByRole('textbox').fill(text);
  await panel.getByRole('textbox').press('Control+Enter');
  await expect(panel.getByRole('status').filter({ hasText: /Sent \d+ bytes/ })).toBeVisible();
  const read = await api.call(`/browsers/${id}/computer/clipboard/read`, { method: 'POST' });
  expect(await read.json()).toEqual({ text });
  expectOnlyNginx(requests);
});

test('a session browser’s cdp_ws_url points at nginx and its WebSocket works through it', async ({
  api,
}) => {
  const id = await api.createSession();
  const info = (await (await nginxApi(`/browsers/${id}`)).json()) as {
    cdp_ws_url: string;
    browser_unavailable_reason?: string;
  };
  test.skip(
    info.cdp_ws_url === '',
    `the session has no browser: ${info.browser_unavailable_reason}`,
  );
  expect(info.cdp_ws_url).toMatch(
    new RegExp(`^ws://127\\.0\\.0\\.1:${new URL(NGINX_URL).port}/api/browsers/${id}/cdp\\?jwt=`),
  );
  const socket = new WebSocket(info.cdp_ws_url);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const reply = new Promise<{ id: number; result?: { product?: string } }>((resolve) => {
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { id?: number };
        if (message.id === 1) resolve(message as { id: number; result?: { product?: string } });
      });
    });
    socket.send(JSON.stringify({ id: 1, method: 'Browser.getVersion' }));
    expect((await reply).result?.product).toMatch(/Chrome/);
  } finally {
    if (socket.readyState !== WebSocket.CLOSED) {
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    }
  }
  // nginx logs a WebSocket when it ends.
  const upgradeLine = async () =>
    (await nginx.accessLog()).find((line) => line.includes(`/api/browsers/${id}/cdp `));
  await expect.poll(upgradeLine, { message: 'the WebSocket went through nginx' }).toMatch(/" 101 /);
  expect(await upgradeLine(), 'the cdp secret is not logged').not.toContain('jwt');
});

/** Sends one raw HTTP/1.1 request to nginx and returns what came back. */
function rawRequest(head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(NGINX_URL).port) });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), text }),
    );
    socket.on('error', reject);
  });
}

test('nginx proxies only /api, and only to its upstream: absolute URLs and other paths are not', async ({
  api,
}) => {
  // A server the requests below name as their target: it must never be reached.
  let canaryHits = 0;
  const canary: Server = createServer((_req, res) => {
    canaryHits += 1;
    res.writeHead(418, { 'X-Canary': 'reached' }).end('canary');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const canaryHost = `127.0.0.1:${(canary.address() as AddressInfo).port}`;
  try {
    const id = await api.createSession();
    const attempts = [
      // absolute-form request target naming another host: answered by our upstream, not the canary
      `GET http://${canaryHost}/api/browsers/${id} HTTP/1.1\r\nHost: ${canaryHost}`,
      `GET http://${canaryHost}/ HTTP/1.1\r\nHost: ${canaryHost}`,
      // an absolute URL smuggled into an /api path
      `GET /api/http://${canaryHost}/ HTTP/1.1\r\nHost: ${canaryHost}`,
      `GET /api//${canaryHost}/ HTTP/1.1\r\nHost: 127.0.0.1`,
      // forward-proxy tunnelling
      `CONNECT ${canaryHost} HTTP/1.1\r\nHost: ${canaryHost}`,
    ];
    for (const head of attempts) {
      const { status, text } = await rawRequest(head);
      expect(text, head).not.toContain('X-Canary');
      expect(status, head).not.toBe(418);
    }
    expect(canaryHits, 'requests that reached the canary').toBe(0);

    const absolute = await rawRequest(
      `GET http://${canaryHost}/api/browsers/${id} HTTP/1.1\r\nHost: ${canaryHost}`,
    );
    expect(absolute.status, 'answered by the e2e server: no token').toBe(401);

    // Paths outside /api (also after nginx normalises them) are answered by nginx itself, never
    // by the server behind it. Raw requests: a client library would normalise the dot segments.
    const outside = [
      'GET /apix/browsers',
      'GET /server/main.ts',
      'GET /.git/config',
      'GET /api',
      'GET /package.json',
      'GET /api/%2e%2e/server/main.ts',
      'GET /api/browsers/../../server/main.ts',
      'POST /console-config.json',
    ];
    for (const request of outside) {
      const { text } = await rawRequest(
        `${request} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${E2E_TOKEN}\r\nContent-Length: 0`,
      );
      expect(text, request).toMatch(/\r\nServer: nginx\r\n/);
      expect(text, request).not.toMatch(/\r\nContent-Type: application\/json/);
    }
    const log = await nginx.accessLog();
    for (const request of outside) {
      const lines = log.filter((line) => line.includes(`"${request} HTTP/1.1"`));
      expect(lines, `${request} in the access log`).toHaveLength(1);
      expect(lines[0], request).toContain(' upstream=- ');
    }
    // Whatever was proxied went to the one upstream.
    for (const line of log.filter((entry) => !entry.includes(' upstream=- '))) {
      expect(line).toContain(` upstream=127.0.0.1:${E2E_PORT} `);
    }
  } finally {
    await new Promise<void>((resolve) => canary.close(() => resolve()));
  }
});

test('through nginx, ten log streams, eight pages and a clipboard send all work: the streams share the stream relay', async ({
  page,
  context,
  api,
}) => {
  test.setTimeout(90_000);
  const relays: string[] = [];
  page.on('websocket', (socket) => relays.push(socket.url()));
  await manyStreams(page, context, api);
  expect(relays).toEqual([`${NGINX_URL.replace(/^http/, 'ws')}/api/_streams`]);
});
