import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import type { FromRelay, ToRelay } from '../../src/types/stream-relay.ts';
import { isRecord } from '../shared/http.ts';

/**
 * The stream relay (`/api/_streams`): one WebSocket per page carries all of its event streams.
 *
 * A browser opens at most six HTTP/1.1 connections to one server, and every open event stream
 * holds one for as long as it lives: with a telemetry stream and five log streams open, a seventh
 * tab, a sixth log stream or a clipboard send waited for a connection that never came free.
 * WebSockets are not counted against that limit, so the page opens its streams through here
 * instead: each stream is the same `GET /api/…` request, made by this server to itself (so every
 * check and header of the gateway applies unchanged, whether it answers from the reference server
 * or an upstream), and its response travels back as messages tagged with the stream's id.
 *
 * Flow control is the page's: it grants each stream a number of bytes and grants more as it reads
 * them; a stream whose grant is spent stops reading its response until the page grants more, so
 * a page that falls behind holds a bounded backlog and the rest waits on the server, as it does
 * with a plain fetch.
 *
 * Only the two event streams can be opened (`GET /browsers/{id}/logs/stream`,
 * `…/telemetry/stream`), only Authorization, Last-Event-ID and Accept are passed on, and a page of
 * another origin is refused at the handshake. The token travels in a message, never in the URL.
 */

/**
 * A session's event stream: the id in URL path characters (RFC 3986), the query in printable
 * ASCII but `#`, so nothing the page sends makes a request line Node refuses to write.
 */
