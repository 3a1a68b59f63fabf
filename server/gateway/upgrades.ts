import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { HostPolicy } from './host-policy.ts';
import type { RequestListener } from './gateway.ts';
import { toApiPath } from './gateway.ts';
import { STREAM_RELAY_PATH } from '../../src/types/stream-relay.ts';

/** Takes over a WebSocket upgrade to `/api/browsers/{id}/cdp`; `apiPath` has no `/api` prefix. */
export type WebSocketHandler = (
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  apiPath: string,
) => void;

export interface UpgradeOptions {
  /** The gateway's request listener: what answers every upgrade that is not served as one. */
  listener: RequestListener;
  hosts: HostPolicy;
  /** Session browsers' CDP WebSockets (the embedded reference server); absent: none served. */
  webSocket?: WebSocketHandler;
  /** The stream relay (`/api/_streams`, server/gateway/stream-relay.ts); absent: none served. */
  relay?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

const CDP_PATH = /^\/browsers\/[^/?#]+\/cdp\/?(?:\?|$)/;
const RELAY_PATH = new RegExp(`^${STREAM_RELAY_PATH}(?:\\?|$)`);

/**
 * Upgrades on `server`: the CDP WebSocket and the stream relay go to their handlers; any other request carrying an
 * `Upgrade` header (`h2c` from `curl --http2`, a WebSocket anywhere else, a protocol we do not
 * speak) is answered as the ordinary HTTP/1.1 request it also is (RFC 9110, 7.8: a server may
 * ignore Upgrade).
 *
 * Node hands every request with `Connection: upgrade` to the `upgrade` listener once one exists,
 * with the HTTP parser already detached. So the request is written back in front of the bytes
 * that followed it, without its Upgrade header, and the socket is given to a second server with
 * the same request listener and no upgrade listener, whose parser reads it (body, keep-alive and
 * all) as it would any request. Returns what closes that second server's connections.
 */
export function serveUpgrades(server: Server, options: UpgradeOptions): () => Promise<void> {
  const plain = createServer(options.listener);
  plain.keepAliveTimeout = server.keepAliveTimeout;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const apiPath = toApiPath(req.url ?? '');
    const isWebSocket =
      req.headers.upgrade?.toLowerCase() === 'websocket' && options.hosts.allows(req.headers.host);
    if (options.relay && isWebSocket && apiPath !== undefined && RELAY_PATH.test(apiPath)) {
      options.relay(req, socket, head);
      return;
    }
    const webSocket =
      options.webSocket !== undefined &&
      apiPath !== undefined &&
      CDP_PATH.test(apiPath) &&
      req.headers.upgrade?.toLowerCase() === 'websocket' &&
      options.hosts.allows(req.headers.host);
    if (webSocket) {
      options.webSocket?.(req, socket, head, apiPath);
      return;
    }
    socket.unshift(Buffer.concat([requestHeadWithoutUpgrade(req), head]));
    plain.emit('connection', socket);
  });
  return async () => {
    plain.closeAllConnections();
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  };
}

/** The request line and headers as received (bytes as latin1), less Upgrade and its Connection token. */
function requestHeadWithoutUpgrade(req: IncomingMessage): Buffer {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    let value = req.rawHeaders[i + 1] ?? '';
    const lower = name.toLowerCase();
    if (lower === 'upgrade' || lower === 'http2-settings') continue;
    if (lower === 'connection') {
      value = value
        .split(',')
        .map((token) => token.trim())
        .filter((token) => !/^(upgrade|http2-settings)$/i.test(token))
        .join(', ');
      if (value === '') continue;
    }
    lines.push(`${name}: ${value}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}
