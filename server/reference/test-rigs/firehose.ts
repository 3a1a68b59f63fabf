import type { ServerResponse } from 'node:http';
import type { ApiErrorDetail } from '../../../src/types/api.ts';
import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../../shared/http.ts';
import { parseLogQuery } from '../log-stream.ts';
import type { ReferenceExtension, SessionRoute } from '../session-route.ts';
import type { Session } from '../session.ts';
import { startSse } from '../sse.ts';
import { startCursor } from '../telemetry-ring.ts';
import { FrameWriter, type Render } from './firehose-kit.ts';
import { logChunk } from './firehose-logs.ts';
import { telemetryChunks } from './firehose-telemetry.ts';

/**
 * A firehose for the benchmark harness, only with REFERENCE_FIREHOSE=1: pre-rendered SSE frames
 * written as fast as the socket takes them, so that what is measured is the client's ingest.
 *
 * `POST /browsers/{id}/firehose` with `{"stream": "logs" | "telemetry", "count": N}` (N an integer
 * from 1 to 100,000,000) arms the session: the next request of that stream on it (`GET
 * …/logs/stream`, whose query is validated as usual but whose file need not exist, or `GET
 * …/telemetry/stream`) is answered with N frames instead of the normal stream. A second call for
 * the same stream replaces the armed count; a stream request takes it (one firehose per call). The
 * answer is `200 {"armed": {"logs": n, "telemetry": n}}` (0: not armed); a body that is not this
 * is a 400 with a JSON Error body whose details say what is wrong (other fields are refused too).
 *
 * The firehose has the normal stream's headers, then its N frames in chunks of about 128 KB,
 * written while the socket takes them and waiting for `drain` when it does not. It stops when the
 * response closes or the session ends. After the N frames the stream stays open with only `:`
 * keepalive comments every REFERENCE_KEEPALIVE_MS, so the client has no reason to reconnect.
 *
 * - logs: `data: {"event":"log","timestamp":…,"message":…}` as the log stream sends them; the
 *   messages are mixed log lines (levels, JSON lines, ANSI colours, some non-ASCII), 80–200 bytes
 *   of UTF-8, each ending with ` #<n>` (n from 1 to N) so that no two are alike. The timestamp is
 *   taken once per chunk.
 * - telemetry: `id: <seq>` / `data: {"seq":…,"event":{"ts":…,…}}` as the ring sends them, seq
 *   consecutive from where the normal stream would have started (after `Last-Event-ID`, else the
 *   oldest retained with `replay=all`, else the ring's next seq), ts (Unix µs) strictly increasing
 *   and close to the wall clock. Events are console logs and errors (with stack traces), network
 *   requests, responses and failures, and page navigations and loads, as the collector shapes
 *   them. The ring itself is left alone: these events are not retained and take no seq from it.
 *
 * This file arms a session and writes the frames at the socket's pace; the frames themselves are
 * made in firehose-logs.ts and firehose-telemetry.ts.
 */
export function firehoseRoute(): SessionRoute {
  return {
    method: 'POST',
    suffix: '/firehose',
    operationId: 'armFirehose',
    handler: async ({ req, res, session }) => {
      const body = parseJsonBody(await readBody(req, FIREHOSE_BODY_LIMIT));
      const { stream, count } = parseArm(body);
      const state = armedOf(session);
      state[stream] = count;
      sendJson(res, 200, { armed: { logs: state.logs, telemetry: state.telemetry } });
    },
  };
}

export type FirehoseStream = 'logs' | 'telemetry';

/** The count armed for the next request of `stream` on the session, now used up; else undefined. */
export function takeFirehose(session: Session, stream: FirehoseStream): number | undefined {
  const state = armed.get(session);
  const count = state?.[stream];
  if (!state || !count) return undefined;
  state[stream] = 0;
  return count;
}

/** Answers a log stream request with `count` log frames, then keepalives. */
export function serveLogFirehose(
  res: ServerResponse,
  session: Session,
  count: number,
  keepaliveMs: number,
  opened: () => void,
): void {
  startSse(res, { 'X-SSE-Content-Type': 'application/json' });
  opened();
  session.trackStream(res);
  pour(res, count, keepaliveMs, logChunk);
}

/** Answers a telemetry stream request with `count` events from seq `cursor`, then keepalives. */
export function serveTelemetryFirehose(
  res: ServerResponse,
  session: Session,
  count: number,
  cursor: number,
  keepaliveMs: number,
  opened: () => void,
): void {
  startSse(res);
  opened();
  session.trackStream(res);
  pour(res, count, keepaliveMs, telemetryChunks(cursor));
}

