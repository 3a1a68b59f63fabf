// The live view's own HTTP listener, on an origin that is not the dashboard's or the API's: each
// session's page (`/live/{id}/?jwt=…`, its credential checked), the page's script and style, and
// its WebSocket (`/live/{id}/socket?jwt=…[&readOnly=true]`) that carries frames out and input in
// (viewer.ts). Also where a session's `browser_live_view_url` points and the origin the
// dashboard's CSP lets it frame.
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { LiveViewAddress, Session } from '../session.ts';
import { CLOSE_SERVER_CLOSING, serveViewer, type Viewer } from './viewer.ts';

export interface LiveViewServer extends LiveViewAddress {
  /** The live view's origin for a dashboard reached under `host` (its Host header). */
  originFor(host: string | undefined): string;
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Closes every viewer and stops listening. */
  close(): Promise<void>;
}

export interface LiveViewOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The live view's public base when something in front serves it (`https://live.example.com`). */
  publicUrl: string | undefined;
  session(id: string): Session | undefined;
}

const PAGE_DIR = new URL('./page/', import.meta.url);
const ASSETS: Record<string, { type: string; body: Buffer }> = {
  'live-view.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('live-view.js', PAGE_DIR)),
  },
  'live-view.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('live-view.css', PAGE_DIR)),
  },
};
const PAGE = readFileSync(new URL('live-view.html', PAGE_DIR));

/**
 * The page runs only its own script and style, talks only to its own origin, and may be framed
 * by any page: whoever holds the URL holds the credential, and the page is meant to be embedded
 * (as upstream's is). No referrer ever carries the credential anywhere.
 */
const PAGE_HEADERS: OutgoingHttpHeaders = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const PATH = /^\/live\/([A-Za-z0-9][A-Za-z0-9_-]{0,63})\/([a-z.-]*)$/;

function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A Host header's name part (`[::1]` kept bracketed); undefined unless it is a plain host. */
function hostNameOf(host: string | undefined): string | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(host ?? '');
  return match?.[1];
}

type Check = { session: Session } | { status: number; text: string };

/** The session a request's path and `jwt` name, or why not. */
function check(options: LiveViewOptions, id: string, url: URL): Check {
  const session = options.session(id);
  if (!session) return { status: 404, text: 'no such session (it may have ended)' };
  if (!sameSecret(url.searchParams.get('jwt'), session.liveViewSecret))
    return { status: 401, text: 'this live view link is not valid' };
  if (!session.browser || session.browserUnavailableReason)
    return { status: 404, text: 'this session has no browser to show' };
  return { session };
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    ...PAGE_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\n` +
      `Content-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** Starts the live view's listener. */
export async function startLiveViewServer(options: LiveViewOptions): Promise<LiveViewServer> {
  const viewers = new Set<Viewer>();
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    perMessageDeflate: false,
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://live-view.invalid');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return answer(res, 405, 'method not allowed');
    }
    const match = PATH.exec(url.pathname);
    const asset = match?.[2] ? ASSETS[match[2]] : undefined;
    if (asset) {
      res.writeHead(200, {
        'Content-Type': asset.type,
        'Content-Length': asset.body.length,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : asset.body);
      return;
    }
    if (!match?.[1] || match[2] !== '') return answer(res, 404, 'not found');
    const found = check(options, match[1], url);
    if ('status' in found) return answer(res, found.status, found.text);
    res.writeHead(200, {
      ...PAGE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': PAGE.length,
    });
    res.end(req.method === 'HEAD' ? undefined : PAGE);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://live-view.invalid');
    const match = PATH.exec(url.pathname);
    if (!match?.[1] || match[2] !== 'socket') return refuseUpgrade(socket, 404, 'not found');
    // a page of another origin may not open it (the credential is what really guards it)
    const origin = req.headers.origin;
    if (origin !== undefined && URL.canParse(origin) && new URL(origin).host !== req.headers.host)
      return refuseUpgrade(socket, 403, 'another origin may not open the live view');
    const found = check(options, match[1], url);
    if ('status' in found) return refuseUpgrade(socket, found.status, found.text);
    const { session } = found;
    const browser = session.browser;
    if (!browser) return refuseUpgrade(socket, 404, 'this session has no browser to show');
    const readOnly = url.searchParams.get('readOnly') === 'true';
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const viewer = serveViewer(ws, { session, browser, readOnly });
      viewers.add(viewer);
      ws.on('close', () => viewers.delete(viewer));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const reachable = wildcard
    ? address.family === 'IPv6'
      ? '[::1]'
      : '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  const ownUrl = `http://${reachable}:${address.port}`;
  const publicBase = options.publicUrl?.replace(/\/+$/, '');

  const originFor = (host: string | undefined): string => {
    if (publicBase) return new URL(publicBase).origin;
    const name = hostNameOf(host);
    return name ? `http://${name}:${address.port}` : ownUrl;
  };

  return {
    url: ownUrl,
    originFor,
    urlFor(id, secret, apiWsBase) {
      const apiHost = URL.canParse(apiWsBase) ? new URL(apiWsBase).host : undefined;
      const base = publicBase ?? originFor(apiHost);
      return `${base}/live/${encodeURIComponent(id)}/?jwt=${secret}`;
    },
    async close() {
      for (const viewer of [...viewers])
        viewer.close('server_closing', CLOSE_SERVER_CLOSING, 'the server is stopping');
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
