import { queryOptions } from '@tanstack/react-query';
import {
  apiRequest,
  ApiRequestError,
  discardBody,
  readJson,
  type ApiConnection,
} from '../../../lib/http/request';
import {
  decodeReplayList,
  decodeStartedReplay,
  type Replay,
  type ReplayList,
} from '../model/replays';

/** A recording larger than this is not loaded into the page. */
export const MAX_REPLAY_BYTES = 1024 * 1024 * 1024;

const base = (sessionId: string): string => `/browsers/${encodeURIComponent(sessionId)}/replays`;

/** `GET /browsers/{id}/replays`: every recording of the session, ended sessions included. */
export function listReplays(
  connection: ApiConnection,
  sessionId: string,
  signal?: AbortSignal,
): Promise<ReplayList> {
  return apiRequest(connection, base(sessionId), {
    init: { signal },
    read: (response) => readJson(response, decodeReplayList),
  });
}

/**
 * The session's recordings, read again every 10 s while one is being recorded (to see it end;
 * Record and Stop read it at once), every 30 s otherwise while the session lives, and not again
 * once it has ended. Each read is an API call the session's telemetry records, so not more often.
 */
export function replaysQuery(connection: ApiConnection, sessionId: string, ended: boolean) {
  return queryOptions({
    queryKey: ['replays', connection.base, sessionId],
    queryFn: ({ signal }) => listReplays(connection, sessionId, signal),
    refetchInterval: (query) =>
      ended
        ? false
        : query.state.data?.replays.some((replay) => replay.finishedAtMs === null)
          ? 10_000
          : 30_000,
    retry: false,
  });
}

/** `POST /browsers/{id}/replays`: starts a recording of the session's screen. */
export function startReplay(connection: ApiConnection, sessionId: string): Promise<Replay> {
  return apiRequest(connection, base(sessionId), {
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
    read: (response) => readJson(response, decodeStartedReplay),
  });
}

/** `POST /browsers/{id}/replays/{replay_id}/stop`. */
export function stopReplay(
  connection: ApiConnection,
  sessionId: string,
  replayId: string,
): Promise<void> {
  return apiRequest(connection, `${base(sessionId)}/${encodeURIComponent(replayId)}/stop`, {
    init: { method: 'POST' },
    read: discardBody,
  });
}

export type ReplayVideo =
  | { kind: 'ready'; video: Blob }
  /** 202: still being recorded or written; ask again after `retryAfterMs`. */
  | { kind: 'writing'; retryAfterMs: number };

/**
 * `GET /browsers/{id}/replays/{replay_id}` → the MP4, fetched with the token (a `<video src>`
 * could not send it, and the token never goes in a URL) and played from memory.
 */
export function fetchReplayVideo(
  connection: ApiConnection,
  sessionId: string,
  replayId: string,
  signal?: AbortSignal,
): Promise<ReplayVideo> {
  return apiRequest(connection, `${base(sessionId)}/${encodeURIComponent(replayId)}`, {
    init: { headers: { Accept: 'video/mp4' }, signal },
    timeoutMs: 120_000,
    read: async (response): Promise<ReplayVideo> => {
      if (response.status === 202) {
        await discardBody(response);
        const seconds = Number(response.headers.get('retry-after'));
        const retryAfterMs =
          Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : 2000;
        return { kind: 'writing', retryAfterMs };
      }
      const type = response.headers.get('content-type') ?? '';
      const declared = Number(response.headers.get('content-length') ?? '0');
      const problem = !type.startsWith('video/')
        ? `the server answered with ${type || 'no content type'} instead of a video`
        : declared > MAX_REPLAY_BYTES
          ? `the recording is ${Math.round(declared / 1024 / 1024)} MB, more than this page loads`
          : null;
      if (problem) {
        await discardBody(response);
        throw new ApiRequestError({
          status: response.status,
          statusText: 'Unplayable response',
          message: problem,
          details: [],
          bodyText: '',
        });
      }
      return { kind: 'ready', video: await response.blob() };
    },
  });
}
