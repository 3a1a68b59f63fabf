import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';

export type CdpDisconnectReason =
  'client_close' | 'upstream_changed' | 'upstream_error' | 'context_cancelled';

export interface CdpProxyEvents {
  /** An agent connection was accepted and its upstream connection is open. */
  connected(info: { connectionId: string }): void;
  /**
   * The agent sent a text frame (a CDP command) and it was forwarded to the browser. Called in
   * order, after `connected` and before `disconnected` of the same connection.
   */
  command?(info: { connectionId: string; frame: WebSocket.RawData }): void;
  /** The connection ended; messageCount counts messages forwarded in both directions. */
  disconnected(info: {
    connectionId: string;
    durationMs: number;
    messageCount: number;
    reason: CdpDisconnectReason;
    message?: string;
  }): void;
}

/** CDP messages (screenshots, large DOM snapshots) can be big; Chromium itself allows 256 MB+. */
const MAX_PAYLOAD = 512 * 1024 * 1024;
/** How long the browser's DevTools endpoint may take to accept the upstream handshake. */
const UPSTREAM_HANDSHAKE_TIMEOUT_MS = 10_000;

/** WebSocket close codes sent to the agent, and the short reason that goes with each. */
const CLIENT_CLOSE: Record<CdpDisconnectReason, { code: number; text: string }> = {
  client_close: { code: 1000, text: '' },
  upstream_error: { code: 1011, text: 'browser DevTools connection closed' },
  upstream_changed: { code: 1012, text: 'browser restarted' },
  context_cancelled: { code: 1001, text: 'session ended' },
};

interface Connection {
  readonly id: string;
  readonly client: WebSocket;
  readonly upstream: WebSocket;
  /** `performance.now()` when the upstream opened; undefined while it is still connecting. */
  connectedAt: number | undefined;
  messageCount: number;
  /** Agent messages that arrived before the upstream was open, in arrival order. */
  readonly queue: { data: WebSocket.RawData; isBinary: boolean }[];
  ended: boolean;
}

/**
 * Joins agent WebSocket connections (Playwright `connectOverCDP`, Puppeteer) to the session
 * browser's own DevTools endpoint, forwarding every message both ways unchanged, and reports each
 * connection's lifetime and the commands its agent sent through `events`.
 *
 * Backpressure is left to `ws`: a side that reads slower than the other writes makes the sending
 * socket buffer in memory (`bufferedAmount`) rather than pausing the reader. CDP traffic is
 * request/response driven and bounded by `maxPayload`, so this stays small in practice.
 */
