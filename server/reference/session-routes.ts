// The reference server's own operations on one session, `METHOD /browsers/{id}<suffix>`: what
// each one answers, for a live session and (where it still means something) an ended one. The
// dispatch that finds the route for a request is in api-router.ts.
import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../shared/http.ts';
import { readClipboard, writeClipboard } from './clipboard.ts';
import type { ReferenceConfig } from './config.ts';
import { parseLogQuery, serveLogStream } from './log-stream.ts';
import { publishEvents } from './publish.ts';
import { replayRoutes } from './replays/replay-routes.ts';
import type { Replays } from './replays/replays.ts';
import { screenshotRoute } from './screenshot-route.ts';
import { serveHistory } from './history/history-route.ts';
import { parseLabels, type SessionRecords } from './history/session-records.ts';
import type { Session } from './session.ts';
import type { SessionRoute } from './session-route.ts';
import { resolveUpdateTelemetry } from './telemetry-config.ts';
import { attachReader, startCursor } from './telemetry-ring.ts';
import { startSse } from './sse.ts';

/**
 * The core routes; `endSession` is the server's own (it removes the session from its table), and
 * `replays` its recordings of the sessions' screens.
 */
export function sessionRoutes(
  config: ReferenceConfig,
  records: SessionRecords,
  endSession: (session: Session) => Promise<void>,
  replays: Replays,
): SessionRoute[] {
  return [
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
    screenshotRoute(config.maxBodyBytes),
    ...replayRoutes(replays, config.maxBodyBytes),
  ];
}
