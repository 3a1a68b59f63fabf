import type { ServerResponse } from 'node:http';
import type { ApiErrorDetail } from '../../../src/types/api.ts';
import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../../shared/http.ts';
import type { ReferenceExtension, SessionRoute } from '../session-route.ts';
import type { Session } from '../session.ts';

/**
 * Fault injection for tests, only with REFERENCE_FAULTS=1: `POST /browsers/{id}/faults` with a JSON
 * body naming an `action`. Every answer is `200 {"affected": n, "state": {…}}` (`state` as for
 * `"state"` below); a body that is not one of these is a 400 with a JSON Error body whose details
 * say what is wrong. Faults belong to the session and go away with it.
 *
 * Streams are `"telemetry"` (`GET …/telemetry/stream`) and `"logs"` (`GET …/logs/stream`); where
 * an action takes `"streams"`, it is one of those or `"all"` (the default).
 *
 * - `{"action": "drop_streams"}`: cuts every open stream of the session without a clean end, as a
 *   network failure would. `affected`: the streams cut.
 * - `{"action": "restart_events"}`: the session's event process restarts: seq starts again at 1
 *   and open telemetry streams end.
 * - `{"action": "crash_browser"}`: kills the session's Chromium as a crash would (it is restarted);
 *   409 when the session has no running browser. The answer also carries its `pid`.
 * - `{"action": "cut_every", "events": N}`: from now on, every telemetry stream of the session
 *   (open ones included) is destroyed mid-connection once N event frames were written on it
 *   (keepalive comments do not count), as often as it reconnects, until `"events": 0` turns it off.
 *   `state.cuts` counts the connections cut so far. N is an integer from 0 to 1,000,000.
 * - `{"action": "stall", "streams"?: …}`: the open streams go silent: whatever the server writes on
 *   them from now on (events, log lines, keepalive comments) is lost on the way, and they stay
 *   open, like a connection through a dead NAT mapping. Only a client's watchdog can tell. Streams
 *   opened later are healthy. `affected`: the streams stalled.
 * - `{"action": "respond", "status": S, "body"?: "json" | "text" | "empty", "retry_after"?: R,
 *   "times"?: K, "streams"?: …}`: the next K stream requests of the session (default 1) are
 *   answered with HTTP S (400–599) instead of a stream: `json` (the default) is an Error body
 *   `{"code", "message": "injected fault: S on the <stream> stream", "details": [{"code":
 *   "fault_injected", …}]}` (code by status: unauthorized, forbidden, not_found, rate_limited,
 *   internal_error, bad_gateway, …), `text` is that message as `text/plain`, `empty` has no body
 *   at all. With R (seconds, 0–86400) the answer carries `Retry-After: R`. Calls queue up: two
 *   calls of K=1 answer the next two requests, in the order the calls came.
 * - `{"action": "inject", "streams"?: …, "text": T}` or `{…, "base64": B}`: writes T (UTF-8) or
 *   the bytes of B exactly as given, in one write, on every open stream of the session, as if the
 *   server had sent them: malformed frames, invalid UTF-8, NUL bytes, many frames in one chunk.
 *   `affected`: the streams written to. At most 4 MB of fault request body.
 * - `{"action": "rotate_token", "token": T}`: the session's API token becomes T (1–256 visible
 *   ASCII characters): every request on this session (this route included) must carry
 *   `Bearer T`, and the server's token gets 401 there, as after a key rotation that revoked the
 *   old key. Streams already open are left alone (authorization is checked when they start).
 * - `{"action": "drop_events", "events": N}`: the next N event frames on each open telemetry
 *   stream of the session are lost on the way (comment frames pass), as a server dropping events
 *   mid-stream would: the client sees a jump in seq. The events stay in the session's history.
 *   `affected`: the streams that drop. N is an integer from 1 to 1,000,000.
 * - `{"action": "clear"}`: forgets pending `respond` answers and turns `cut_every` off.
 * - `{"action": "state"}`: changes nothing; `state` is `{"cut_every", "cuts", "responses_pending",
 *   "responses_sent", "streams_open", "streams_stalled", "token_rotated"}`.
 */
