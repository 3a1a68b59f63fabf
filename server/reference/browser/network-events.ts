/** Network telemetry of one page target: requests, responses with bodies, failures, idle. */

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

type Params = Record<string, unknown>;
type Emit = (type: string, method: string, data: Record<string, unknown>) => void;

interface Request {
  url: string;
  method: string;
  resourceType: string;
  response?: Params;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function obj(value: unknown): Params {
  return value !== null && typeof value === 'object' ? (value as Params) : {};
}

/**
 * Follows the Network domain events of one target. A response is reported when its body is
 * complete (`loadingFinished`), with the body attached; a response whose loading then fails is
 * reported without a body, right before the failure.
 */
export class NetworkTracker {
  private readonly requests = new Map<string, Request>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private activeSinceIdle = false;

  constructor(
    private readonly emit: Emit,
    private readonly fetchBody: (
      requestId: string,
    ) => Promise<{ body: string; base64Encoded: boolean } | undefined>,
    private readonly onIdle: () => void,
  ) {}

  get inFlight(): number {
    return this.requests.size;
  }

  /** Requests ended and `network_idle` is waiting out its quiet period. */
  get idlePending(): boolean {
    return this.idleTimer !== undefined;
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
    if (redirect) {
      data.is_redirect = true;
      data.redirect_url = previous?.url ?? '';
    }
    this.requests.set(requestId, {
      url: str(request.url),
      method: str(request.method),
      resourceType: str(params.type),
    });
    this.activity();
    this.emit('network_request', 'Network.requestWillBeSent', data);
  }

  responseReceived(params: Params): void {
    const request = this.requests.get(str(params.requestId));
    if (request) request.response = obj(params.response);
  }

  loadingFinished(params: Params, wantBody: boolean): void {
    const requestId = str(params.requestId);
    const request = this.requests.get(requestId);
    if (!request) return;
    this.requests.delete(requestId);
    this.settle();
    const response = request.response;
    if (!response) return;
    const data = this.responseData(requestId, request, response);
    const mime = str(response.mimeType);
    if (!wantBody || bodyKind(mime) === 'binary') {
      this.emit('network_response', 'Network.responseReceived', data);
      return;
    }
    this.fetchBody(requestId).then(
      (result) => {
        const body = result && responseBody(mime, result.body, result.base64Encoded);
        if (body !== undefined) data.body = body;
        this.emit('network_response', 'Network.responseReceived', data);
      },
      () => this.emit('network_response', 'Network.responseReceived', data),
    );
  }

  loadingFailed(params: Params): void {
    const requestId = str(params.requestId);
    const request = this.requests.get(requestId);
    this.requests.delete(requestId);
    this.settle();
    if (request?.response) {
      this.emit(
        'network_response',
        'Network.responseReceived',
        this.responseData(requestId, request, request.response),
      );
    }
    this.emit('network_loading_failed', 'Network.loadingFailed', {
      request_id: requestId,
      url: request?.url ?? '',
      error_text: str(params.errorText),
      canceled: params.canceled === true,
      resource_type: str(params.type) || request?.resourceType || '',
    });
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    this.requests.clear();
  }

  private responseData(requestId: string, request: Request, response: Params) {
    return {
      request_id: requestId,
      method: request.method,
      url: str(response.url) || request.url,
      status: typeof response.status === 'number' ? response.status : 0,
      status_text: str(response.statusText),
      headers: obj(response.headers),
      mime_type: str(response.mimeType),
      resource_type: request.resourceType,
    } as Record<string, unknown>;
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
