/** Network telemetry of one page target: requests, responses with bodies, failures, idle. */

import { obj, str, type Emit, type Params } from './cdp-values.ts';
import { ExtraInfo } from './network-extra-info.ts';
import { WebSocketTracker } from './websocket-events.ts';

/** Response bodies kept: 8 KB for structured text (JSON, XML, forms), 4 KB for other text. */
export const STRUCTURED_BODY_BYTES = 8 * 1024;
export const TEXT_BODY_BYTES = 4 * 1024;
/** `network_idle` follows this long without requests in flight. */
export const NETWORK_IDLE_MS = 500;

export type BodyKind = 'structured' | 'text' | 'binary';

/** What kind of body a MIME type carries: decides whether it is kept and where it is cut. */
export function bodyKind(mimeType: string): BodyKind {
  const mime = mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (mime === 'image/svg+xml') return 'text';
  if (
    /[/+]json$/.test(mime) ||
    /[/+]xml$/.test(mime) ||
    mime === 'application/x-www-form-urlencoded' ||
    mime === 'application/graphql' ||
    mime === 'application/x-ndjson'
  )
    return 'structured';
  if (
    mime.startsWith('text/') ||
    mime === 'application/javascript' ||
    mime === 'application/x-javascript' ||
    mime === 'application/ecmascript' ||
    mime === 'application/x-sh'
  )
    return 'text';
  return 'binary';
}