export function faultRoute(): SessionRoute {
  return {
    method: 'POST',
    suffix: '/faults',
    operationId: 'injectFault',
    handler: async ({ req, res, session }) => {
      const body = parseJsonBody(await readBody(req, FAULT_BODY_LIMIT));
      if (!isRecord(body) || typeof body.action !== 'string') {
        throw invalid([{ code: 'invalid_input', message: 'body must be {"action": "<name>", …}' }]);
      }
      const action = ACTIONS[body.action];
      if (!action) {
        throw invalid([
          {
            code: 'invalid_input',
            message: `action must be one of ${Object.keys(ACTIONS)
              .map((name) => `"${name}"`)
              .join(', ')}`,
          },
        ]);
      }
      const state = faultsOf(session);
      const answer = action(session, state, body);
      sendJson(res, 200, { ...answer, state: stateOf(state) });
    },
  };
}

/** The bearer token a request must carry when fault injection rotated its session's token. */
export function rotatedToken(
  apiPath: string,
  lookup: (id: string) => Session | undefined,
): string | undefined {
  const match = /^\/browsers\/([^/?#]+)/.exec(apiPath);
  if (!match?.[1]) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  const session = lookup(id);
  return session ? faults.get(session)?.token : undefined;
}

/**
 * Called for every request on a session before its handler: a pending `respond` fault for this
 * stream answers it instead (true: the request is answered).
 */
export function answerWithFault(
  session: Session,
  operationId: string,
  res: ServerResponse,
): boolean {
  const stream = STREAM_OF_OPERATION[operationId];
  const state = stream ? faults.get(session) : undefined;
  if (!stream || !state) return false;
  const index = state.pending.findIndex((entry) => matches(entry.streams, stream));
  const entry = state.pending[index];
  if (!entry) return false;
  state.pending.splice(index, 1);
  state.sent += 1;
  sendInjected(res, entry, stream);
  return true;
}

/**
 * Called once a stream's response has started: puts it on a wire that stall, cut_every and inject
 * act on. Everything the stream writes goes through it (the stream handlers write strings with no
 * callback, which is all the wire passes on).
 */
export function wireStream(session: Session, operationId: string, res: ServerResponse): void {
  const stream = STREAM_OF_OPERATION[operationId];
  if (!stream) return;
  const state = faultsOf(session);
  const write = res.write.bind(res) as (
    chunk: string | Uint8Array,
    flushed?: () => void,
  ) => boolean;
  const send: Wire['send'] = (chunk, flushed) => (flushed ? write(chunk, flushed) : write(chunk));
  const wire: Wire = { stream, res, stalled: false, cut: false, frames: 0, drop: 0, send };
  state.wires.add(wire);
  res.on('close', () => state.wires.delete(wire));
  res.write = ((chunk: string | Uint8Array) => onWrite(state, wire, chunk)) as typeof res.write;
}

const FAULT_BODY_LIMIT = 4 * 1024 * 1024;
const MAX_TIMES = 10_000;
const MAX_CUT_EVERY = 1_000_000;
const MAX_RETRY_AFTER = 86_400;
const TOKEN = /^[\x21-\x7e]{1,256}$/;

type StreamName = 'telemetry' | 'logs';
type StreamFilter = StreamName | 'all';
type BodyKind = 'json' | 'text' | 'empty';

const STREAM_OF_OPERATION: Record<string, StreamName | undefined> = {
  streamTelemetry: 'telemetry',
  logsStream: 'logs',
};

const CODE_OF_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
};

interface PendingResponse {
  status: number;
  body: BodyKind;
  retryAfter: number | undefined;
  streams: StreamFilter;
}

interface Wire {
  stream: StreamName;
  res: ServerResponse;
  stalled: boolean;
  /** cut_every's budget ran out: the rest is lost, and the connection is destroyed once flushed. */
  cut: boolean;
  /** Event frames written on this connection while cut_every was on. */
  frames: number;
  /** Event frames still to lose (drop_events). */
  drop: number;
  /** The response's own write. */
  send: (chunk: string | Uint8Array, flushed?: () => void) => boolean;
}

interface SessionFaults {
  pending: PendingResponse[];
  sent: number;
  cutEvery: number;
  cuts: number;
  token: string | undefined;
  wires: Set<Wire>;
}

const faults = new WeakMap<Session, SessionFaults>();

function faultsOf(session: Session): SessionFaults {
  let state = faults.get(session);
  if (!state) {
    state = { pending: [], sent: 0, cutEvery: 0, cuts: 0, token: undefined, wires: new Set() };
    faults.set(session, state);
  }
  return state;
}

function stateOf(state: SessionFaults): Record<string, number | boolean> {
  const wires = [...state.wires];
  return {
    cut_every: state.cutEvery,
    cuts: state.cuts,
    responses_pending: state.pending.length,
    responses_sent: state.sent,
    streams_open: wires.length,
    streams_stalled: wires.filter((wire) => wire.stalled).length,
    token_rotated: state.token !== undefined,
  };
}

function invalid(details: ApiErrorDetail[]): HttpError {
  return new HttpError(400, 'bad_request', 'invalid fault', details);
}

function matches(filter: StreamFilter, stream: StreamName): boolean {
  return filter === 'all' || filter === stream;
}

type Action = (
  session: Session,
  state: SessionFaults,
  body: Record<string, unknown>,
) => Record<string, unknown>;

const ACTIONS: Record<string, Action | undefined> = {
  drop_streams: (session) => ({ affected: session.dropStreams() }),
  restart_events: (session) => {
    session.ring.restart();
    return { affected: 1 };
  },
  crash_browser: (session) => {
    const pid = session.browser?.crash();
    if (pid === undefined)
      throw new HttpError(409, 'conflict', 'this session has no running browser to crash');
    return { affected: 1, pid };
  },
  cut_every: (_session, state, body) => {
    const events = integerField(body, 'events', 0, MAX_CUT_EVERY, undefined);
    state.cutEvery = events;
    for (const wire of state.wires) wire.frames = 0;
    return { affected: openWires(state, 'telemetry').length };
  },
  drop_events: (_session, state, body) => {
    const events = integerField(body, 'events', 1, MAX_CUT_EVERY, undefined);
    const wires = openWires(state, 'telemetry');
    for (const wire of wires) wire.drop = events;
    return { affected: wires.length };
  },
  stall: (_session, state, body) => {
    const wires = openWires(state, streamsField(body));
    for (const wire of wires) wire.stalled = true;
    return { affected: wires.length };
  },
  respond: (_session, state, body) => {
    const problems: ApiErrorDetail[] = [];
    const collect = <T>(read: () => T): T | undefined => {
      try {
        return read();
      } catch (error) {
        if (error instanceof HttpError && error.details) problems.push(...error.details);
        else throw error;
        return undefined;
      }
    };
    const status = collect(() => integerField(body, 'status', 400, 599, undefined));
    const kind = collect(() => bodyField(body));
    const retryAfter = collect(() =>
      body.retry_after === undefined
        ? undefined
        : integerField(body, 'retry_after', 0, MAX_RETRY_AFTER, undefined),
    );
    const times = collect(() => integerField(body, 'times', 1, MAX_TIMES, 1));
    const streams = collect(() => streamsField(body));
    if (
      problems.length > 0 ||
      status === undefined ||
      kind === undefined ||
      times === undefined ||
      streams === undefined
    )
      throw invalid(problems);
    for (let i = 0; i < times; i += 1)
      state.pending.push({ status, body: kind, retryAfter, streams });
    return { affected: 0 };
  },
  inject: (_session, state, body) => {
    const bytes = injectedBytes(body);
    const wires = openWires(state, streamsField(body));
    for (const wire of wires) if (!wire.stalled && !wire.cut) wire.send(bytes);
    return { affected: wires.length };
  },
  rotate_token: (_session, state, body) => {
    if (typeof body.token !== 'string' || !TOKEN.test(body.token)) {
      throw invalid([
        { code: 'invalid_input', message: 'token must be 1–256 visible ASCII characters' },
      ]);
    }
    state.token = body.token;
    return { affected: 1 };
  },
  clear: (_session, state) => {
    const affected = state.pending.length + (state.cutEvery > 0 ? 1 : 0);
    state.pending = [];
    state.cutEvery = 0;
    return { affected };
  },
  state: () => ({ affected: 0 }),
};

function openWires(state: SessionFaults, filter: StreamFilter): Wire[] {
  return [...state.wires].filter(
    (wire) => matches(filter, wire.stream) && !wire.res.destroyed && !wire.cut,
  );
}

function integerField(
  body: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
  fallback: number | undefined,
): number {
  const value = body[name];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid([
      { code: 'invalid_input', message: `${name} must be an integer from ${min} to ${max}` },
    ]);
  }
  return value;
}

