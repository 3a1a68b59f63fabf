import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startConsoleServer, type RunningConsoleServer } from '../console-server.ts';
import { defaultReferenceConfig } from '../reference/config.ts';
import { createHostPolicy, hostName, isLoopbackHost } from './host-policy.ts';
import { send, sendRaw, statusOf } from './test-helpers.ts';

/**
 * DNS rebinding: a page on `attacker.example` whose name resolves to 127.0.0.1 reaches the
 * server with `Host: attacker.example`. It must get nothing: not the demo credentials, not /api.
 */

const TOKEN = 'sk_rebinding_check_token';
let running: RunningConsoleServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function startReference(allowedHosts = ''): Promise<number> {
  running = await startConsoleServer({
    host: '127.0.0.1',
    port: 0,
    staticRoot: path.join(import.meta.dirname, 'no-such-dist'),
    gatewayMaxBodyBytes: 1024,
    allowedHosts,
    reference: defaultReferenceConfig({ browser: false, token: TOKEN }),
    demoSessionId: 'demo',
  });
  return Number(new URL(running.url).port);
}

function get(port: number, target: string, headers: Record<string, string>) {
  return send(port, target, { headers });
}

describe('host names the server answers', () => {
  it('refuses a name it does not serve (421) on pages, config, /api and WebSockets alike', async () => {
    const port = await startReference();
    for (const target of ['/', '/console-config.json', '/api/browsers/demo']) {
      const reply = await get(port, target, {
        Host: `attacker.example:${port}`,
        Authorization: `Bearer ${TOKEN}`,
      });
      expect(reply.status, target).toBe(421);
      expect(reply.text).not.toContain(TOKEN);
      expect(JSON.parse(reply.text)).toMatchObject({ code: 'misdirected_request' });
      expect(JSON.parse(reply.text).message).toContain('ALLOWED_HOSTS');
    }
    const upgrade = await sendRaw(
      port,
      `GET /api/browsers/demo/cdp HTTP/1.1\r\nHost: attacker.example\r\nConnection: Upgrade\r\n` +
        'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        'Connection: close\r\n\r\n',
    );
    expect(statusOf(upgrade)).toBe(421);
  });

  it('answers loopback names, IP literals and the names ALLOWED_HOSTS lists', async () => {
    const port = await startReference('console.example.com, .corp.example');
    const auth = { Authorization: `Bearer ${TOKEN}` };
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      'LOCALHOST',
      'app.localhost',
      `[::1]:${port}`,
      '192.168.1.20',
      'console.example.com',
      'Console.Example.com.:443',
      'corp.example',
      'a.b.corp.example',
    ]) {
      expect((await get(port, '/api/browsers/demo', { ...auth, Host: host })).status, host).toBe(
        200,
      );
    }
    for (const host of [
      'example.com',
      'console.example.com.attacker.example',
      'notcorp.example',
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
      'a b',
    ]) {
      expect((await get(port, '/api/browsers/demo', { ...auth, Host: host })).status, host).toBe(
        421,
      );
    }
  });

  it('parses Host values and ALLOWED_HOSTS strictly', () => {
    expect(hostName('[::1]:7300')).toBe('::1');
    expect(hostName('Example.COM.:80')).toBe('example.com');
    expect(hostName('[evil]')).toBeUndefined();
    expect(hostName('a@b')).toBeUndefined();
    expect(isLoopbackHost('127.8.9.1:1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(createHostPolicy('*').allows('anything.example')).toBe(true);
    expect(createHostPolicy('').allows(undefined)).toBe(true);
    expect(() => createHostPolicy('https://console.example.com')).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('the demo credentials', () => {
  async function config(port: number, headers: Record<string, string>): Promise<unknown> {
    return JSON.parse((await get(port, '/console-config.json', headers)).text);
  }

  it('go to a loopback Host from a loopback peer with no proxy header', async () => {
    const port = await startReference('console.example.com');
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect(await config(port, { Host: host }), host).toEqual({
        mode: 'reference',
        demo: { sessionId: 'demo', token: TOKEN },
      });
    }
  });

  it('never go to another Host, even one that is served', async () => {
    const port = await startReference('console.example.com');
    for (const host of ['console.example.com', '192.168.1.20']) {
      expect(await config(port, { Host: host }), host).toEqual({ mode: 'reference' });
    }
  });

  it('never go through a proxy of any kind', async () => {
    const port = await startReference();
    for (const [name, value] of [
      ['Forwarded', 'for=203.0.113.9'],
      ['X-Forwarded-For', '203.0.113.9'],
      ['X-Forwarded-Host', 'localhost'],
      ['X-Forwarded-Proto', 'https'],
      ['X-Real-IP', '203.0.113.9'],
      ['X-Client-IP', '203.0.113.9'],
      ['True-Client-IP', '203.0.113.9'],
      ['CF-Connecting-IP', '203.0.113.9'],
      ['Via', '1.1 proxy'],
    ] as const) {
      const seen = await config(port, { Host: `127.0.0.1:${port}`, [name]: value });
      expect(seen, name).toEqual({ mode: 'reference' });
    }
  });
});
