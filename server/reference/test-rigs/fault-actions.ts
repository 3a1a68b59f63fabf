// The fault actions (`POST /browsers/{id}/faults` with `{"action": …}`, faults.ts documents each)
// and the reading of their fields: each action checks its body and changes the session's faults.
import type { ApiErrorDetail } from '../../../src/types/api.ts';
import { HttpError } from '../../shared/http.ts';
import type { Session } from '../session.ts';
import {
  invalid,
  openWires,
  type BodyKind,
  type SessionFaults,
  type StreamFilter,
} from './fault-state.ts';

const MAX_TIMES = 10_000;
const MAX_CUT_EVERY = 1_000_000;
const MAX_RETRY_AFTER = 86_400;
const TOKEN = /^[\x21-\x7e]{1,256}$/;

type Action = (
  session: Session,
  state: SessionFaults,
  body: Record<string, unknown>,
) => Record<string, unknown>;

export const ACTIONS: Record<string, Action | undefined> = {
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
