import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  HttpError,
  isRecord,
  parseJsonBody,
  readBody,
  sendError,
  sendJson,
} from '../shared/http.ts';
import { requireBearer } from './auth.ts';
import { readClipboard, writeClipboard } from './clipboard.ts';
import type { ReferenceConfig } from './config.ts';
import { parseLogQuery, serveLogStream } from './log-stream.ts';
import { publishEvents } from './publish.ts';
import { serveHistory } from './history/history-route.ts';
import { serveList } from './history/list-route.ts';
import { parseLabels, SessionRecords, type Labels } from './history/session-records.ts';
import { Session } from './session.ts';
import type { ReferenceExtension, SessionRoute } from './session-route.ts';
import {
  resolveCreateTelemetry,
  resolveUpdateTelemetry,
  type CategoryFlags,
} from './telemetry-config.ts';
import { attachReader, startCursor } from './telemetry-ring.ts';
import { startSse } from './sse.ts';
import { findChromium, type ChromiumLookup } from './browser/chromium-process.ts';
import { startDemoDriver } from './demo-site/demo-driver.ts';
import { startDemoSite, type DemoSite } from './demo-site/demo-site.ts';

export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** What a server shutting down tells clients to wait before they ask again (Retry-After, s). */
const CLOSING_RETRY_AFTER_S = 5;

export interface ReferenceServer {
  readonly config: ReferenceConfig;
  readonly sessionsDir: string;
  /** Serves one API request; `apiPath` is the path after the API base, with its query. */
  handle(req: IncomingMessage, res: ServerResponse, apiPath: string): void;
  /** Serves a WebSocket upgrade under the API base: a session's `cdp_ws_url`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, apiPath: string): void;
  /** Where session browsers come from, or why there are none. */
  readonly chromium: ChromiumLookup;
  /**
   * Creates a session; with `demo`, its browser keeps browsing the demo site (the `npm start`
   * demo session).
   */
  createSession(options?: {
    id?: string;
    flags?: CategoryFlags | null;
    demo?: boolean;
    labels?: Labels;
  }): Promise<Session>;
  /** Every session ever created, live or ended, with its telemetry history. */
  readonly records: SessionRecords;
  /** The demo site this server ships, started on first use. */
  demoSite(): Promise<DemoSite>;
  getSession(id: string): Session | undefined;
  /**
   * Where this server's API is reached over WebSockets from this machine (`ws://127.0.0.1:…/api`),
   * once it listens: the demo driver then connects through the session's `cdp_ws_url`, as an
   * agent does, instead of to the browser directly.
   */
  serveAgentsAt(wsBase: string): void;
  /**
   * Ends every session and stops. From the moment it is called, every request and upgrade is
   * answered 503 with Retry-After (the server is going away, the sessions are not); called again,
   * it returns the same promise.
   */
  close(): Promise<void>;
}

