import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv4 } from 'node:net';
import { HttpError, sendError, sendJson } from '../shared/http.ts';
import { createStaticHandler } from './static-files.ts';
import type { ApiHandler } from './types.ts';

/**
 * Headers on every response the gateway sends. A reverse proxy placed in front (nginx, Caddy)
 * should send the same values.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
});

export interface GatewayOptions {
  /** The built dashboard (`dist/`). */
  staticRoot: string;
  /** Answers everything under `/api`: the reference server or the upstream proxy. */
  api: ApiHandler;
  /** The body of `GET /console-config.json`; `{}` when absent. */
  clientConfig?: (req: IncomingMessage) => unknown;
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The request listener for node:http's createServer: dashboard files, config, and `/api`. */
export function createGateway(options: GatewayOptions): RequestListener {
  const serveStatic = createStaticHandler({ root: options.staticRoot });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '';
    // Absolute-form (`GET http://host/ HTTP/1.1`) and `*` targets: this is not a forward proxy.
    if (!url.startsWith('/')) {
      throw new HttpError(400, 'bad_request', 'request target must be a path');
    }
    const apiPath = toApiPath(url);
    if (apiPath !== undefined) {
      options.api(req, res, apiPath);
      return;
    }
    const pathname = url.split('?', 1)[0];
    if (pathname === '/console-config.json') {
      requireGetOrHead(req);
      sendJson(res, 200, options.clientConfig?.(req) ?? {}, { 'Cache-Control': 'no-store' });
      return;
    }
    if (await serveStatic(req, res)) return;
    requireGetOrHead(req);
    throw new HttpError(404, 'not_found', 'not found');
  }

  return (req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    route(req, res).catch((error: unknown) => answerError(res, error));
  };
}

/** `/api` → `/`, `/api?x` → `/?x`, `/api/a?b` → `/a?b`; anything else is not an API path. */
function toApiPath(url: string): string | undefined {
  if (url === '/api' || url.startsWith('/api?')) return `/${url.slice(4)}`;
  if (url.startsWith('/api/')) return url.slice(4);
  return undefined;
}

function requireGetOrHead(req: IncomingMessage): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpError(405, 'method_not_allowed', 'method not allowed', undefined, {
      Allow: 'GET, HEAD',
    });
  }
}

function answerError(res: ServerResponse, error: unknown): void {
  try {
    if (error instanceof HttpError) {
      sendError(res, error);
      return;
    }
    console.error('gateway: unexpected error', error);
    sendError(res, new HttpError(500, 'internal_error', 'internal server error'));
  } catch {
    res.destroy();
  }
}

/**
 * True when the request came over a loopback address (127.0.0.0/8, ::1, ::ffff:127.x.x.x).
 * Behind a reverse proxy on the same host every request looks local, so anything granted on
 * loopback must be acceptable for whoever can reach that proxy.
 */
export function isLoopback(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress;
  if (address === undefined) return false;
  if (address === '::1') return true;
  const mapped = address.toLowerCase().startsWith('::ffff:');
  const v4 = mapped ? address.slice('::ffff:'.length) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}