/** Cuts `text` to at most `maxBytes` of UTF-8, never in the middle of a character. */
export function cutUtf8(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** The body a `network_response` carries, or undefined when it is binary. */
export function responseBody(
  mimeType: string,
  body: string,
  base64Encoded: boolean,
): string | undefined {
  const kind = bodyKind(mimeType);
  if (kind === 'binary' || base64Encoded) return undefined;
  return cutUtf8(body, kind === 'structured' ? STRUCTURED_BODY_BYTES : TEXT_BODY_BYTES);
}

interface Request {
  url: string;
  method: string;
  resourceType: string;
  mimeType: string;
  /** The response arrived (its `network_response` was emitted). */
  responded: boolean;
  /** The browser answered it from its memory cache (`requestServedFromCache`). */
  fromMemoryCache: boolean;
  /** Where the current hop's extra info is: hops before it that had extra info. */
  hop: number;
  /** The current hop's full request and response headers were put in an event. */
  sentReported: boolean;
  receivedReported: boolean;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** CDP's `ResourceTiming` as given, numbers only (unknown phases are -1, as CDP says). */
function timingOf(value: unknown): Params | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const timing: Params = {};
  for (const [key, entry] of Object.entries(value as Params))
    if (finite(entry) !== undefined) timing[key] = entry;
  return finite(timing.requestTime) === undefined ? undefined : timing;
}

/**
 * What a response says about how it was served: timing, protocol, peer, cache and service
 * worker. Fields beyond the contract's, each present only when the browser gave it.
 */
function servedFields(response: Params): Params {
  const fields: Params = {};
  const timing = timingOf(response.timing);
  if (timing) fields.timing = timing;
  if (str(response.protocol)) fields.protocol = str(response.protocol);
  if (str(response.remoteIPAddress)) fields.remote_ip_address = str(response.remoteIPAddress);
  if (finite(response.remotePort) !== undefined) fields.remote_port = response.remotePort;
  if (response.fromDiskCache === true) fields.from_disk_cache = true;
  if (response.fromServiceWorker === true) fields.from_service_worker = true;
  if (response.fromPrefetchCache === true) fields.from_prefetch_cache = true;
  return fields;
}

/**
 * Follows the Network domain events of one target. Each request is reported as it happens, as
 * DevTools shows it: `network_request` when it is sent (again, with `is_redirect`, for each hop
 * of a redirect), `network_response` as soon as its status and headers arrive (whether or not
 * the page ever reads the body), then `network_loading_finished` with the body when its loading
 * completes, or `network_loading_failed`. The full headers the browser sent (with `Cookie`) come
 * in `request_headers` on the first event after the network stack reports them.
 */
export class NetworkTracker {
  private readonly requests = new Map<string, Request>();
  private readonly extra = new ExtraInfo();
  private readonly sockets: WebSocketTracker;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private activeSinceIdle = false;

  constructor(
    private readonly emit: Emit,
    private readonly fetchBody: (
      requestId: string,
    ) => Promise<{ body: string; base64Encoded: boolean } | undefined>,
    private readonly onIdle: () => void,
  ) {
    this.sockets = new WebSocketTracker(emit);
  }

  get inFlight(): number {
    return this.requests.size;
  }

  /** Requests ended and `network_idle` is waiting out its quiet period. */
  get idlePending(): boolean {
    return this.idleTimer !== undefined;
  }

  /** Routes one Network domain event; returns false for methods it does not handle. */
  handle(method: string, params: Params, wantBody: boolean): boolean {
    switch (method) {
      case 'Network.requestWillBeSent':
        this.requestWillBeSent(params);
        return true;
      case 'Network.requestWillBeSentExtraInfo':
        this.extra.requestSent(str(params.requestId), params);
        return true;
      case 'Network.responseReceivedExtraInfo':
        this.extra.responseReceived(str(params.requestId), params);
        return true;
      case 'Network.requestServedFromCache': {
        const request = this.requests.get(str(params.requestId));
        if (request) request.fromMemoryCache = true;
        return true;
      }
      case 'Network.responseReceived':
        this.responseReceived(params);
        return true;
      case 'Network.loadingFinished':
        this.loadingFinished(params, wantBody);
        return true;
      case 'Network.loadingFailed':
        this.loadingFailed(params);
        return true;
      default:
        return this.sockets.handle(method, params);
    }
  }

  requestWillBeSent(params: Params): void {
    const requestId = str(params.requestId);
    const request = obj(params.request);
    const previous = this.requests.get(requestId);
    const redirect = params.redirectResponse !== undefined;
    const data: Record<string, unknown> = {
      request_id: requestId,
      method: str(request.method),
      url: str(request.url),
      document_url: str(params.documentURL),
      headers: obj(request.headers),
      initiator_type: str(obj(params.initiator).type),
      resource_type: str(params.type),
    };
    if (typeof request.postData === 'string') data.post_data = request.postData;
    let hop = 0;
    if (redirect) {
      data.is_redirect = true;
      data.redirect_url = previous?.url ?? '';
      data.redirect_response = this.redirectResponse(obj(params.redirectResponse));
      if (previous) {
        // The hop that ended went to the network (and so had extra info) unless the browser says not.
        const hadExtra =
          params.redirectHasExtraInfo === true ||
          (params.redirectHasExtraInfo === undefined &&
            this.extra.sentHeaders(requestId, previous.hop) !== undefined);
        hop = previous.hop + (hadExtra ? 1 : 0);
      }
    }
    const cdpTimestamp = finite(params.timestamp);
    if (cdpTimestamp !== undefined) data.cdp_timestamp = cdpTimestamp;
    const tracked: Request = {
      url: str(request.url),
      method: str(request.method),
      resourceType: str(params.type),
      mimeType: '',
      responded: false,
      fromMemoryCache: false,
      hop,
      sentReported: false,
      receivedReported: false,
    };
    this.requests.set(requestId, tracked);
    Object.assign(data, this.unreported(requestId, tracked, false));
    this.activity();
    this.emit('network_request', 'Network.requestWillBeSent', data);
  }

  responseReceived(params: Params): void {
    const requestId = str(params.requestId);
    const request = this.requests.get(requestId);
    if (!request) return;
    const response = obj(params.response);
    request.responded = true;
    request.mimeType = str(response.mimeType);
    // The raw headers the network stack reports (with Set-Cookie) when it already has.
    const raw = this.extra.receivedHeaders(requestId, request.hop);
    if (raw) request.receivedReported = true;
    const data: Record<string, unknown> = {
      request_id: requestId,
      method: request.method,
      url: str(response.url) || request.url,
      status: finite(response.status) ?? 0,
      status_text: str(response.statusText),
      headers: raw ?? obj(response.headers),
      mime_type: request.mimeType,
      resource_type: request.resourceType,
      ...servedFields(response),
    };
    if (request.fromMemoryCache) data.from_memory_cache = true;
    const cdpTimestamp = finite(params.timestamp);
    if (cdpTimestamp !== undefined) data.cdp_timestamp = cdpTimestamp;
    Object.assign(data, this.unreported(requestId, request, false));
    this.emit('network_response', 'Network.responseReceived', data);
  }

  loadingFinished(params: Params, wantBody: boolean): void {
    const requestId = str(params.requestId);
    const request = this.requests.get(requestId);
    if (!request) return;
    this.requests.delete(requestId);
    this.settle();
    const data: Record<string, unknown> = {
      request_id: requestId,
      url: request.url,
      resource_type: request.resourceType,
      mime_type: request.mimeType,
    };
    const length = finite(params.encodedDataLength);
    if (length !== undefined) data.encoded_data_length = length;
    const cdpTimestamp = finite(params.timestamp);
    if (cdpTimestamp !== undefined) data.cdp_timestamp = cdpTimestamp;
    Object.assign(data, this.unreported(requestId, request, true));
    this.extra.forget(requestId);
    const mime = request.mimeType;
    const emit = (): void => this.emit('network_loading_finished', 'Network.loadingFinished', data);
    if (!wantBody || !request.responded || bodyKind(mime) === 'binary') {
      emit();
      return;
    }
    this.fetchBody(requestId).then((result) => {
      const body = result && responseBody(mime, result.body, result.base64Encoded);
      if (body !== undefined) data.body = body;
      emit();
    }, emit);
  }

  loadingFailed(params: Params): void {
    const requestId = str(params.requestId);
    const request = this.requests.get(requestId);
    this.requests.delete(requestId);
    this.settle();
    const data: Record<string, unknown> = {
      request_id: requestId,
      url: request?.url ?? '',
      error_text: str(params.errorText),
      canceled: params.canceled === true,
      resource_type: str(params.type) || request?.resourceType || '',
    };
    if (str(params.blockedReason)) data.blocked_reason = str(params.blockedReason);
    const cdpTimestamp = finite(params.timestamp);
    if (cdpTimestamp !== undefined) data.cdp_timestamp = cdpTimestamp;
    if (request) Object.assign(data, this.unreported(requestId, request, true));
    this.extra.forget(requestId);
    this.emit('network_loading_failed', 'Network.loadingFailed', data);
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    this.requests.clear();
    this.extra.clear();
    this.sockets.dispose();
  }

  /**
   * The response that ended a redirect hop, as `redirect_response` of the next request: its
   * status and how it was served. Its headers stay out (the next request's URL is where it
   * pointed), so no credential sits in a nested object an export would have to know about.
   */
  private redirectResponse(response: Params): Params {
    return {
      status: finite(response.status) ?? 0,
      status_text: str(response.statusText),
      ...servedFields(response),
    };
  }

  /**
   * The full headers of the request's current hop that no event carried yet: `request_headers`
   * (with Cookie), and with `withResponse` also `response_headers` (with Set-Cookie), which
   * otherwise go in the response's own `headers`.
   */
  private unreported(requestId: string, request: Request, withResponse: boolean): Params {
    const fields: Params = {};
    const sent = request.sentReported ? undefined : this.extra.sentHeaders(requestId, request.hop);
    if (sent) {
      fields.request_headers = sent;
      request.sentReported = true;
    }
    if (withResponse && request.responded && !request.receivedReported) {
      const received = this.extra.receivedHeaders(requestId, request.hop);
      if (received) {
        fields.response_headers = received;
        request.receivedReported = true;
      }
    }
    return fields;
  }

  private activity(): void {
    this.activeSinceIdle = true;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  private settle(): void {
    if (this.requests.size > 0 || !this.activeSinceIdle) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.requests.size > 0) return;
      this.activeSinceIdle = false;
      this.onIdle();
    }, NETWORK_IDLE_MS);
  }
}