/** `ws://host/prefix` of the API as the client reached it, for `cdp_ws_url`. */
function wsBaseOf(req: IncomingMessage, apiPath: string): string {
  const url = req.url ?? '';
  const prefix = url.endsWith(apiPath) ? url.slice(0, url.length - apiPath.length) : '/api';
  return `ws://${req.headers.host ?? '127.0.0.1'}${prefix}`;
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

function newSessionId(): string {
  return randomBytes(15)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
}

/**
 * Starts the reference server. `extensions` add to it from outside its core (the test and
 * benchmark rigs in `test-rigs/`, installed from the configuration by `testRigs`).
 */
export async function createReferenceServer(
  config: ReferenceConfig,
  extensions: readonly ReferenceExtension[] = [],
): Promise<ReferenceServer> {
  const ownsDataDir = config.dataDir === undefined;
  const dataDir = config.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'session-console-')));
  const sessionsDir = path.join(dataDir, 'sessions');
  await mkdir(sessionsDir, { recursive: true });
  const sessions = new Map<string, Session>();
  const records = SessionRecords.load(path.join(dataDir, 'history'), config.historyRetentionMs);
  await records.sweep();
  const sweeper = setInterval(() => void records.sweep(), 60 * 60 * 1000);
  sweeper.unref();
  const chromium: ChromiumLookup = config.browser
    ? findChromium()
    : {
        path: undefined,
        reason: 'session browsers are turned off (REFERENCE_BROWSER=off)',
        skipped: [],
      };
  if (config.browser && chromium.path === undefined) {
    console.warn(`reference server: sessions will have no browser: ${chromium.reason}`);
  }

  let agentBase: string | undefined;
  let demoSite: Promise<DemoSite> | undefined;
  const getDemoSite = (): Promise<DemoSite> => {
    demoSite ??= startDemoSite({ port: config.demoSitePort });
    return demoSite;
  };

  const createSession = async (
    options: { id?: string; flags?: CategoryFlags | null; demo?: boolean; labels?: Labels } = {},
  ): Promise<Session> => {
    const id = options.id ?? newSessionId();
    if (!SESSION_ID.test(id)) throw new Error(`invalid session id ${JSON.stringify(id)}`);
    if (options.id !== undefined && !sessions.has(id)) records.retire(id);
    if (sessions.has(id) || records.has(id))
      throw new HttpError(409, 'conflict', `browser session ${id} already exists`);
    const archive = records.openArchive(id);
    let session: Session;
    try {
      session = await Session.create(id, sessionsDir, options.flags ?? null, config, chromium, {
        labels: options.labels ?? {},
        archive,
      });
    } catch (error) {
      archive.close();
      throw error;
    }
    sessions.set(id, session);
    records.created(session.toWire(''), archive);
    if (options.demo && session.browser) {
      const { browser } = session;
      session.demoDriver = startDemoDriver(
        {
          // none until the server listens (`serveAgentsAt`): the driver waits for it
          get cdpUrl() {
            if (browser.upstreamUrl === undefined || agentBase === undefined) return undefined;
            return `${agentBase}/browsers/${id}/cdp?jwt=${session.cdpSecret}`;
          },
          writeClipboard: (text) => browser.writeClipboard(text),
        },
        (await getDemoSite()).url,
      );
    }
    return session;
  };

  const endSession = async (session: Session): Promise<void> => {
    sessions.delete(session.id);
    await session.end();
    records.deleted(session.toWire(''), new Date());
    // the browser's last writes into its profile can still be landing: retry, and a folder that
    // will not go does not make the deletion, already done, fail
    await rm(session.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(
      (error: unknown) =>
        console.warn(
          `reference server: session ${session.id}: files not removed: ${String(error)}`,
        ),
    );
  };

  const routes: SessionRoute[] = [
    {
      method: 'GET',
      suffix: '',
      operationId: 'retrieveBrowser',
      handler: ({ res, session, wsBase }) => sendJson(res, 200, session.toWire(wsBase)),
      // a deleted session is found only when asked for (`include_deleted=true`), as upstream
      ended: ({ res, url, id, record }) => {
        if (url.searchParams.get('include_deleted') !== 'true')
          throw new HttpError(404, 'not_found', `browser session ${id} has ended`);
        sendJson(res, 200, record);
      },
    },
    {
      method: 'PATCH',
      suffix: '',
      operationId: 'updateBrowser',
      handler: async ({ req, res, session, wsBase }) => {
        const body = parseJsonBody(await readBody(req, config.maxBodyBytes));
        if (body !== undefined && !isRecord(body))
          throw new HttpError(400, 'bad_request', 'request body must be a JSON object');
        const labels = parseLabels(body);
        session.flags = resolveUpdateTelemetry(session.flags, body?.telemetry);
        if (labels.name !== undefined) session.name = labels.name ?? undefined;
        if (labels.tags !== undefined) session.tags = labels.tags ?? undefined;
        records.updated(session.toWire(''));
        sendJson(res, 200, session.toWire(wsBase));
      },
    },
    {
      method: 'DELETE',
      suffix: '',
      operationId: 'deleteBrowser',
      handler: async ({ res, session, opened }) => {
        // recorded (platform_api_call) before the session ends: nothing is recorded after
        res.statusCode = 204;
        opened();
        await endSession(session);
        res.end();
      },
    },
    {
      method: 'GET',
      suffix: '/logs/stream',
      operationId: 'logsStream',
      handler: ({ req, res, url, session, opened }) => {
        const target = parseLogQuery(session, url.searchParams);
        return serveLogStream(req, res, session, target, config.logPollMs, opened);
      },
    },
    {
      method: 'GET',
      suffix: '/telemetry/stream',
      operationId: 'streamTelemetry',
      handler: ({ req, res, url, session, opened }) => {
        const lastEventId = req.headers['last-event-id'];
        const cursor = startCursor(
          session.ring,
          typeof lastEventId === 'string' ? lastEventId : undefined,
          url.searchParams.get('replay'),
        );
        startSse(res);
        opened();
        session.trackStream(res);
        attachReader(session.ring, res, cursor, config.keepaliveMs);
      },
    },
    {
      method: 'GET',
      suffix: '/telemetry/events',
      operationId: 'listTelemetryEvents',
      handler: ({ res, url, session }) =>
        serveHistory(res, url, records, session.id, config.historyRetentionMs),
      ended: ({ res, url, id }) => serveHistory(res, url, records, id, config.historyRetentionMs),
    },
    {
      method: 'POST',
      suffix: '/telemetry/events',
      operationId: 'publishTelemetryEvents',
      handler: ({ req, res, session }) =>
        publishEvents(req, res, session, config.maxPublishBodyBytes),
    },
    {
      method: 'POST',
      suffix: '/computer/clipboard/write',
      operationId: 'writeClipboard',
      handler: ({ req, res, session }) => writeClipboard(req, res, session, config.maxBodyBytes),
    },
    {
      method: 'POST',
      suffix: '/computer/clipboard/read',
      operationId: 'readClipboard',
      handler: ({ res, session }) => readClipboard(res, session),
    },
  ];

  for (const extension of extensions) routes.push(...(extension.routes ?? []));

  const handleSessionRequest = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    id: string,
    suffix: string,
    wsBase: string,
  ): Promise<void> => {
    const candidates = routes.filter((route) => route.suffix === suffix);
    if (candidates.length === 0)
      throw new HttpError(
        404,
        'not_found',
        `no such endpoint: ${req.method} /browsers/{id}${suffix}`,
      );
    const route = candidates.find((candidate) => candidate.method === req.method);
    if (!route) {
      throw new HttpError(
        405,
        'method_not_allowed',
        `${req.method} is not allowed here`,
        undefined,
        {
          Allow: candidates.map((candidate) => candidate.method).join(', '),
        },
      );
    }
    const session = sessions.get(id);
    if (!session) {
      const record = records.ended(id);
      if (record && route.ended) {
        await route.ended({ res, url, id, record });
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
    const request = { req, res, url, session, opened, wsBase };
    for (const extension of extensions) {
      if (extension.answerInstead?.(request, route.operationId)) return;
    }
    await route.handler(request);
  };

  // set when close() begins: from then on every request is answered 503, never "not found"
  let closing: Promise<void> | undefined;

  const route = async (
    req: IncomingMessage,
    res: ServerResponse,
    apiPath: string,
  ): Promise<void> => {
    // a server shutting down has cleared its sessions: a 404 now would tell clients their
    // session is gone when the server is only going away (and may be back in a moment)
    if (closing)
      throw new HttpError(503, 'unavailable', 'the server is shutting down', undefined, {
        'Retry-After': String(CLOSING_RETRY_AFTER_S),
      });
    const lookup = (id: string): Session | undefined => sessions.get(id);
    const token = extensions.reduce<string | undefined>(
      (found, extension) => found ?? extension.tokenFor?.(apiPath, lookup),
      undefined,
    );
    requireBearer(req, token ?? config.token);
    const url = new URL(apiPath, 'http://reference.invalid');
    const segments = url.pathname.split('/').filter((segment) => segment.length > 0);
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
    let id: string;
    try {
      id = decodeURIComponent(segments[1] ?? '');
    } catch {
      throw new HttpError(400, 'bad_request', 'session id is not valid percent-encoding');
    }
    if (!SESSION_ID.test(id)) throw new HttpError(404, 'not_found', 'browser session not found');
    await handleSessionRequest(
      req,
      res,
      url,
      id,
      segments.length > 2 ? `/${segments.slice(2).join('/')}` : '',
      wsBaseOf(req, apiPath),
    );
  };

  /** `GET /browsers/{id}/cdp?jwt=…` upgraded to a WebSocket: the agent's way into the browser. */
  const handleUpgrade = (
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    apiPath: string,
  ): void => {
    const url = new URL(apiPath, 'http://reference.invalid');
    if (closing) return refuseUpgrade(socket, 503, 'Service Unavailable');
    const match = /^\/browsers\/([^/]+)\/cdp\/?$/.exec(url.pathname);
    const session = match?.[1] ? sessions.get(match[1]) : undefined;
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
    config,
    sessionsDir,
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
    chromium,
    createSession,
    demoSite: getDemoSite,
    getSession: (id) => sessions.get(id),
    serveAgentsAt(wsBase) {
      agentBase = wsBase;
    },
    records,
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        const open = [...sessions.values()];
        sessions.clear();
        await Promise.all(open.map((session) => session.end()));
        records.close();
        if (demoSite) await (await demoSite).close();
        if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
