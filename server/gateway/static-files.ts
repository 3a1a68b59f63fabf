import type { FileHandle } from 'node:fs/promises';
import { open, realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Vite fingerprints everything under /assets/, so those files never change under one name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Resolves true when it answered the request; false for methods other than GET and HEAD. */
export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

interface OpenFile {
  handle: FileHandle;
  size: number;
}

/**
 * Serves a built dashboard (`dist/`). Paths that are not files and have no extension get
 * index.html, so client-side routes survive a reload.
 */
export function createStaticHandler(options: { root: string }): StaticHandler {
  const root = path.resolve(options.root);
  let realRoot: string | undefined;

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const requested = decodeRequestPath(req.url ?? '/');
    if (requested === undefined) {
      sendText(res, 400, 'bad request');
      return true;
    }
    realRoot ??= await realpath(root).catch(() => undefined);
    if (realRoot === undefined) {
      sendText(res, 404, 'not found');
      return true;
    }
    const file = await openInside(realRoot, path.join(root, requested));
    if (file) {
      const cache = requested.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
      await sendFile(req, res, file, contentType(requested), cache);
      return true;
    }
    if (path.posix.extname(requested) !== '') {
      sendText(res, 404, 'not found');
      return true;
    }
    const index = await openInside(realRoot, path.join(root, 'index.html'));
    if (!index) {
      sendText(res, 404, 'not found');
      return true;
    }
    await sendFile(req, res, index, CONTENT_TYPES['.html'] ?? 'text/html', 'no-cache');
    return true;
  };
}

/** The decoded path, or undefined when it is malformed or tries to climb out of the root. */
function decodeRequestPath(url: string): string | undefined {
  const rawPath = url.split('?', 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\\') || decoded.includes('\0')) {
    return undefined;
  }
  if (decoded.split('/').includes('..')) return undefined;
  return decoded;
}

/** Opens a regular file whose real path (symlinks resolved) lies inside the root. */
async function openInside(realRoot: string, filePath: string): Promise<OpenFile | undefined> {
  const real = await realpath(filePath).catch(() => undefined);
  if (real === undefined || !isInside(realRoot, real)) return undefined;
  const handle = await open(real, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, size: stats.size };
  } catch {
    // treated as missing below
  }
  await handle.close();
  return undefined;
}

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: OpenFile,
  type: string,
  cacheControl: string,
): Promise<void> {
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': file.size,
    'Cache-Control': cacheControl,
  });
  if (req.method === 'HEAD') {
    await file.handle.close();
    res.end();
    return;
  }
  try {
    await pipeline(file.handle.createReadStream(), res);
  } catch {
    res.destroy();
  }
}

function contentType(filePath: string): string {
  return CONTENT_TYPES[path.posix.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
