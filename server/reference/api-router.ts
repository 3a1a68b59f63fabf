// How a request to the reference server's API finds its answer: refused with 503 while the
// server closes, the bearer token checked (or a route's own secret, for a replay's view URL),
// `/browsers` (list, create) answered here, and `/browsers/{id_or_name}<suffix>` dispatched to its
// route (session-routes.ts and the extensions'), with the request recorded as the session's
// platform_api_call. Also the `cdp_ws_url` upgrade.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  HttpError,
  isRecord,
  parseJsonBody,
  readBody,
  sendError,
  sendJson,
} from '../shared/http.ts';
import { requireBearer } from './auth.ts';
import type { ReferenceConfig } from './config.ts';
import { serveList } from './history/list-route.ts';
import { parseLabels, type Labels, type SessionRecords } from './history/session-records.ts';
import type { Session } from './session.ts';
import { SESSION_ID, type ReferenceExtension, type SessionRoute } from './session-route.ts';
import { matchSuffix, sessionNamed } from './route-match.ts';
import { resolveCreateTelemetry, type CategoryFlags } from './telemetry-config.ts';

/** What a server shutting down tells clients to wait before they ask again (Retry-After, s). */
const CLOSING_RETRY_AFTER_S = 5;

/** What the router reads of the server it routes for. */
export interface ApiRouterContext {
  config: ReferenceConfig;
  extensions: readonly ReferenceExtension[];
  /** The live sessions, by id. */
  sessions: ReadonlyMap<string, Session>;
  records: SessionRecords;
  /** Every operation on a session: the core's, then the extensions'. */
  routes: readonly SessionRoute[];
  createSession(options: { flags: CategoryFlags | null; labels: Labels }): Promise<Session>;
  /** True once the server has begun to close. */
  closing(): boolean;
}

