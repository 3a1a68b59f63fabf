import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { format } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startConsoleServer, type RunningConsoleServer } from './console-server.ts';
import { defaultReferenceConfig } from './reference/config.ts';
import { SUPERVISOR_LOG_DIR } from './reference/session.ts';
import { SseReader } from './testing/sse-reader.ts';

/**
 * The API token never reaches the server's output (stdout, stderr, console), the session's own
 * request log, its telemetry or any response, whether it was right, wrong, malformed or put where
 * it does not belong (a query string), in reference mode and when forwarding to an upstream.
 */

const TOKEN = 'sk_leakcheck_RIGHT_7f3a9c1e5b';
const WRONG = 'sk_leakcheck_WRONG_2d4b6f8a0c';
const SECRETS = [TOKEN, WRONG, 'leakcheck'];

/** Everything written to stdout, stderr and the console while a test runs. */
let output: string[] = [];

beforeEach(() => {
  output = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      output.push(format(...args));
    });
  }
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      output.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  }
});

let running: RunningConsoleServer | undefined;
let upstream: Server | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  if (upstream) {
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream?.close(() => resolve()));
    upstream = undefined;
  }
  vi.restoreAllMocks();
});

function expectNoSecret(text: string, where: string): void {
  for (const secret of SECRETS) expect(text, `${where} contains ${secret}`).not.toContain(secret);
}

async function startReferenceMode(): Promise<RunningConsoleServer> {
  running = await startConsoleServer({
    host: '127.0.0.1',
    port: 0,
    staticRoot: path.join(import.meta.dirname, 'no-such-dist'),
    gatewayMaxBodyBytes: 64 * 1024,
    reference: defaultReferenceConfig({
      token: TOKEN,
      browser: false,
      faults: true,
      keepaliveMs: 200,
      maxBodyBytes: 1024,
    }),
    demoSessionId: 'demo',
  });
  return running;
}

describe('the token stays out of logs, request logs, telemetry and responses', () => {
  it('in reference mode, with a wrong, a malformed and a right token', async () => {
    const server = await startReferenceMode();
    const api = `${server.url}/api`;
    const bodies: string[] = [];
    const call = async (
      pathname: string,
      init: RequestInit & { auth?: string | null } = {},
    ): Promise<Response> => {
      const { auth = `Bearer ${TOKEN}`, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (auth !== null) headers.set('Authorization', auth);
      const response = await fetch(`${api}${pathname}`, { ...rest, headers });
      bodies.push(
        `${response.status} ${[...response.headers].join(' ')} ${await response.clone().text()}`,
      );
      return response;
    };

    // refused: wrong token, other schemes, the token outside the Authorization header
    for (const auth of [
      `Bearer ${WRONG}`,
      `Basic ${Buffer.from(`user:${WRONG}`).toString('base64')}`,
      WRONG,
      `Token ${WRONG}`,
      `Bearer ${WRONG}\u00e9`,
      null,
    ]) {
      const response = await call('/browsers/demo', { auth });
      expect(response.status, String(auth)).toBe(401);
    }
    expect((await call(`/browsers/demo?token=${WRONG}`, { auth: null })).status).toBe(401);

    // accepted: a session's whole life, including failures that echo parts of the request
    const created = await call('/browsers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // the platform category too: most of the calls below are platform calls
      body: JSON.stringify({ telemetry: { browser: { platform: { enabled: true } } } }),
    });
    const { session_id: id } = (await created.json()) as { session_id: string };
    await call(`/browsers/${id}`);
    await call(`/browsers/${id}?api_key=${TOKEN}`);
    await call(`/browsers/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"telemetry":{"browser":{"console":{"enabled":true}}}}',
    });
    await call(`/browsers/${id}/computer/clipboard/write`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'hello' }),
    });
    await call(`/browsers/${id}/computer/clipboard/write`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    await call(`/browsers/${id}/telemetry/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[{"type":"probe","category":"probe","data":{"n":1}}]',
    });
    await call(`/browsers/${id}/logs/stream?source=path&path=relative&token=${TOKEN}`);
    await call(`/browsers/${id}/nope?token=${TOKEN}`);
    await call(`/browsers/no-such-session?token=${TOKEN}`);

    // the streams, read and closed
    const headers = { Authorization: `Bearer ${TOKEN}` };
    const logs = await SseReader.open(
      `${api}/browsers/${id}/logs/stream?source=supervisor&supervisor_process=kernel-images-api&follow=false`,
      headers,
    );
    await logs.until((reader) => reader.data.length >= 8);
    const telemetry = await SseReader.open(
      `${api}/browsers/${id}/telemetry/stream?replay=all`,
      headers,
    );
    await telemetry.until((reader) => reader.data.length >= 8);
    await call(`/browsers/${id}/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"action":"drop_streams"}',
    });
    await logs.until((reader) => reader.closed);
    await telemetry.until((reader) => reader.closed);

    // the session's own request log, as a file and as served
    const requestLog = await readFile(
      path.join(server.reference?.sessionsDir ?? '', id, SUPERVISOR_LOG_DIR, 'kernel-images-api'),
      'utf8',
    );
    expect(requestLog.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(10);
    expect(requestLog).toContain('"path":"/browsers/');
    expectNoSecret(requestLog, 'the kernel-images-api log file');
    expectNoSecret(logs.data.join('\n'), 'the kernel-images-api log stream');
    expectNoSecret(telemetry.data.join('\n'), 'the api_call telemetry');
    expect(telemetry.data.join('\n')).toContain('"operation_id":"writeClipboard"');

    await call(`/browsers/${id}`, { method: 'DELETE' });
    expectNoSecret(bodies.join('\n'), 'responses');
    expectNoSecret(output.join('\n'), 'server output');
  });

  it('when forwarding to an upstream that fails, answers errors or is unreachable', async () => {
    let mode: 'error' | 'reset' = 'error';
    upstream = createServer((req, res) => {
      if (mode === 'reset') {
        req.socket.destroy();
        return;
      }
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end('{"code":"internal","message":"upstream trouble"}');
    });
    await new Promise<void>((resolve) => upstream?.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    running = await startConsoleServer({
      host: '127.0.0.1',
      port: 0,
      staticRoot: path.join(import.meta.dirname, 'no-such-dist'),
      upstreamBaseUrl: upstreamUrl,
      gatewayMaxBodyBytes: 1024,
      reference: defaultReferenceConfig({ token: 'unused', browser: false }),
      demoSessionId: 'demo',
    });
    const bodies: string[] = [];
    const call = async (pathname: string, init: RequestInit = {}): Promise<number> => {
      const headers = new Headers(init.headers);
      headers.set('Authorization', `Bearer ${TOKEN}`);
      const response = await fetch(`${running?.url ?? ''}/api${pathname}`, { ...init, headers });
      bodies.push(`${[...response.headers].join(' ')} ${await response.text()}`);
      return response.status;
    };
    expect(await call('/browsers/x')).toBe(500);
    expect(await call(`/browsers/x?token=${TOKEN}`)).toBe(500);
    expect(await call('/browsers/..%2f..%2fx')).toBe(400);
    expect(
      await call('/browsers/x/computer/clipboard/write', {
        method: 'POST',
        body: 'x'.repeat(4096),
      }),
    ).toBe(413);
    mode = 'reset';
    expect(await call('/browsers/x')).toBe(502);
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream?.close(() => resolve()));
    upstream = undefined;
    expect(await call('/browsers/x')).toBe(502);
    expectNoSecret(bodies.join('\n'), 'responses');
    expectNoSecret(output.join('\n'), 'server output');
  });
});
