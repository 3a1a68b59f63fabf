import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorBody, ApiErrorDetail } from '../../src/types/api.ts';

/** An error that is answered as a JSON Error body with the given HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: ApiErrorDetail[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details && details.length > 0 ? details : undefined;
    this.headers = headers;
  }

  body(): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, error.status, error.body(), error.headers);
}

/** Reads a request body up to `limit` bytes; larger bodies are a 413 with an Error body. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'payload_too_large', `request body exceeds ${limit} bytes`);
}

/** Parses a JSON request body; an empty body is `undefined`, invalid JSON is a 400. */
export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch (error) {
    throw new HttpError(400, 'bad_request', 'request body is not valid JSON', [
      { code: 'invalid_json', message: error instanceof Error ? error.message : String(error) },
    ]);
  }
}

export { isRecord } from '../../src/lib/is-record.ts';