function bodyField(body: Record<string, unknown>): BodyKind {
  const value = body.body ?? 'json';
  if (value === 'json' || value === 'text' || value === 'empty') return value;
  throw invalid([{ code: 'invalid_input', message: 'body must be "json", "text" or "empty"' }]);
}

function streamsField(body: Record<string, unknown>): StreamFilter {
  const value = body.streams ?? 'all';
  if (value === 'telemetry' || value === 'logs' || value === 'all') return value;
  throw invalid([
    { code: 'invalid_input', message: 'streams must be "telemetry", "logs" or "all"' },
  ]);
}

function injectedBytes(body: Record<string, unknown>): Buffer {
  const { text, base64 } = body;
  if (typeof text === 'string' && base64 === undefined && text !== '') return Buffer.from(text);
  if (
    typeof base64 === 'string' &&
    text === undefined &&
    base64 !== '' &&
    /^[A-Za-z0-9+/]*={0,2}$/.test(base64) &&
    base64.length % 4 === 0
  )
    return Buffer.from(base64, 'base64');
  throw invalid([
    {
      code: 'invalid_input',
      message: 'give either text (a non-empty string) or base64 (non-empty, standard alphabet)',
    },
  ]);
}

function sendInjected(res: ServerResponse, entry: PendingResponse, stream: StreamName): void {
  const message = `injected fault: ${entry.status} on the ${stream} stream`;
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (entry.retryAfter !== undefined) headers['Retry-After'] = String(entry.retryAfter);
  if (entry.body === 'json') {
    const code = CODE_OF_STATUS[entry.status] ?? `http_${entry.status}`;
    const details = [
      { code: 'fault_injected', message: 'asked for with POST /browsers/{id}/faults' },
    ];
    sendJson(res, entry.status, { code, message, details }, headers);
  } else if (entry.body === 'text') {
    res.writeHead(entry.status, {
      ...headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(message),
    });
    res.end(message);
  } else {
    res.writeHead(entry.status, { ...headers, 'Content-Length': 0 });
    res.end();
  }
}

