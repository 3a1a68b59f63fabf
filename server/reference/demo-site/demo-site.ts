import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError, parseJsonBody, readBody, sendError, sendJson } from '../../shared/http.ts';

/** Absolute path of the demo shop's static files (`site/`), served as they are. */
export const DEMO_SITE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'site');

/** A running demo site. */
export interface DemoSite {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** Stops the server and drops every open connection; safe to call more than once. */
  close(): Promise<void>;
}

const ACCOUNT_BODY_LIMIT = 64 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
};

const PRODUCTS = [
  { id: 'p-100', name: 'Summit 2 Tent', category: 'Shelter', price: 249, hue: 150 },
  { id: 'p-101', name: 'Trailhead 45L Pack', category: 'Packs', price: 179, hue: 25 },
  { id: 'p-102', name: 'Stormline Shell', category: 'Clothing', price: 229, hue: 210 },
  { id: 'p-103', name: 'Ember Down Jacket', category: 'Clothing', price: 199, hue: 5 },
  { id: 'p-104', name: 'Basecamp Stove', category: 'Cooking', price: 64.5, hue: 45 },
  { id: 'p-105', name: 'Ridge Trekking Poles', category: 'Accessories', price: 89, hue: 270 },
  { id: 'p-106', name: 'Drift Sleeping Pad', category: 'Sleep', price: 119, hue: 185 },
  { id: 'p-107', name: 'Lumen 400 Headlamp', category: 'Accessories', price: 42.95, hue: 330 },
];

/**
 * Starts the demo shop (static pages plus a small JSON API with some deliberately broken routes)
 * on `host` (default 127.0.0.1) and `port` (default 0, an ephemeral port).
 */
export async function startDemoSite(
  options: { host?: string; port?: number } = {},
): Promise<DemoSite> {
  const host = options.host ?? '127.0.0.1';
  const timers = new Set<NodeJS.Timeout>();

  /** Runs `fn` after a random 20–150 ms, like a real backend would take. */
  function later(fn: () => void): void {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        fn();
      },
      20 + Math.floor(Math.random() * 131),
    );
    timers.add(timer);
  }

  const server = createServer((req, res) => {
    handle(req, res, later).catch((error: unknown) => {
      if (error instanceof HttpError) {
        sendError(res, error);
      } else if (res.headersSent) {
        res.destroy();
      } else {
        sendText(res, 500, 'internal error');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const urlHost = address.includes(':') ? `[${address}]` : address;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}/`,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  later: (fn: () => void) => void,
): Promise<void> {
  const rawPath = (req.url ?? '/').split('?', 1)[0] ?? '/';
  if (rawPath.startsWith('/api/')) {
    await handleApi(req, res, rawPath.slice('/api/'.length), later);
  } else {
    await serveStatic(req, res, rawPath);
  }
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  later: (fn: () => void) => void,
): Promise<void> {
  const key = `${req.method ?? 'GET'} ${route}`;
  if (key === 'POST account') {
    // Read (and drop) the body before answering; it is never logged.
    parseJsonBody(await readBody(req, ACCOUNT_BODY_LIMIT));
    later(() => sendJson(res, 200, { ok: true }));
    return;
  }
  later(() => {
    switch (key) {
      case 'GET products':
        sendJson(res, 200, PRODUCTS);
        break;
      case 'GET recommendations':
        // Deliberately has no items, so the page's parser throws.
        sendJson(res, 200, { recommendations: null });
        break;
      case 'GET prices':
        sendJson(res, 200, []);
        break;
      case 'GET reviews/missing':
        sendJson(res, 404, { error: 'no reviews' });
        break;
      case 'GET inventory':
        sendJson(res, 500, { code: 'internal', message: 'inventory service unavailable' });
        break;
      case 'GET flaky':
        // A network-level failure: the connection goes away without any response.
        req.socket.destroy();
        break;
      default:
        sendText(res, 404, 'not found');
    }
  });
}

async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'method not allowed', { Allow: 'GET, HEAD' });
    return;
  }
  const file = resolveSitePath(rawPath === '/' ? '/index.html' : rawPath);
  const type = file === undefined ? undefined : CONTENT_TYPES[path.extname(file).toLowerCase()];
  if (file === undefined || type === undefined || !(await isFile(file))) {
    sendText(res, 404, 'not found');
    return;
  }
  const body = await readFile(file);
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Maps a URL path to a file inside {@link DEMO_SITE_DIR}, or `undefined` if it would escape it. */
function resolveSitePath(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.endsWith('/')) return undefined;
  const file = path.resolve(DEMO_SITE_DIR, `.${decoded}`);
  return file.startsWith(DEMO_SITE_DIR + path.sep) ? file : undefined;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}
