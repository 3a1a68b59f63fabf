import { connect } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startConsoleServer, type RunningConsoleServer } from '../console-server.ts';
import { defaultReferenceConfig } from '../reference/config.ts';
import { sendRaw, statusOf } from './test-helpers.ts';

/**
 * Requests that carry an `Upgrade` header we do not serve (`curl --http2` sends `Upgrade: h2c` on
 * every request) are answered as the ordinary requests they are; only the CDP WebSocket upgrades.
 */

const TOKEN = 'sk_upgrade_check_token';
let running: RunningConsoleServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function startReference(): Promise<number> {
  running = await startConsoleServer({
    host: '127.0.0.1',
    port: 0,
    staticRoot: path.join(import.meta.dirname, 'no-such-dist'),
    gatewayMaxBodyBytes: 1024 * 1024,
    reference: defaultReferenceConfig({ browser: false, token: TOKEN }),
    demoSessionId: 'demo',
  });
  return Number(new URL(running.url).port);
}

/** What curl --http2 sends on a cleartext URL. */
const H2C =
  'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n';

/** Writes `text`, reads until `done` says the responses are complete or the server closes. */
function exchange(port: number, text: string, done: (raw: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let raw = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(raw);
    }, 5000);
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
      if (done(raw)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(raw);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(raw);
    });
    socket.on('error', reject);
  });
}

describe('Upgrade headers we do not serve', () => {
  it('answers an h2c GET as HTTP/1.1, on pages, config and /api', async () => {
    const port = await startReference();
    for (const target of ['/console-config.json', '/api/browsers/demo', '/nope']) {
      const raw = await sendRaw(
        port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n${H2C}` +
          'Connection: close\r\n\r\n',
      );
      expect(raw, target).toMatch(/^HTTP\/1\.1 (200|404) /);
      expect(raw).not.toMatch(/^HTTP\/1\.1 101/);
    }
    const demo = await sendRaw(
      port,
      `GET /api/browsers/demo HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n${H2C}` +
        'Connection: close\r\n\r\n',
    );
    expect(statusOf(demo)).toBe(200);
    expect(demo).toContain('"session_id":"demo"');
  });

  it('reads the body of an upgrading POST, and keeps the connection for the next request', async () => {
    const port = await startReference();
    // the server can only say what is wrong with this body if it read it
    const body = JSON.stringify({ text: 42 });
    const raw = await exchange(
      port,
      `POST /api/browsers/demo/computer/clipboard/write HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${TOKEN}\r\n${H2C}Content-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}` +
        `GET /api/browsers/demo HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
      (text) => text.includes('"session_id":"demo"'),
    );
    const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
    expect(statuses).toEqual(['400', '200']);
    expect(raw).toContain('text must be a string, got number');
  });

  it('answers a WebSocket upgrade anywhere but the CDP path as an ordinary request', async () => {
    const port = await startReference();
    const raw = await sendRaw(
      port,
      `GET /api/browsers/demo HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        'Connection: Upgrade, close\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(statusOf(raw)).toBe(200);
  });

  it('still upgrades the CDP WebSocket (refused here with the session’s own reason)', async () => {
    const port = await startReference();
    // sessions here have no browser: the reference server's answer, not an empty reply
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/browsers/demo/cdp`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(503);
  });
});
