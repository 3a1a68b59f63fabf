import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type {
  ClientRequest,
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  Server,
  ServerResponse,
} from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { API_SECURITY_HEADERS, createGateway, SECURITY_HEADERS } from './gateway.ts';
import type { GatewayOptions } from './gateway.ts';
import { createUpstreamProxy } from './upstream-proxy.ts';

/** Shared by the gateway tests: real servers on ephemeral loopback ports, raw HTTP clients. */

export async function listen(listener: RequestListener): Promise<{ server: Server; port: number }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface SendOptions {
  method?: string;
  headers?: OutgoingHttpHeaders;
  /**
   * Written as one piece, or chunk by chunk (chunked transfer encoding without Content-Length),
   * or by a function that writes and ends the request itself.
   */
  body?: Buffer | string | Buffer[] | ((req: ClientRequest) => void);
}

/** One request through node:http, which (unlike fetch) sends the path exactly as given. */
export function send(port: number, target: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: target, method: options.method ?? 'GET', agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString(),
          });
        });
        res.on('error', reject);
      },
    );
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value !== undefined) req.setHeader(name, value);
    }
    req.on('error', reject);
    const body = options.body;
    if (typeof body === 'function') {
      body(req);
      return;
    }
    if (Array.isArray(body)) for (const chunk of body) req.write(chunk);
    else if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Writes a request exactly as given over a plain socket and returns the whole raw response. */
export function sendRaw(port: number, requestText: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(requestText));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });
}

export function rawGet(port: number, target: string): Promise<string> {
  return sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
}

export function expectSecurityHeaders(reply: Reply): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(reply.headers[name.toLowerCase()]).toBe(value);
  }
}

export function expectApiSecurityHeaders(reply: Reply): void {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    expect(reply.headers[name.toLowerCase()], name).toBe(value);
  }
}

export function statusOf(rawResponse: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(rawResponse)?.[1] ?? 0);
}

export interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

export function deferred(): Deferred {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Polls until `check` holds; fails after `timeoutMs` instead of hanging. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Harness {
  gatewayPort: number;
  upstreamPort: number;
  /** Every request the fake upstream received, in order. */
  upstreamRequests: IncomingMessage[];
  setUpstream(handler: UpstreamHandler): void;
  close(): Promise<void>;
}

/** A gateway whose /api forwards to a fake upstream at `http://127.0.0.1:<port><basePath>`. */
export async function startHarness(
  options: {
    basePath?: string;
    maxBodyBytes?: number;
    timeoutMs?: number;
  } & Partial<Omit<GatewayOptions, 'api'>> = {},
): Promise<Harness> {
  const upstreamRequests: IncomingMessage[] = [];
  let handler: UpstreamHandler = (_req, res) => res.end('ok');
  const upstream = await listen((req, res) => {
    upstreamRequests.push(req);
    handler(req, res);
  });
  const api = createUpstreamProxy({
    baseUrl: `http://127.0.0.1:${upstream.port}${options.basePath ?? ''}`,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const gateway = await listen(
    createGateway({
      staticRoot: options.staticRoot ?? path.join(tmpdir(), 'session-console-no-dist'),
      api,
      ...(options.clientConfig ? { clientConfig: options.clientConfig } : {}),
      ...(options.hosts ? { hosts: options.hosts } : {}),
    }),
  );
  return {
    gatewayPort: gateway.port,
    upstreamPort: upstream.port,
    upstreamRequests,
    setUpstream: (next) => {
      handler = next;
    },
    close: async () => {
      await closeServer(gateway.server);
      await closeServer(upstream.server);
    },
  };
}

export const SECRET_MARKER = 'outside-the-dist-root';

/** A throwaway `dist/` with a secret file beside it (what a traversal would reach). */
export async function makeDist(): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const outer = await mkdtemp(path.join(tmpdir(), 'session-console-gateway-'));
  const root = path.join(outer, 'dist');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(outer, 'package.json'), `{"secret":"${SECRET_MARKER}"}`);
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Session Console</title>');
  await writeFile(path.join(root, 'assets', 'index-4f3a2b.js'), 'console.log("app");');
  await writeFile(path.join(root, 'assets', 'index-9c8d7e.css'), 'body{margin:0}');
  await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await symlink(path.join(outer, 'package.json'), path.join(root, 'linked.json'));
  return { root, cleanup: () => rm(outer, { recursive: true, force: true }) };
}
