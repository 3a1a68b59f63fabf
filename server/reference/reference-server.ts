import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { Session } from './session.ts';
import {
  resolveCreateTelemetry,
  resolveUpdateTelemetry,
  type CategoryFlags,
} from './telemetry-config.ts';
import { attachReader, startCursor } from './telemetry-ring.ts';
import { startSse } from './sse.ts';
import { faultRoute } from './faults.ts';

export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface ReferenceServer {
  readonly config: ReferenceConfig;
  readonly sessionsDir: string;
  /** Serves one API request; `apiPath` is the path after the API base, with its query. */
  handle(req: IncomingMessage, res: ServerResponse, apiPath: string): void;
  createSession(options?: { id?: string; flags?: CategoryFlags | null }): Promise<Session>;
  getSession(id: string): Session | undefined;
  close(): Promise<void>;
}

/** What one request on a session needs. */
export interface SessionRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  session: Session;
  /** A stream handler calls this once its response has started (the request is then recorded). */
  opened: () => void;
}

export type SessionRoute = {
  method: string;
  suffix: string;
  operationId: string;
  handler: (r: SessionRequest) => unknown;
};

function newSessionId(): string {
  return randomBytes(15)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
}

export async function createReferenceServer(config: ReferenceConfig): Promise<ReferenceServer> {
  const ownsDataDir = config.dataDir === undefined;
  const dataDir = config.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'session-console-')));
  const sessionsDir = path.join(dataDir, 'sessions');
  await mkdir(sessionsDir, { recursive: true });
  const sessions = new Map<string, Session>();

  const createSession = async (
    options: { id?: string; flags?: CategoryFlags | null } = {},
  ): Promise<Session> => {
    const id = options.id ?? newSessionId();
    if (!SESSION_ID.test(id)) throw new Error(`invalid session id ${JSON.stringify(id)}`);
    if (sessions.has(id))
      throw new HttpError(409, 'conflict', `browser session ${id} already exists`);
    const session = await Session.create(id, sessionsDir, options.flags ?? null, config);
    sessions.set(id, session);
    return session;
  };

  const endSession = async (session: Session): Promise<void> => {
    sessions.delete(session.id);
    session.end();
    await rm(session.root, { recursive: true, force: true });
  };

  const routes: SessionRoute[] = [
    {
      method: 'GET',
      suffix: '',
      operationId: 'retrieveBrowser',
      handler: ({ res, session }) => sendJson(res, 200, session.toWire()),
    },
    {
      method: 'PATCH',
      suffix: '',
      operationId: 'updateBrowser',
      handler: async ({ req, res, session }) => {
        const body = parseJsonBody(await readBody(req, config.maxBodyBytes));
        if (body !== undefined && !isRecord(body))
          throw new HttpError(400, 'bad_request', 'request body must be a JSON object');
        session.flags = resolveUpdateTelemetry(session.flags, body?.telemetry);
        sendJson(res, 200, session.toWire());
      },
    },
    {
      method: 'DELETE',
      suffix: '',
      operationId: 'deleteBrowser',
      handler: async ({ res, session }) => {
        await endSession(session);
        res.writeHead(204).end();
      },
    },
    {
      method: 'GET',
      suffix: '/logs/stream',
      operationId: 'logsStream',
      handler: ({ req, res, url, session, opened }) =>
        serveLogStream(
          req,
          res,
          session,
          parseLogQuery(session, url.searchParams),
          config.logPollMs,
          opened,
        ),
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

  if (config.faults) routes.push(faultRoute());

  const handleSessionRequest = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    id: string,
    suffix: string,
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
    if (!session) throw new HttpError(404, 'not_found', `browser session ${id} not found`);
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
    await route.handler({ req, res, url, session, opened: record });
  };

  const route = async (
    req: IncomingMessage,
    res: ServerResponse,
    apiPath: string,
  ): Promise<void> => {
    requireBearer(req, config.token);
    const url = new URL(apiPath, 'http://reference.invalid');
    const segments = url.pathname.split('/').filter((segment) => segment.length > 0);
    if (segments[0] !== 'browsers')
      throw new HttpError(404, 'not_found', `no such endpoint: ${req.method} ${url.pathname}`);
    if (segments.length === 1) {
      if (req.method !== 'POST')
        throw new HttpError(
          405,
          'method_not_allowed',
          `${req.method} is not allowed here`,
          undefined,
          { Allow: 'POST' },
        );
      const body = parseJsonBody(await readBody(req, config.maxBodyBytes));
      if (body !== undefined && !isRecord(body))
        throw new HttpError(400, 'bad_request', 'request body must be a JSON object');
      const session = await createSession({ flags: resolveCreateTelemetry(body?.telemetry) });
      sendJson(res, 200, session.toWire());
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
    );
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
    createSession,
    getSession: (id) => sessions.get(id),
    async close() {
      for (const session of [...sessions.values()]) {
        sessions.delete(session.id);
        session.end();
      }
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
