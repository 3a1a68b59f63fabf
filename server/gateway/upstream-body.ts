import type { IncomingHttpHeaders } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { constants, createBrotliDecompress } from 'node:zlib';
import { Gunzip, Inflate, Unzlib } from 'fflate';
import { HttpError } from '../shared/http.ts';

/**
 * What reaches the browser of an upstream response body. The API speaks JSON, Server-Sent Events
 * and plain text; anything else (HTML, script, a media type an intermediary made up) is never
 * handed to the page as what it claims to be.
 */
export type BodyPlan =
  /** Passed on as received (its Content-Type included). */
  | { kind: 'pass' }
  /**
   * An error status with another type (a proxy's HTML error page), or a body with no type:
   * passed on as plain text (never sniffed: nosniff), so its words still reach the user and
   * nothing renders or runs.
   */
  | { kind: 'inert'; upstreamType: string }
  /** A success with another type: not passed on; the page gets this Error body (502). */
  | { kind: 'refuse'; error: HttpError };

const API_MEDIA_TYPES = new Set(['application/json', 'text/event-stream', 'text/plain']);

/** The media type of a Content-Type value, lower-cased, without parameters; `''` when absent. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

function isApiMediaType(type: string): boolean {
  return API_MEDIA_TYPES.has(type) || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Shown in messages: printable ASCII only, bounded. */
function printable(text: string): string {
  const cleaned = text.replace(/[^\x20-\x7e]/g, '?');
  return cleaned.length > 100 ? `${cleaned.slice(0, 100)}…` : cleaned;
}

function hasNoBody(status: number, headers: IncomingHttpHeaders): boolean {
  return status === 204 || status === 304 || headers['content-length'] === '0';
}

export function planBody(status: number, headers: IncomingHttpHeaders): BodyPlan {
  const type = mediaType(headers['content-type']);
  if (isApiMediaType(type)) return { kind: 'pass' };
  // untyped: nothing to pass, or bytes a browser would sniff (readers of the API take them as text)
  if (type === '') return hasNoBody(status, headers) ? { kind: 'pass' } : inert('none');
  if (status >= 400) return inert(printable(type));
  return {
    kind: 'refuse',
    error: new HttpError(
      502,
      'bad_gateway',
      `the upstream answered ${status} with Content-Type ${printable(type)}, which is not an API response; it was not passed on`,
    ),
  };
}

function inert(upstreamType: string): BodyPlan {
  return { kind: 'inert', upstreamType };
}

/** Headers that replace the upstream's type for an inert body. */
export function inertHeaders(upstreamType: string): Record<string, string> {
  return {
    'content-type': 'text/plain; charset=utf-8',
    'x-upstream-content-type': upstreamType,
  };
}

/**
 * The decoders for a Content-Encoding, in the order to apply them (the last encoding applied
 * upstream is undone first); `[]` for none or identity. Each one hands on what it has decoded at
 * every chunk it is given, so an event stream passes frame by frame, unbuffered.
 * Throws an HttpError (502) for an encoding it cannot decode.
 */
export function decodersFor(contentEncoding: string | undefined): Transform[] {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  return codings.reverse().map((coding) => {
    switch (coding) {
      case 'gzip':
      case 'x-gzip':
        return new InlineDecoder(new Gunzip());
      case 'deflate':
        return new InlineDecoder(new DeflateInflater());
      case 'br':
        // Node's decoder, the only one at hand for brotli: it runs on libuv's thread pool, so its
        // output waits when that pool is busy (see InlineDecoder)
        return createBrotliDecompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          finishFlush: constants.BROTLI_OPERATION_FLUSH,
        });
      default:
        throw new HttpError(
          502,
          'bad_gateway',
          `the upstream answered with Content-Encoding ${printable(coding)}, which the gateway cannot decode`,
        );
    }
  });
}

/** fflate's streaming decoders: push bytes in, decoded bytes come out before push returns. */
type InlineInflater = Pick<Gunzip, 'ondata' | 'push'>;

/**
 * A gzip or deflate body decoded on the spot: every byte that completes something hands it on
 * before the chunk's callback, whatever the chunk boundaries. Node's own zlib streams decode on
 * libuv's thread pool (four threads, shared with file reads and DNS look-ups), so a busy pool
 * held a decoded event until a thread came free; an event stream has to pass on what it has at
 * once, so gzip and deflate are decoded here, on the request's own thread. Bodies are API
 * responses (events, JSON), small enough per chunk that this costs nothing that matters.
 */
class InlineDecoder extends Transform {
  constructor(private readonly inflater: InlineInflater) {
    super();
    inflater.ondata = (data) => {
      // a copy: the decoder may reuse its output memory on the next push
      if (data.length > 0) this.push(Buffer.from(data));
    };
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.inflater.push(chunk);
    } catch (error) {
      done(undecodable(error));
      return;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    try {
      this.inflater.push(new Uint8Array(0), true);
    } catch (error) {
      done(undecodable(error));
      return;
    }
    done();
  }
}

/**
 * `deflate` is meant to be zlib-wrapped (RFC 9110, 8.4.1.2), but some servers send raw deflate;
 * the first two bytes tell which, and the decoder they call for gets every byte.
 */
class DeflateInflater implements InlineInflater {
  ondata: InlineInflater['ondata'] = () => undefined;
  private inner: InlineInflater | undefined;
  private pending = new Uint8Array(0);

  push(chunk: Uint8Array, final = false): void {
    if (this.inner === undefined) {
      const joined = new Uint8Array(this.pending.length + chunk.length);
      joined.set(this.pending);
      joined.set(chunk, this.pending.length);
      this.pending = joined;
      if (joined.length < 2 && !final) return;
      const first = joined[0] ?? 0;
      const second = joined[1] ?? 0;
      const zlibHeader = (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
      this.inner = zlibHeader ? new Unzlib() : new Inflate();
      this.inner.ondata = (data, last) => this.ondata(data, last);
      this.inner.push(joined, final);
      return;
    }
    this.inner.push(chunk, final);
  }
}

function undecodable(error: unknown): Error {
  return new Error(`undecodable body: ${error instanceof Error ? error.message : String(error)}`);
}
