// What fault injection keeps for a session: the answers queued by `respond`, cut_every's setting
// and count, a rotated token, and the wire of every open stream (stalled, cut, dropping). The
// actions (fault-actions.ts) change it; the wires (fault-wire.ts) act on it.
import type { ServerResponse } from 'node:http';
import type { ApiErrorDetail } from '../../../src/types/api.ts';
import { HttpError } from '../../shared/http.ts';
import type { Session } from '../session.ts';

export type StreamName = 'telemetry' | 'logs';
export type StreamFilter = StreamName | 'all';
export type BodyKind = 'json' | 'text' | 'empty';

export const STREAM_OF_OPERATION: Record<string, StreamName | undefined> = {
  streamTelemetry: 'telemetry',
  logsStream: 'logs',
};

export interface PendingResponse {
  status: number;
  body: BodyKind;
  retryAfter: number | undefined;
  streams: StreamFilter;
}

export interface Wire {
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

export interface SessionFaults {
  pending: PendingResponse[];
  sent: number;
  cutEvery: number;
  cuts: number;
  token: string | undefined;
  wires: Set<Wire>;
}

export const faults = new WeakMap<Session, SessionFaults>();

export function faultsOf(session: Session): SessionFaults {
  let state = faults.get(session);
  if (!state) {
    state = { pending: [], sent: 0, cutEvery: 0, cuts: 0, token: undefined, wires: new Set() };
    faults.set(session, state);
  }
  return state;
}

export function stateOf(state: SessionFaults): Record<string, number | boolean> {
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

export function invalid(details: ApiErrorDetail[]): HttpError {
  return new HttpError(400, 'bad_request', 'invalid fault', details);
}

export function matches(filter: StreamFilter, stream: StreamName): boolean {
  return filter === 'all' || filter === stream;
}

export function openWires(state: SessionFaults, filter: StreamFilter): Wire[] {
  return [...state.wires].filter(
    (wire) => matches(filter, wire.stream) && !wire.res.destroyed && !wire.cut,
  );
}
