import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../shared/http.ts';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Compares two secrets in constant time, whatever their lengths. */
export function tokensEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** Throws a 401 with an Error body unless the request carries `Authorization: Bearer <token>`. */
export function requireBearer(req: IncomingMessage, expected: string): void {
  const header = req.headers.authorization;
  if (!header) {
    throw new HttpError(
      401,
      'unauthorized',
      'missing Authorization header (expected "Bearer <token>")',
    );
  }
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) {
    throw new HttpError(401, 'unauthorized', 'Authorization header must use the Bearer scheme');
  }
  if (!tokensEqual(match[1].trim(), expected)) {
    throw new HttpError(401, 'unauthorized', 'invalid API token');
  }
}
