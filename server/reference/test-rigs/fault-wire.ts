// What faults do to a session's streams: a queued `respond` answers a stream request instead of
// the stream, and every stream that opens is put on a wire that stall, cut_every, drop_events and
// inject act on.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../../shared/http.ts';
import type { Session } from '../session.ts';
import {
  faults,
  faultsOf,
  matches,
  STREAM_OF_OPERATION,
  type PendingResponse,
  type SessionFaults,
  type StreamName,
  type Wire,
} from './fault-state.ts';

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
