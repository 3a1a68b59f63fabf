import type { TelemetryEvent, TelemetryEventSource } from '../../../types/api';
import { isRecord } from '../../../lib/is-record';

export type DecodedEnvelope =
  { ok: true; seq: number; event: TelemetryEvent } | { ok: false; reason: string };

function decodeSource(value: unknown): TelemetryEventSource {
  if (!isRecord(value)) return { kind: 'unknown' };
  const source: TelemetryEventSource = {
    kind: typeof value.kind === 'string' && value.kind !== '' ? value.kind : 'unknown',
  };
  if (typeof value.event === 'string') source.event = value.event;
  if (isRecord(value.metadata)) {
    // fromEntries defines keys, so even `__proto__` is kept as an ordinary entry
    source.metadata = Object.fromEntries(
      Object.entries(value.metadata).map(([key, entry]) => [
        key,
        typeof entry === 'string' ? entry : JSON.stringify(entry),
      ]),
    );
  }
  return source;
}

/** The source of an event decoded only to be described (decodeEnvelope's `source: 'skip'`). */
const SKIPPED_SOURCE: TelemetryEventSource = Object.freeze({ kind: 'unknown' });

/**
 * Decodes the data of one telemetry frame (`{"seq":…,"event":{…}}`). Validates what the timeline
 * depends on (a positive integer seq, an event object with type and category) and keeps every other
 * field as sent; `data` that is not an object is kept under `data.value` so it is still shown.
 * Never throws. `source: 'skip'` leaves the event's source out (`{ kind: 'unknown' }`), for a
 * reader that only describes the event (the stream worker, for every frame of a stream).
 */
export function decodeEnvelope(text: string, source: 'keep' | 'skip' = 'keep'): DecodedEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  return decodeEnvelopeValue(value, source);
}

/** decodeEnvelope for an envelope already parsed (an element of a history page). */
export function decodeEnvelopeValue(
  value: unknown,
  source: 'keep' | 'skip' = 'keep',
): DecodedEnvelope {
  if (!isRecord(value)) return { ok: false, reason: 'not a JSON object' };
  const { seq, event } = value;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) {
    return { ok: false, reason: 'seq is missing or not a positive integer' };
  }
  if (!isRecord(event)) return { ok: false, reason: 'event is missing or not an object' };
  const type = typeof event.type === 'string' && event.type !== '' ? event.type : null;
  const category =
    typeof event.category === 'string' && event.category !== '' ? event.category : null;
  if (!type) return { ok: false, reason: 'event.type is missing' };
  const ts = typeof event.ts === 'number' && Number.isFinite(event.ts) ? Math.trunc(event.ts) : NaN;
  const decoded: TelemetryEvent = {
    ts,
    type,
    category: category ?? 'unknown',
    source: source === 'keep' ? decodeSource(event.source) : SKIPPED_SOURCE,
  };
  if (event.data === null) decoded.data = null;
  else if (isRecord(event.data)) decoded.data = event.data;
  else if (event.data !== undefined) decoded.data = { value: event.data };
  if (event.truncated === true) decoded.truncated = true;
  return { ok: true, seq, event: decoded };
}