const FIREHOSE_BODY_LIMIT = 16 * 1024;
const MAX_COUNT = 100_000_000;
/** Bytes written in one go before letting other work run, even when the socket keeps taking them. */
const TICK_BYTES = 4 * 1024 * 1024;

const armed = new WeakMap<Session, Record<FirehoseStream, number>>();

function armedOf(session: Session): Record<FirehoseStream, number> {
  let state = armed.get(session);
  if (!state) {
    state = { logs: 0, telemetry: 0 };
    armed.set(session, state);
  }
  return state;
}

function invalid(details: ApiErrorDetail[]): HttpError {
  return new HttpError(400, 'bad_request', 'invalid firehose request', details);
}

function parseArm(body: unknown): { stream: FirehoseStream; count: number } {
  if (!isRecord(body)) {
    throw invalid([
      {
        code: 'invalid_input',
        message: 'body must be {"stream": "logs" | "telemetry", "count": N}',
      },
    ]);
  }
  const problems: ApiErrorDetail[] = [];
  const { stream, count } = body;
  if (stream !== 'logs' && stream !== 'telemetry')
    problems.push({ code: 'invalid_input', message: 'stream must be "logs" or "telemetry"' });
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT)
    problems.push({
      code: 'invalid_input',
      message: `count must be an integer from 1 to ${MAX_COUNT}`,
    });
  for (const key of Object.keys(body)) {
    if (key !== 'stream' && key !== 'count')
      problems.push({ code: 'invalid_input', message: `unknown field ${JSON.stringify(key)}` });
  }
  if (problems.length > 0 || (stream !== 'logs' && stream !== 'telemetry')) throw invalid(problems);
  return { stream, count: count as number };
}

/** Writes `count` frames as fast as the socket takes them, then keeps the stream alive. */
function pour(res: ServerResponse, count: number, keepaliveMs: number, render: Render): void {
  let sent = 0;
  let closed = false;
  let waiting = false;
  let keepalive: NodeJS.Timeout | undefined;
  const gone = (): boolean => closed || res.destroyed || res.writableEnded;

  const idle = (): void => {
    keepalive = setInterval(() => {
      if (gone()) {
        clearInterval(keepalive);
        return;
      }
      if (waiting) return;
      if (!res.write(':\n\n')) {
        waiting = true;
        res.once('drain', () => {
          waiting = false;
        });
      }
    }, keepaliveMs);
  };

  // chunks are written from buffers the socket has finished with (a write's callback returns its
  // buffer), so a firehose of any length reuses a few
  const out = new FrameWriter();
  const spare: Buffer[] = [out.buffer];
  const pump = (): void => {
    waiting = false;
    let budget = TICK_BYTES;
    while (sent < count) {
      if (gone()) return;
      out.reset(spare.pop() ?? Buffer.allocUnsafeSlow(out.buffer.length));
      sent = render(sent, count, out);
      const buffer = out.buffer;
      const more = res.write(out.chunk(), () => spare.push(buffer));
      if (!more) {
        waiting = true;
        res.once('drain', pump);
        return;
      }
      budget -= out.length;
      if (budget <= 0) {
        setImmediate(pump);
        return;
      }
    }
    if (!gone()) idle();
  };

  res.on('close', () => {
    closed = true;
    clearInterval(keepalive);
  });
  pump();
}

/**
 * The firehose as an extension of the reference server (`REFERENCE_FIREHOSE=1`): an armed count
 * answers the session's next stream request of that kind instead of the tail or the ring.
 */
export function firehoseExtension(keepaliveMs: number): ReferenceExtension {
  return {
    routes: [firehoseRoute()],
    answerInstead: ({ req, res, url, session, opened }, operationId) => {
      if (operationId === 'logsStream') {
        parseLogQuery(session, url.searchParams); // a bad query is still a 400
        const count = takeFirehose(session, 'logs');
        if (count === undefined) return false;
        serveLogFirehose(res, session, count, keepaliveMs, opened);
        return true;
      }
      if (operationId === 'streamTelemetry') {
        const lastEventId = req.headers['last-event-id'];
        const cursor = startCursor(
          session.ring,
          typeof lastEventId === 'string' ? lastEventId : undefined,
          url.searchParams.get('replay'),
        );
        const count = takeFirehose(session, 'telemetry');
        if (count === undefined) return false;
        serveTelemetryFirehose(res, session, count, cursor, keepaliveMs, opened);
        return true;
      }
      return false;
    },
  };
}