export class CdpProxy {
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_PAYLOAD,
    clientTracking: false,
  });
  /** Every accepted agent connection, connected or still waiting for its upstream. */
  private readonly connections = new Set<Connection>();

  constructor(private readonly events: CdpProxyEvents) {}

  /** Number of open agent connections (including those whose upstream is still opening). */
  get size(): number {
    return this.connections.size;
  }

  /**
   * Takes over an HTTP upgrade request and joins it to `upstreamUrl` (the browser's own DevTools
   * endpoint). When `upstreamUrl` is undefined (no browser running), answers the upgrade with
   * HTTP 503 and a short plain-text body, and closes the socket.
   */
  handleUpgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    upstreamUrl: string | undefined,
  ): void {
    if (upstreamUrl === undefined) {
      rejectUpgrade(socket, 503, 'Service Unavailable', 'no browser is running for this session\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (client) => this.join(client, upstreamUrl));
  }

  /** The browser restarted or changed: closes every open connection with reason 'upstream_changed'. */
  upstreamChanged(): void {
    for (const connection of [...this.connections]) this.end(connection, 'upstream_changed');
  }

  /** The session ends: closes every open connection with reason 'context_cancelled'. */
  closeAll(): void {
    for (const connection of [...this.connections]) this.end(connection, 'context_cancelled');
  }

  private join(client: WebSocket, upstreamUrl: string): void {
    const upstream = new WebSocket(upstreamUrl, {
      perMessageDeflate: false,
      maxPayload: MAX_PAYLOAD,
      handshakeTimeout: UPSTREAM_HANDSHAKE_TIMEOUT_MS,
    });
    const connection: Connection = {
      id: randomUUID(),
      client,
      upstream,
      connectedAt: undefined,
      messageCount: 0,
      queue: [],
      ended: false,
    };
    this.connections.add(connection);

    client.on('message', (data, isBinary) => {
      if (connection.ended) return;
      if (connection.connectedAt === undefined) connection.queue.push({ data, isBinary });
      else this.toBrowser(connection, data, isBinary);
    });
    client.on('close', () => this.end(connection, 'client_close'));
    client.on('error', (error) => this.end(connection, 'client_close', error.message));

    upstream.on('open', () => {
      if (connection.ended) return;
      connection.connectedAt = performance.now();
      this.emit(() => this.events.connected({ connectionId: connection.id }));
      for (const { data, isBinary } of connection.queue.splice(0)) {
        this.toBrowser(connection, data, isBinary);
      }
    });
    upstream.on('message', (data, isBinary) => {
      if (!connection.ended) forward(connection, client, data, isBinary);
    });
    // When the browser dies, its DevTools socket closes a moment before the process exit is seen;
    // the end waits briefly so that a restart (`upstreamChanged`) can name the real reason.
    const upstreamEnded = (message: string): void => {
      if (connection.connectedAt === undefined) this.end(connection, 'upstream_error', message);
      else
        setTimeout(
          () => this.end(connection, 'upstream_error', message),
          UPSTREAM_CLOSE_GRACE_MS,
        ).unref();
    };
    upstream.on('close', (code) =>
      upstreamEnded(`browser closed the DevTools connection (${code})`),
    );
    // The message never carries the upstream URL (whose UUID grants control of the browser):
    // ws reports connection failures as e.g. "connect ECONNREFUSED 127.0.0.1:PORT".
    upstream.on('error', (error) => upstreamEnded(error.message));
  }

  /** Forwards an agent's frame to the browser and reports it as a command when it is text. */
  private toBrowser(connection: Connection, data: WebSocket.RawData, isBinary: boolean): void {
    if (!forward(connection, connection.upstream, data, isBinary) || isBinary) return;
    const { command } = this.events;
    if (command)
      this.emit(() => command.call(this.events, { connectionId: connection.id, frame: data }));
  }

  /** Ends a connection once: closes both sockets and reports it if it had connected. */
  private end(connection: Connection, reason: CdpDisconnectReason, message?: string): void {
    if (connection.ended) return;
    connection.ended = true;
    connection.queue.length = 0;
    this.connections.delete(connection);

    const { client, upstream, connectedAt } = connection;
    if (connectedAt === undefined && reason === 'upstream_error') {
      // The upstream never opened: nothing was connected, so there is nothing to report.
      closeSocket(client, 1011, 'browser DevTools endpoint unavailable');
    } else {
      const { code, text } = CLIENT_CLOSE[reason];
      closeSocket(client, code, text);
    }
    closeSocket(upstream, reason === 'context_cancelled' ? 1001 : 1000, '');

    if (connectedAt === undefined) return;
    const info = {
      connectionId: connection.id,
      durationMs: Math.round(performance.now() - connectedAt),
      messageCount: connection.messageCount,
      reason,
      ...(message === undefined ? {} : { message }),
    };
    this.emit(() => this.events.disconnected(info));
  }

  /** A listener that throws must not break the proxy (it runs inside socket callbacks). */
  private emit(call: () => void): void {
    try {
      call();
    } catch (error) {
      console.error('CDP proxy event listener failed:', error);
    }
  }
}

/** How long an upstream close waits for the supervisor to report a browser restart. */
const UPSTREAM_CLOSE_GRACE_MS = 500;

/** Sends a frame on to `target`; false when that socket is no longer open. */
function forward(
  connection: Connection,
  target: WebSocket,
  data: WebSocket.RawData,
  isBinary: boolean,
): boolean {
  if (target.readyState !== WebSocket.OPEN) return false;
  target.send(data, { binary: isBinary });
  connection.messageCount += 1;
  return true;
}

function closeSocket(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
  else if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
}

/** Answers an upgrade request with a plain HTTP error response and closes the socket. */
function rejectUpgrade(socket: Duplex, status: number, statusText: string, body: string): void {
  socket.on('error', () => {});
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      '\r\n' +
      body,
  );
}
