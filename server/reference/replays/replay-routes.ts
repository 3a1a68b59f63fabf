// The replay operations on a session, as `@onkernel/sdk` calls them: start, stop, list and
// download (`/browsers/{id}/replays…`); list and download answer for ended sessions too.
import type { ServerResponse } from 'node:http';
import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../../shared/http.ts';
import type { Session } from '../session.ts';
import type { SessionRoute } from '../session-route.ts';
import type { ReplayMeta } from './replay-folder.ts';
import type { RecordableSession, Replays, StartOptions } from './replays.ts';
import { sendVideo } from './video-response.ts';

export const DEFAULT_FRAMERATE = 10;
/** Upstream needs a GPU above this; this server has none. */
export const MAX_FRAMERATE = 20;
export const DEFAULT_MAX_DURATION_S = 3600;
export const MAX_MAX_DURATION_S = 4 * 3600;

/** The recorder's view of a session: its browser's screen. */
export function recordable(session: Session): RecordableSession {
  return {
    id: session.id,
    get screen() {
      return session.browserUnavailableReason ? undefined : session.browser?.screen;
    },
    get unavailableReason() {
      return session.browserUnavailableReason ?? 'it has no browser';
    },
  };
}

function integerIn(
  body: Record<string, unknown> | undefined,
  field: string,
  min: number,
  max: number,
  fallback: number,
  tooHigh?: string,
): number {
  const value = body?.[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new HttpError(400, 'bad_request', `${field} must be an integer of at least ${min}`);
  if (value > max)
    throw new HttpError(400, 'bad_request', tooHigh ?? `${field} must be at most ${max}`);
  return value;
}

/** Reads a start body: `{framerate?, max_duration_in_seconds?, record_audio?}`; 400 when wrong. */
export function parseStart(body: unknown): StartOptions {
  if (body !== undefined && !isRecord(body))
    throw new HttpError(400, 'bad_request', 'request body must be a JSON object');
  const audio = body?.record_audio;
  if (audio !== undefined && audio !== null && typeof audio !== 'boolean')
    throw new HttpError(400, 'bad_request', 'record_audio must be a boolean');
  if (audio === true)
    throw new HttpError(
      400,
      'bad_request',
      'audio recording is not supported: the reference server records video only',
    );
  return {
    framerate: integerIn(
      body,
      'framerate',
      1,
      MAX_FRAMERATE,
      DEFAULT_FRAMERATE,
      `framerate above ${MAX_FRAMERATE} needs a GPU, which this server does not have`,
    ),
    maxDurationS: integerIn(
      body,
      'max_duration_in_seconds',
      1,
      MAX_MAX_DURATION_S,
      DEFAULT_MAX_DURATION_S,
    ),
  };
}

/** `http://host/prefix` of the API from its `ws://` form. */
const httpBase = (wsBase: string): string => wsBase.replace(/^ws/, 'http');

/** A recording as the API shows it; its view URL carries the recording's own secret. */
export function toWireReplay(meta: ReplayMeta, sessionId: string, wsBase: string) {
  const path = `/browsers/${encodeURIComponent(sessionId)}/replays/${meta.replay_id}`;
  return {
    replay_id: meta.replay_id,
    started_at: meta.started_at,
    finished_at: meta.finished_at,
    replay_view_url: `${httpBase(wsBase)}${path}?jwt=${meta.view_token}`,
  };
}

async function download(
  replays: Replays,
  r: { req: Parameters<typeof sendVideo>[0]; res: ServerResponse },
  id: string,
  replayId: string,
): Promise<void> {
  const video = await replays.video(id, replayId);
  if (video.state === 'failed') throw new HttpError(404, 'not_found', video.message);
  if (video.state !== 'ready') {
    const what = video.state === 'recording' ? 'still being recorded' : 'still being written';
    sendJson(
      r.res,
      202,
      { code: 'not_ready', message: `replay ${replayId} is ${what}: ask again shortly` },
      { 'Retry-After': String(video.retryAfterS) },
    );
    return;
  }
  await sendVideo(r.req, r.res, video.file, video.size);
}

export function replayRoutes(replays: Replays, maxBodyBytes: number): SessionRoute[] {
  return [
    {
      method: 'POST',
      suffix: '/replays',
      operationId: 'startRecording',
      handler: async ({ req, res, session, wsBase }) => {
        const options = parseStart(parseJsonBody(await readBody(req, maxBodyBytes)));
        const meta = await replays.start(recordable(session), options);
        sendJson(res, 200, toWireReplay(meta, session.id, wsBase));
      },
    },
    {
      method: 'POST',
      suffix: '/replays/{replay_id}/stop',
      operationId: 'stopRecording',
      handler: async ({ res, session, params }) => {
        await replays.stop(session.id, params.replay_id ?? '');
        res.writeHead(200, { 'Content-Length': '0' }).end();
      },
    },
    {
      method: 'GET',
      suffix: '/replays',
      operationId: 'listRecorders',
      handler: async ({ res, session, wsBase }) =>
        sendJson(
          res,
          200,
          (await replays.list(session.id)).map((meta) => toWireReplay(meta, session.id, wsBase)),
        ),
      ended: async ({ res, id, wsBase }) =>
        sendJson(
          res,
          200,
          (await replays.list(id)).map((meta) => toWireReplay(meta, id, wsBase)),
        ),
    },
    {
      method: 'GET',
      suffix: '/replays/{replay_id}',
      operationId: 'downloadRecording',
      handler: (r) => download(replays, r, r.session.id, r.params.replay_id ?? ''),
      ended: (r) => download(replays, r, r.id, r.params.replay_id ?? ''),
      viewSecret: async (id, params) => (await replays.get(id, params.replay_id ?? '')).view_token,
    },
  ];
}