const STREAM_PATH =
  /^\/browsers\/([\w.~!$&'()*+,;=:@%-]+)\/(?:logs|telemetry)\/stream(?:\?[\x21\x22\x24-\x7e]*)?$/;
const PASSED_HEADERS = new Set(['authorization', 'last-event-id', 'accept']);
/** Request headers of the WebSocket's own request that go with every stream it opens. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'x-forwarded-proto', 'forwarded'];

export interface StreamRelayOptions {
  /** Streams one connection may hold open at once. */
  maxStreams: number;
  /** Largest message the page may send (a stream's open, with its headers). */
  maxMessageBytes: number;
  /** How often the server pings an idle connection, so proxies in between keep it. */
  pingMs: number;
  /**
   * Most body bytes of one stream sent ahead of what the page has read, whatever credit it
   * grants: what the server holds for a page that stops reading its socket stays bounded.
   */
  maxCreditBytes: number;
}

export const STREAM_RELAY_DEFAULTS: StreamRelayOptions = {
  maxStreams: 64,
  maxMessageBytes: 64 * 1024,
  pingMs: 30_000,
  // eight times the page's window (LIMITS.streamRelay.windowBytes)
  maxCreditBytes: 8 * 1024 * 1024,
};

export interface StreamRelay {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

/** Whether `path` is one of a session's event streams, its id no dot segment or hidden `/`. */
function isStreamPath(path: string): boolean {
  const id = STREAM_PATH.exec(path)?.[1];
  if (id === undefined) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    return false;
  }
  return decoded !== '.' && decoded !== '..' && !/[/\\]/.test(decoded);
}

/** Whether a WebSocket handshake comes from a page of this server's own origin (or no page). */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

export function createStreamRelay(options: Partial<StreamRelayOptions> = {}): StreamRelay {
  const settings = { ...STREAM_RELAY_DEFAULTS, ...options };
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: settings.maxMessageBytes,
    perMessageDeflate: false,
  });
  return {
    handleUpgrade(req, socket, head) {
      if (!sameOrigin(req)) {
        socket.end(
          'HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n' +
            'the stream relay serves only pages of this server\n',
        );
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => serveConnection(ws, req, settings));
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

interface Relayed {
  request: ClientRequest;
  response?: IncomingMessage;
  /** Body bytes the page has allowed, and those sent. */
  granted: number;
  sent: number;
}

function serveConnection(ws: WebSocket, req: IncomingMessage, settings: StreamRelayOptions): void {
  const streams = new Map<number, Relayed>();
  // this server, as the page reached it: the same listener answers the streams' requests
  const self = { host: req.socket.localAddress ?? '127.0.0.1', port: req.socket.localPort };
  const forwarding: Record<string, string> = {};
  for (const name of FORWARDING_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') forwarding[name] = value;
  }
  const host = req.headers.host ?? `${self.host}:${self.port}`;

  const send = (message: FromRelay): void => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };
  const end = (id: number, complete: boolean, reason?: string): void => {
    const stream = streams.get(id);
    if (!stream) return;
    streams.delete(id);
    stream.request.destroy();
    stream.response?.destroy();
    send(reason === undefined ? { t: 'end', id, complete } : { t: 'end', id, complete, reason });
  };

  const open = (message: Extract<ToRelay, { t: 'open' }>): void => {
    const { id } = message;
    if (streams.has(id)) return;
    if (!isStreamPath(message.path)) {
      send({ t: 'end', id, complete: false, reason: 'the relay opens only event streams' });
      return;
    }
    if (streams.size >= settings.maxStreams) {
      const reason = `one page may hold ${settings.maxStreams} streams open at once`;
      send({ t: 'end', id, complete: false, reason });
      return;
    }
    const headers: Record<string, string> = { ...forwarding, host };
    for (const [name, value] of Object.entries(message.headers)) {
      if (PASSED_HEADERS.has(name.toLowerCase()) && typeof value === 'string')
        headers[name.toLowerCase()] = value;
    }
    let outgoing: ClientRequest;
    try {
      outgoing = request({
        host: self.host,
        port: self.port,
        path: `/api${message.path}`,
        method: 'GET',
        headers,
        agent: false,
      });
    } catch (error) {
      // a header value Node will not write (a line break in it): this stream fails, not the server
      const reason = error instanceof Error ? error.message : String(error);
      send({ t: 'end', id, complete: false, reason: `the relay could not ask for it: ${reason}` });
      return;
    }
    const granted = Math.min(message.credit, settings.maxCreditBytes);
    const stream: Relayed = { request: outgoing, granted, sent: 0 };
    streams.set(id, stream);
    outgoing.on('error', (error) => {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : error.message;
      end(id, false, `the relay could not reach the API: ${code}`);
    });
    outgoing.on('response', (response) => {
      if (streams.get(id) !== stream) {
        response.destroy();
        return;
      }
      stream.response = response;
      const pairs: [string, string][] = [];
      for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
        pairs.push([response.rawHeaders[i] ?? '', response.rawHeaders[i + 1] ?? '']);
      send({
        t: 'head',
        id,
        status: response.statusCode ?? 502,
        statusText: response.statusMessage ?? '',
        headers: pairs,
      });
      const prefix = Buffer.alloc(4);
      prefix.writeUInt32BE(id);
      response.on('data', (chunk: Buffer) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send(Buffer.concat([prefix, chunk]));
        stream.sent += chunk.length;
        if (stream.sent >= stream.granted) response.pause();
      });
      response.on('end', () => end(id, true));
      response.on('close', () => {
        if (!response.complete) end(id, false, 'the stream was cut short');
      });
      response.on('error', () => end(id, false, 'the stream was cut short'));
    });
    outgoing.end();
  };

  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const message = readMessage(data.toString());
    if (message === null) return;
    if (message.t === 'open') open(message);
    else if (message.t === 'credit') {
      const stream = streams.get(message.id);
      if (!stream) return;
      stream.granted = Math.min(
        stream.granted + message.bytes,
        stream.sent + settings.maxCreditBytes,
      );
      if (stream.sent < stream.granted) stream.response?.resume();
    } else {
      const stream = streams.get(message.id);
      if (!stream) return;
      streams.delete(message.id);
      stream.request.destroy();
      stream.response?.destroy();
    }
  });

  let alive = true;
  ws.on('pong', () => (alive = true));
  const ping = setInterval(() => {
    if (!alive) {
      ws.terminate();
      return;
    }
    alive = false;
    ws.ping();
  }, settings.pingMs);
  ws.on('close', () => {
    clearInterval(ping);
    for (const stream of streams.values()) {
      stream.request.destroy();
      stream.response?.destroy();
    }
    streams.clear();
  });
  ws.on('error', () => ws.terminate());
}

/** A page's message, checked field by field; null for anything else (ignored). */
function readMessage(text: string): ToRelay | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !Number.isSafeInteger(value.id) || (value.id as number) < 0) return null;
  const id = value.id as number;
  if (value.t === 'open') {
    const { path, headers, credit } = value;
    if (typeof path !== 'string' || !isRecord(headers)) return null;
    if (typeof credit !== 'number' || !(credit > 0)) return null;
    const strings: Record<string, string> = {};
    for (const [name, header] of Object.entries(headers))
      if (typeof header === 'string') strings[name] = header;
    return { t: 'open', id, path, headers: strings, credit };
  }
  if (value.t === 'credit') {
    const bytes = value.bytes;
    return typeof bytes === 'number' && bytes > 0 ? { t: 'credit', id, bytes } : null;
  }
  if (value.t === 'close') return { t: 'close', id };
  return null;
}