export interface ApiRouter {
  /** Serves one API request; `apiPath` is the path after the API base, with its query. */
  handle(req: IncomingMessage, res: ServerResponse, apiPath: string): void;
  /** `GET /browsers/{id}/cdp?jwt=…` upgraded to a WebSocket: the agent's way into the browser. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, apiPath: string): void;
}

/** `ws://host/prefix` of the API as the client reached it, for `cdp_ws_url`. */
function wsBaseOf(req: IncomingMessage, apiPath: string): string {
  const url = req.url ?? '';
  const prefix = url.endsWith(apiPath) ? url.slice(0, url.length - apiPath.length) : '/api';
  return `ws://${req.headers.host ?? '127.0.0.1'}${prefix}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'bad_request', 'session id or name is not valid percent-encoding');
  }
}

function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

export function createApiRouter(context: ApiRouterContext): ApiRouter {
  const { config, extensions, sessions, records, routes, createSession } = context;

  /** The routes whose suffix matches, each with its `{name}` segments. */
  const routesFor = (suffix: string) =>
    routes.flatMap((route) => {
      const params = matchSuffix(route.suffix, suffix);
      return params ? [{ route, params }] : [];
    });

  /**
   * The session a `{id_or_name}` segment names: a session with that id, else the live session of
   * that name, else the newest ended one of that name; undefined when none.
   */
  const resolveSession = (idOrName: string): string | undefined => {
    if (SESSION_ID.test(idOrName) && (sessions.has(idOrName) || records.has(idOrName)))
      return idOrName;
    return sessionNamed(idOrName, sessions.values(), records);
  };

  const handleSessionRequest = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    id: string,
    suffix: string,
    wsBase: string,
  ): Promise<void> => {
    const candidates = routesFor(suffix);
    if (candidates.length === 0)
      throw new HttpError(
        404,
        'not_found',
        `no such endpoint: ${req.method} /browsers/{id}${suffix}`,
      );
    const found = candidates.find((candidate) => candidate.route.method === req.method);
    if (!found) {
      throw new HttpError(
        405,
        'method_not_allowed',
        `${req.method} is not allowed here`,
        undefined,
        {
          Allow: candidates.map((candidate) => candidate.route.method).join(', '),
        },
      );
    }
    const { route, params } = found;
    const session = sessions.get(id);
    if (!session) {
      const record = records.ended(id);
      if (record && route.ended) {
        await route.ended({ req, res, url, id, record, params, wsBase });
        return;
      }
      throw new HttpError(
        404,
        'not_found',
        record ? `browser session ${id} has ended` : `browser session ${id} not found`,
      );
    }
    const started = performance.now();
    const requestId = randomUUID();
    res.setHeader('X-Request-Id', requestId);
    let recorded = false;
    const record = (): void => {
      if (recorded) return;
      recorded = true;
      session.recordRequest({
        method: req.method ?? 'GET',
        path: url.pathname,
        status: res.statusCode,
        durationMs: performance.now() - started,
        requestId,
        operationId: route.operationId,
      });
    };
    res.on('close', record);
    const opened = (): void => {
      record();
      for (const extension of extensions) extension.streamOpened?.(session, route.operationId, res);
    };
    const request = { req, res, url, session, params, opened, wsBase };
    for (const extension of extensions) {
      if (extension.answerInstead?.(request, route.operationId)) return;
    }
    await route.handler(request);
  };

  /**
   * Whether the request is a `GET` made with a route's own secret (`?jwt=`, a replay's view URL)
   * that is right: it then needs no API token. A wrong or missing one leaves it to the token.
   */
  const viewSecretGiven = async (
    req: IncomingMessage,
    url: URL,
    segments: string[],
  ): Promise<boolean> => {
    const given = url.searchParams.get('jwt');
    if (given === null || req.method !== 'GET' || segments[0] !== 'browsers' || !segments[1])
      return false;
    let id: string | undefined;
    try {
      id = resolveSession(decodeURIComponent(segments[1]));
    } catch {
      return false;
    }
    const found = routesFor(`/${segments.slice(2).join('/')}`).find(
      (candidate) => candidate.route.method === 'GET' && candidate.route.viewSecret,
    );
    if (id === undefined || !found?.route.viewSecret) return false;
    const expected = await found.route.viewSecret(id, found.params).catch(() => undefined);
    return expected !== undefined && sameSecret(given, expected);
  };

  const route = async (
    req: IncomingMessage,
    res: ServerResponse,
    apiPath: string,
  ): Promise<void> => {
    // a server shutting down has cleared its sessions: a 404 now would tell clients their
    // session is gone when the server is only going away (and may be back in a moment)
    if (context.closing())
      throw new HttpError(503, 'unavailable', 'the server is shutting down', undefined, {
        'Retry-After': String(CLOSING_RETRY_AFTER_S),
      });
    const url = new URL(apiPath, 'http://reference.invalid');
    const segments = url.pathname.split('/').filter((segment) => segment.length > 0);
    if (!(await viewSecretGiven(req, url, segments))) {
      const lookup = (id: string): Session | undefined => sessions.get(id);
      const token = extensions.reduce<string | undefined>(
        (found, extension) => found ?? extension.tokenFor?.(apiPath, lookup),
        undefined,
      );
      requireBearer(req, token ?? config.token);
    }
    if (segments[0] !== 'browsers')
      throw new HttpError(404, 'not_found', `no such endpoint: ${req.method} ${url.pathname}`);
    if (segments.length === 1) {
      const wsBase = wsBaseOf(req, apiPath);
      if (req.method === 'GET') {
        serveList(res, url, records, (id) => sessions.get(id)?.toWire(wsBase));
        return;
      }
      if (req.method !== 'POST')
        throw new HttpError(
          405,
          'method_not_allowed',
          `${req.method} is not allowed here`,
          undefined,
          { Allow: 'GET, POST' },
        );
      const body = parseJsonBody(await readBody(req, config.maxBodyBytes));
      if (body !== undefined && !isRecord(body))
        throw new HttpError(400, 'bad_request', 'request body must be a JSON object');
      const labels = parseLabels(body);
      const session = await createSession({
        flags: resolveCreateTelemetry(body?.telemetry),
        labels,
      });
      sendJson(res, 200, session.toWire(wsBaseOf(req, apiPath)));
      return;
    }
    const idOrName = decodeSegment(segments[1] ?? '');
    const id = resolveSession(idOrName);
    if (id === undefined)
      throw new HttpError(404, 'not_found', `browser session ${idOrName} not found`);
    await handleSessionRequest(
      req,
      res,
      url,
      id,
      segments.length > 2 ? `/${segments.slice(2).join('/')}` : '',
      wsBaseOf(req, apiPath),
    );
  };

  const handleUpgrade = (
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    apiPath: string,
  ): void => {
    const url = new URL(apiPath, 'http://reference.invalid');
    if (context.closing()) return refuseUpgrade(socket, 503, 'Service Unavailable');
    const match = /^\/browsers\/([^/]+)\/cdp\/?$/.exec(url.pathname);
    let session: Session | undefined;
    try {
      const id = match?.[1] ? resolveSession(decodeURIComponent(match[1])) : undefined;
      session = id === undefined ? undefined : sessions.get(id);
    } catch {
      session = undefined;
    }
    if (!session) return refuseUpgrade(socket, 404, 'Not Found');
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    if (
      !sameSecret(url.searchParams.get('jwt'), session.cdpSecret) &&
      !sameSecret(bearer, config.token)
    )
      return refuseUpgrade(socket, 401, 'Unauthorized');
    if (!session.browser) return refuseUpgrade(socket, 503, 'Service Unavailable');
    session.browser.handleUpgrade(req, socket, head);
  };

  return {
    handle(req, res, apiPath) {
      route(req, res, apiPath).catch((error: unknown) => {
        if (error instanceof HttpError) {
          sendError(res, error);
          return;
        }
        console.error('reference server: unexpected error', error);
        sendError(
          res,
          new HttpError(500, 'internal_error', 'internal error in the reference server'),
        );
      });
    },
    handleUpgrade,
  };
}
