/**
 * What the page visits (pages.ts) read of an event's data, and which events they read it of. The
 * stream worker picks these fields from the event it has parsed anyway and sends them with the
 * frame as a short JSON text (telemetry-decoder.ts), so a pass over a live timeline parses the
 * few fields and not whole events: at tens of thousands of events a second, parsing the new
 * navigations, errors and page metrics made each pass a task of 150–200 ms.
 */
import { isRecord } from '../../../lib/is-record';

export type PageData = Record<string, unknown>;

/**
 * The fields read of an event's data; sub-records by the fields read of them (a list: the stream
 * worker picks them for every error, navigation and page metric, and `Object.entries` of a record
 * made a new array of pairs each time, a fifth of picking them in Chromium).
 */
const READ_FIELDS = ['target_id', 'nav_seq', 'title', 'url', 'loader_id', 'time'] as const;
const READ_DETAILS: readonly (readonly [string, readonly string[]])[] = [
  ['layout_shift_details', ['value', 'had_recent_input']],
  ['lcp_details', ['render_time', 'load_time', 'size', 'element_id', 'url']],
];

/** Types whose data the visits read, besides errors and navigations of the top frame. */
const READ_TYPES: ReadonlySet<string> = new Set([
  'page_tab_opened',
  'page_lcp',
  'page_layout_shift',
  'page_dom_content_loaded',
  'page_load',
]);

/** The visits read this event's data. */
export function readsPageData(event: {
  type: string;
  error: boolean;
  topNavigation?: boolean;
}): boolean {
  return event.error || event.topNavigation === true || READ_TYPES.has(event.type);
}

function pick(from: PageData, fields: readonly string[]): PageData {
  const picked: PageData = {};
  for (const field of fields) if (field in from) picked[field] = from[field];
  return picked;
}

/** The fields the visits read of an event's `data`. */
export function pageDataOf(data: unknown): PageData {
  if (!isRecord(data)) return {};
  const kept = pick(data, READ_FIELDS);
  for (const [field, fields] of READ_DETAILS) {
    const details = data[field];
    if (isRecord(details)) kept[field] = pick(details, fields);
  }
  return kept;
}
