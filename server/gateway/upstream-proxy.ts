import { request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable, Transform } from 'node:stream';
import { HttpError, sendError } from '../shared/http.ts';
import { isStreamingResponse, pickRequestHeaders, pickResponseHeaders } from './proxy-headers.ts';
import type { ApiHandler } from './types.ts';
import { decodersFor, inertHeaders, planBody } from './upstream-body.ts';
import { parseUpstreamBase, resolveUpstreamTarget } from './upstream-target.ts';

export interface UpstreamProxyOptions {
  /** e.g. `https://api.onkernel.com` or `http://127.0.0.1:9999/some/prefix`. */
  baseUrl: string;
  /** Largest request body forwarded; a larger one is answered 413 and never completes upstream. */
  maxBodyBytes: number;
  /** How long to wait for the upstream's response headers. Bodies (streams) have no timeout. */
  timeoutMs?: number;
}

/**
 * Forwards `/api` requests to one upstream, streaming both ways without buffering, with an
 * allow-list of headers in each direction.
 */
export function createUpstreamProxy(options: UpstreamProxyOptions): ApiHandler {
  const base = parseUpstreamBase(options.baseUrl);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  return (req, res, apiPath) => {
    let target: URL;
    try {
      target = resolveUpstreamTarget(base, apiPath);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      sendError(res, error);
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
      sendError(res, tooLarge(options.maxBodyBytes));
      return;
    }
    // Bodies are asked for unencoded (an encoded event stream cannot be passed on frame by frame
    // unread); one that comes encoded anyway is decoded on the way.
    const headers = { ...pickRequestHeaders(req.headers), 'accept-encoding': 'identity' };
    const upstream = send(target, { method: req.method, headers });
    relay(req, res, upstream, { ...options, host: base.host });
  };
}

function relay(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: ClientRequest,
  options: UpstreamProxyOptions & { host: string },
): void {
  let settled = false; // the downstream exchange is over or given up: ignore upstream errors
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  if (options.timeoutMs !== undefined) {
    timer = setTimeout(() => {
      timedOut = true;
      upstream.destroy();
    }, options.timeoutMs);
  }
  const stopTimer = (): void => clearTimeout(timer);
  const abandonUpstream = (): void => {
    settled = true;
    stopTimer();
    upstream.destroy();
  };

  // The browser went away (tab closed, stream aborted): release the upstream at once.
  res.on('close', () => {
    if (!res.writableFinished) abandonUpstream();
  });
  req.on('error', abandonUpstream);

  upstream.on('error', (error) => {
    stopTimer();
    if (settled) return;
    settled = true;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(
      res,
      timedOut ? timeoutError(options.host, options.timeoutMs ?? 0) : unreachable(error),
    );
  });

  upstream.on('response', (upstreamRes) => {
    stopTimer();
    if (settled) {
      upstreamRes.destroy();
      return;
    }
    const status = upstreamRes.statusCode ?? 502;
    const plan = planBody(status, upstreamRes.headers);
    let decoders: Transform[];
    try {
      if (plan.kind === 'refuse') throw plan.error;
      decoders = decodersFor(upstreamRes.headers['content-encoding']);
    } catch (error) {
      settled = true;
      upstreamRes.destroy();
      if (error instanceof HttpError) sendError(res, error);
      else throw error;
      return;
    }
    const headers = pickResponseHeaders(upstreamRes.headers);
    if (plan.kind === 'inert') Object.assign(headers, inertHeaders(plan.upstreamType));
    // the length was the encoded one
    if (decoders.length > 0) delete headers['content-length'];
    if (isStreamingResponse(upstreamRes.headers)) headers['x-accel-buffering'] = 'no';
    res.writeHead(status, headers);
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    const body = decoders.length > 0 ? decode(upstreamRes, decoders) : upstreamRes;
    body.on('data', (chunk: Buffer) => {
      if (!res.write(chunk)) body.pause();
    });
    res.on('drain', () => body.resume());
    body.on('end', () => {
      settled = true;
      if (upstreamRes.complete) res.end();
      else res.destroy();
    });
    // A stream cut short upstream is cut short downstream too, so the browser reconnects.
    upstreamRes.on('close', () => {
      if (!upstreamRes.complete) res.destroy();
    });
    upstreamRes.on('error', () => res.destroy());
    // an undecodable body ends the response short: the page sees a broken body, not a wrong one
    body.on('error', () => res.destroy());
  });

  forwardBody(req, res, upstream, options.maxBodyBytes, abandonUpstream);
}

function forwardBody(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: ClientRequest,
  limit: number,
  abandonUpstream: () => void,
): void {
  let size = 0;
  let rejected = false;
  req.on('data', (chunk: Buffer) => {
    if (rejected) return;
    size += chunk.length;
    if (size > limit) {
      rejected = true;
      abandonUpstream();
      req.resume();
      sendError(res, tooLarge(limit));
      return;
    }
    if (!upstream.write(chunk)) req.pause();
  });
  upstream.on('drain', () => {
    if (!rejected) req.resume();
  });
  req.on('end', () => {
    if (!rejected) upstream.end();
  });
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'payload_too_large', `request body exceeds ${limit} bytes`);
}

function timeoutError(host: string, timeoutMs: number): HttpError {
  const seconds = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  return new HttpError(
    504,
    'gateway_timeout',
    `the upstream ${host} sent no response within ${seconds} (GATEWAY_UPSTREAM_TIMEOUT_MS)`,
  );
}

/** The body through its decoders, as one readable; the upstream's pauses follow the last one's. */
function decode(source: IncomingMessage, decoders: Transform[]): Readable {
  let stream: Readable = source;
  for (const decoder of decoders) {
    stream.on('error', (error) => decoder.destroy(error));
    stream = stream.pipe(decoder);
  }
  return stream;
}

/** Names the failure by its error code only: messages could echo addresses or request details. */
function unreachable(error: Error): HttpError {
  const reason =
    'code' in error && typeof error.code === 'string' ? error.code : 'connection failed';
  return new HttpError(502, 'bad_gateway', `upstream unreachable: ${reason}`);
}