/** What the wire does with one write of a stream: pass it, lose it, or pass part of it and cut. */
function onWrite(state: SessionFaults, wire: Wire, chunk: string | Uint8Array): boolean {
  if (wire.res.destroyed || wire.cut) return false;
  if (wire.stalled) return true;
  if (wire.stream === 'telemetry' && wire.drop > 0) chunk = dropEvents(wire, chunk);
  if (wire.stream !== 'telemetry' || state.cutEvery === 0) return wire.send(chunk);
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  const { frames, cutAt } = eventFrames(text, state.cutEvery - wire.frames);
  if (cutAt === undefined) {
    wire.frames += frames;
    return wire.send(text);
  }
  // the frames up to the budget reach the client, then the connection breaks mid-stream
  wire.cut = true;
  state.cuts += 1;
  wire.send(text.slice(0, cutAt), () => wire.res.destroy());
  return false;
}

/** The chunk without the event frames drop_events still has to lose. */
function dropEvents(wire: Wire, chunk: string | Uint8Array): string {
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  let kept = '';
  let position = 0;
  for (;;) {
    const end = text.indexOf('\n\n', position);
    if (end === -1) return kept + text.slice(position);
    if (text[position] !== ':' && wire.drop > 0) wire.drop -= 1;
    else kept += text.slice(position, end + 2);
    position = end + 2;
  }
}

/**
 * Counts the event frames of SSE text (comment frames are not events). When the `budget`-th one
 * ends inside the text, `cutAt` is the offset just after it.
 */
function eventFrames(text: string, budget: number): { frames: number; cutAt?: number } {
  let frames = 0;
  let position = 0;
  for (;;) {
    const end = text.indexOf('\n\n', position);
    if (end === -1) return { frames };
    if (text[position] !== ':') {
      frames += 1;
      if (frames >= budget) return { frames, cutAt: end + 2 };
    }
    position = end + 2;
  }
}

/** Fault injection as an extension of the reference server (`REFERENCE_FAULTS=1`). */
export function faultsExtension(): ReferenceExtension {
  return {
    routes: [faultRoute()],
    tokenFor: rotatedToken,
    answerInstead: ({ session, res }, operationId) => answerWithFault(session, operationId, res),
    streamOpened: wireStream,
  };
}
