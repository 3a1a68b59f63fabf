/**
 * WebSocket connections of one page target as network exchanges, as DevTools lists them: the
 * browser reports them with their own events (no `requestWillBeSent`), so each becomes a
 * `network_request` (the handshake, with the headers sent, cookies included), a
 * `network_response` (101 Switching Protocols), and a `network_loading_finished` when the
 * connection closes; or a `network_loading_failed` when the handshake does not complete.
 * A connection stays open as long as the page likes, so it never holds `network_idle` back.
 */

import { obj, str, type Emit, type Params } from './cdp-values.ts';

interface Socket {
  url: string;
  initiatorType: string;
  requested: boolean;
  responded: boolean;
}

function timestamped(data: Record<string, unknown>, params: Params): Record<string, unknown> {
  const timestamp = params.timestamp;
  if (typeof timestamp === 'number' && Number.isFinite(timestamp)) data.cdp_timestamp = timestamp;
  return data;
}

export class WebSocketTracker {
  private readonly sockets = new Map<string, Socket>();

  constructor(private readonly emit: Emit) {}

  /** Routes one Network domain event; returns false for methods that are not about WebSockets. */
  handle(method: string, params: Params): boolean {
    const requestId = str(params.requestId);
    switch (method) {
      case 'Network.webSocketCreated':
        this.sockets.set(requestId, {
          url: str(params.url),
          initiatorType: str(obj(params.initiator).type),
          requested: false,
          responded: false,
        });
        return true;
      case 'Network.webSocketWillSendHandshakeRequest':
        this.request(requestId, params, obj(obj(params.request).headers));
        return true;
      case 'Network.webSocketHandshakeResponseReceived':
        this.response(requestId, params);
        return true;
      case 'Network.webSocketFrameError':
        // After the handshake a frame error is traffic, not the end of the exchange.
        if (!this.sockets.get(requestId)?.responded)
          this.fail(requestId, method, params, str(params.errorMessage) || 'WebSocket error');
        return true;
      case 'Network.webSocketClosed':
        this.closed(requestId, params);
        return true;
      default:
        return false;
    }
  }

  dispose(): void {
    this.sockets.clear();
  }

  private request(requestId: string, params: Params, headers: Params): void {
    const socket = this.sockets.get(requestId);
    if (!socket || socket.requested) return;
    socket.requested = true;
    this.emit(
      'network_request',
      'Network.webSocketWillSendHandshakeRequest',
      timestamped(
        {
          request_id: requestId,
          method: 'GET',
          url: socket.url,
          headers,
          initiator_type: socket.initiatorType,
          resource_type: 'WebSocket',
        },
        params,
      ),
    );
  }

  private response(requestId: string, params: Params): void {
    const socket = this.sockets.get(requestId);
    if (!socket || socket.responded) return;
    if (!socket.requested) this.request(requestId, {}, {});
    socket.responded = true;
    const response = obj(params.response);
    const data: Record<string, unknown> = {
      request_id: requestId,
      method: 'GET',
      url: socket.url,
      status: typeof response.status === 'number' ? response.status : 0,
      status_text: str(response.statusText),
      headers: obj(response.headers),
      mime_type: '',
      resource_type: 'WebSocket',
    };
    const sent = obj(response.requestHeaders);
    if (Object.keys(sent).length > 0) data.request_headers = sent;
    this.emit(
      'network_response',
      'Network.webSocketHandshakeResponseReceived',
      timestamped(data, params),
    );
  }

  private fail(requestId: string, method: string, params: Params, errorText: string): void {
    const socket = this.sockets.get(requestId);
    if (!socket) return;
    if (!socket.requested) this.request(requestId, {}, {});
    this.sockets.delete(requestId);
    this.emit(
      'network_loading_failed',
      method,
      timestamped(
        {
          request_id: requestId,
          url: socket.url,
          error_text: errorText,
          // the page closing a socket that was still connecting cancels it
          canceled: method === 'Network.webSocketClosed',
          resource_type: 'WebSocket',
        },
        params,
      ),
    );
  }

  private closed(requestId: string, params: Params): void {
    const socket = this.sockets.get(requestId);
    if (!socket) return;
    if (!socket.responded) {
      // Closed by the page before the server answered the handshake.
      this.fail(
        requestId,
        'Network.webSocketClosed',
        params,
        'WebSocket closed before the handshake completed',
      );
      return;
    }
    this.sockets.delete(requestId);
    this.emit(
      'network_loading_finished',
      'Network.webSocketClosed',
      timestamped(
        { request_id: requestId, url: socket.url, resource_type: 'WebSocket', mime_type: '' },
        params,
      ),
    );
  }
}
