import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv4 } from 'node:net';
import { HttpError, sendError, sendJson } from '../shared/http.ts';
import { createHostPolicy, hostName, type HostPolicy } from './host-policy.ts';
import { refuseMovingSegments } from './path-segments.ts';
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
    // a recording is fetched with the token and played from a blob: URL
    "media-src 'self' blob:",
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

/**
 * Headers on every `/api` response instead: whatever the upstream (or anything on its path) sends
 * there, a browser neither runs it nor renders it as a page of this origin (no script, no
 * subresources, a unique sandboxed origin), never embeds it in another origin's page, and never
 * stores it (responses are read with the user's token).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
});

export interface GatewayOptions {
  /** The built dashboard (`dist/`). */
  staticRoot: string;
  /** Answers everything under `/api`: the reference server or the upstream proxy. */
  api: ApiHandler;
  /** The body of `GET /console-config.json`; `{}` when absent. */
  clientConfig?: (req: IncomingMessage) => unknown;
  /** Which `Host` names are answered; by default loopback names and IP literals only. */
  hosts?: HostPolicy;
  /**
   * The one other origin the dashboard may frame (the reference server's live view), for a page
   * served under `host`; the CSP's `frame-src` then names it beside `'self'`.
   */
  frameOrigin?: (host: string | undefined) => string | undefined;
  /** More origins the dashboard may frame (an upstream's live views: LIVE_VIEW_ORIGINS). */
  frameOrigins?: readonly string[];
}

/** An origin fit to stand in a CSP: `scheme://host[:port]` and nothing else. */
const CSP_ORIGIN = /^https?:\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/** The dashboard's CSP, letting it frame `origin` as well as itself when one is given. */
export function dashboardCsp(origin: string | undefined, more: readonly string[] = []): string {
  const base = SECURITY_HEADERS['Content-Security-Policy'] as string;
  const origins = [origin, ...more].filter(
    (each): each is string => each !== undefined && isFrameOrigin(each),
  );
  return origins.length > 0 ? `${base}; frame-src 'self' ${origins.join(' ')}` : base;
}

/**
 * An origin a CSP may name in frame-src: scheme, host (an IP literal, a name, or `*.` and a name
 * for its subdomains) and port, nothing that could add a directive.
 */
export function isFrameOrigin(origin: string): boolean {
  return CSP_ORIGIN.test(origin.startsWith('http') ? origin.replace('://*.', '://') : origin);
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The request listener for node:http's createServer: dashboard files, config, and `/api`. */
export function createGateway(options: GatewayOptions): RequestListener {
  const serveStatic = createStaticHandler({ root: options.staticRoot });
  const hosts = options.hosts ?? createHostPolicy();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '';
    // Absolute-form (`GET http://host/ HTTP/1.1`) and `*` targets: this is not a forward proxy.
    if (!url.startsWith('/')) {
      throw new HttpError(400, 'bad_request', 'request target must be a path');
    }
    const apiPath = toApiPath(url);
    if (apiPath !== undefined) {
      refuseMovingSegments(apiPath);
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
    const api = toApiPath(req.url ?? '') !== undefined;
    for (const [name, value] of Object.entries(api ? API_SECURITY_HEADERS : SECURITY_HEADERS)) {
      res.setHeader(name, value);
    }
    if (!hosts.allows(req.headers.host)) {
      answerError(res, misdirected(req.headers.host ?? ''));
      return;
    }
    if (!api && (options.frameOrigin || options.frameOrigins?.length))
      res.setHeader(
        'Content-Security-Policy',
        dashboardCsp(options.frameOrigin?.(req.headers.host), options.frameOrigins),
      );
    route(req, res).catch((error: unknown) => answerError(res, error));
  };
}

/** A `Host` this server does not serve: most likely a DNS-rebinding page, or a missing ALLOWED_HOSTS. */
function misdirected(hostHeader: string): HttpError {
  const name = (hostName(hostHeader) ?? hostHeader).slice(0, 256);
  return new HttpError(
    421,
    'misdirected_request',
    `this server does not answer for host ${JSON.stringify(name)}; add it to ALLOWED_HOSTS to serve it under that name`,
  );
}

/** `/api` → `/`, `/api?x` → `/?x`, `/api/a?b` → `/a?b`; anything else is not an API path. */
export function toApiPath(url: string): string | undefined {
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
