/** The lower-cased text the timeline's search looks at for one event. */
import type { TelemetryEvent } from '../../../types/api';
import { field, isRecord, rec, scalar, type Data } from './data-fields';
import { readEvent } from './event-item';
import type { EventItem } from './types';

export const HAYSTACK_MAX = 4096;

// ---- search text --------------------------------------------------------------------------------

const HAYSTACK_FIELDS = [
  'url',
  'document_url',
  'source_url',
  'text',
  'error_text',
  'selector',
  'target_selector',
  'key',
  'title',
  'operation_id',
  'reason',
  'message',
  'redirect_url',
];
const MAX_STACK_DEPTH = 64;

interface Collector {
  add: (value: string | null) => void;
  full: () => boolean;
  text: () => string;
}

function collector(limit: number): Collector {
  const parts: string[] = [];
  let size = 0;
  return {
    add(value) {
      if (value === null || value === '' || size >= limit) return;
      const part = value.slice(0, limit - size);
      parts.push(part);
      size += part.length + 1;
    },
    full: () => size >= limit,
    text: () => parts.join('\n').toLowerCase().slice(0, limit),
  };
}

function addStackTrace(data: Data, out: Collector): void {
  let stack = rec(data, 'stack_trace');
  for (let depth = 0; depth < MAX_STACK_DEPTH && !out.full(); depth += 1) {
    const frames = field(stack, 'callFrames');
    for (const frame of Array.isArray(frames) ? frames : []) {
      if (out.full()) return;
      if (!isRecord(frame)) continue;
      out.add(scalar(field(frame, 'functionName')));
      out.add(scalar(field(frame, 'url')));
    }
    const parent = field(stack, 'parent');
    if (!isRecord(parent)) return;
    stack = parent;
  }
}

export function haystack(summary: string, event: TelemetryEvent, data: Data): string {
  const out = collector(HAYSTACK_MAX);
  out.add(summary);
  out.add(scalar(event.type));
  out.add(scalar(event.category));
  for (const key of HAYSTACK_FIELDS) out.add(scalar(field(data, key)));
  const args = field(data, 'args');
  if (Array.isArray(args))
    out.add(
      args
        .map(scalar)
        .filter((arg) => arg !== null)
        .join(' '),
    );
  addStackTrace(data, out);
  return out.text();
}

/**
 * The search text of an event item, built the first time a search looks at it and kept on the
 * item. Most events are never searched: building it for every event as it arrives was a tenth of
 * the timeline's ingest time, and most of its garbage.
 */
export function searchText(item: EventItem): string {
  if (item.haystack === undefined) {
    const event = readEvent(item);
    item.haystack = haystack(item.summary, event, isRecord(event.data) ? event.data : {});
  }
  return item.haystack;
}
