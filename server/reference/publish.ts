import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorDetail, TelemetryEvent, TelemetryEventSource } from '../../src/types/api.ts';
import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../shared/http.ts';
import { nowMicros } from './clock.ts';
import type { Session } from './session.ts';

function validateEvent(
  value: unknown,
  index: number,
  problems: ApiErrorDetail[],
): TelemetryEvent | undefined {
  const where = `events[${index}]`;
  const fail = (message: string): undefined => {
    problems.push({ code: 'invalid_input', message: `${where}: ${message}` });
    return undefined;
  };
  if (!isRecord(value)) return fail('must be an object');
  const { ts, type, category, source, data, truncated } = value;
  if (typeof type !== 'string' || type.length === 0)
    return fail('type is required (non-empty string)');
  if (typeof category !== 'string' || category.length === 0) {
    return fail('category is required (non-empty string)');
  }
  if (ts !== undefined && !(typeof ts === 'number' && Number.isSafeInteger(ts) && ts >= 0)) {
    return fail('ts must be a non-negative integer (Unix microseconds)');
  }
  if (source !== undefined && !(isRecord(source) && typeof source.kind === 'string')) {
    return fail('source must be an object with a string kind');
  }
  if (data !== undefined && data !== null && !isRecord(data))
    return fail('data must be an object or null');
  if (truncated !== undefined && typeof truncated !== 'boolean')
    return fail('truncated must be a boolean');
  return {
    ts: typeof ts === 'number' ? ts : nowMicros(),
    type,
    category,
    source: (source as TelemetryEventSource | undefined) ?? { kind: 'kernel_api' },
    ...(data !== undefined ? { data: data as Record<string, unknown> | null } : {}),
    ...(truncated !== undefined ? { truncated } : {}),
  };
}

/** `POST /browsers/{id}/telemetry/events`: one event or an array, seqs assigned in order. */
export async function publishEvents(
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
  maxBodyBytes: number,
): Promise<void> {
  const body = parseJsonBody(await readBody(req, maxBodyBytes));
  if (body === undefined) {
    throw new HttpError(
      400,
      'bad_request',
      'request body must be an event object or an array of events',
    );
  }
  const items = Array.isArray(body) ? body : [body];
  const problems: ApiErrorDetail[] = [];
  const events = items.map((item, index) => validateEvent(item, index, problems));
  if (problems.length > 0) {
    throw new HttpError(400, 'bad_request', 'invalid telemetry events', problems.slice(0, 50));
  }
  const seq = events.map((event) => session.publish(event as TelemetryEvent));
  sendJson(res, 200, { seq });
}
