/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) from the Network view's rows: one
 * entry per request, `pages` from the top-level page visits. What the telemetry does not carry is
 * written as the spec says for unknown values (-1 sizes and timings, empty HTTP versions); the
 * timings are the phases the browser reported (network-timing.ts) when it did. A request that
 * failed has its error in `_error` and status 0 when no response came, as Chrome's own export
 * writes it. Secrets (headers and cookies) are masked unless asked for.
 */
import { readHarOutcome, type HarFailure } from './har-failures';
import { harTimings, networkTiming, type HarTimings } from './network-timing';
import { headerValue } from '../../../entities/session-events/model/secret-headers';
import { sessionFileStem } from '../../../entities/session-events/model/jsonl';
import type { NetworkRow } from '../../../entities/session-events/model/network-table';
import type { PageVisit } from '../../../entities/session-events/model/pages';
import type { TelemetryEvent } from '../../../entities/session-events/model/types';

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarHeader[];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarHeader[];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    _error?: string;
    /** Bytes on the wire (headers and body), as Chrome's export writes it. */
    _transferSize?: number;
  };
  cache: Record<string, never>;
  timings: HarTimings;
  _resourceType: string;
}

export interface HarPage {
  startedDateTime: string;
  id: string;
  title: string;
  pageTimings: { onContentLoad: number; onLoad: number };
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages: HarPage[];
    entries: HarEntry[];
  };
}

const encoder = new TextEncoder();

function iso(us: number): string {
  return new Date(Math.floor(us / 1000)).toISOString();
}

function headersOf(pairs: readonly [string, string][] | null, reveal: boolean): HarHeader[] {
  return (pairs ?? []).map(([name, value]) => ({ name, value: headerValue(name, value, reveal) }));
}

function header(pairs: readonly [string, string][] | null, name: string): string | null {
  for (const [key, value] of pairs ?? []) if (key.toLowerCase() === name) return value;
  return null;
}

/**
 * HAR's `cookies` from the `Cookie` header (`a=1; b=2`) or each `Set-Cookie` (`a=1; Path=/`):
 * names as they are, values masked like the header itself unless asked for.
 */
function cookiesOf(
  pairs: readonly [string, string][] | null,
  name: 'cookie' | 'set-cookie',
  reveal: boolean,
): HarHeader[] {
  const cookies: HarHeader[] = [];
  for (const [key, value] of pairs ?? []) {
    if (key.toLowerCase() !== name) continue;
    // a Set-Cookie is one cookie and its attributes; several may come joined by new lines
    const parts =
      name === 'cookie'
        ? value.split(';')
        : value.split('\n').map((line) => line.split(';')[0] ?? '');
    for (const part of parts) {
      const at = part.indexOf('=');
      if (at <= 0) continue;
      cookies.push({
        name: part.slice(0, at).trim(),
        value: headerValue(key, part.slice(at + 1).trim(), reveal),
      });
    }
  }
  return cookies;
}

function queryOf(url: string): HarHeader[] {
  if (!URL.canParse(url)) return [];
  return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
}

/** The visit a request belongs to: the latest one started at or before it. */
function pageOf(pages: readonly PageVisit[], startUs: number): number {
  let found = -1;
  for (let at = 0; at < pages.length; at += 1) {
    const page = pages[at] as PageVisit;
    if (page.startUs <= startUs) found = at;
  }
  return found;
}

/**
 * The phases of the request when the browser reported them (network-timing.ts), else only the
 * whole span, counted as the wait for the answer.
 */
function timingsOf(row: NetworkRow): { timings: HarEntry['timings']; time: number } {
  const timing = networkTiming(row.exchange);
  if (timing) return harTimings(timing);
  const time = row.endUs === null ? 0 : Math.max(0, (row.endUs - row.startUs) / 1000);
  return {
    timings: { blocked: -1, dns: -1, connect: -1, send: 0, wait: time, receive: 0, ssl: -1 },
    time,
  };
}

function entryOf(row: NetworkRow, pageref: string | undefined, reveal: boolean): HarEntry {
  const { view } = row;
  const { timings, time } = timingsOf(row);
  const url = view.url ?? '';
  const postData = view.postData;
  const entry: HarEntry = {
    startedDateTime: iso(row.startUs),
    time,
    request: {
      method: view.method ?? 'GET',
      url,
      httpVersion: view.protocol ?? '',
      cookies: cookiesOf(view.requestHeaders, 'cookie', reveal),
      headers: headersOf(view.requestHeaders, reveal),
      queryString: queryOf(url),
      headersSize: -1,
      bodySize: postData === null ? 0 : encoder.encode(postData).length,
    },
    // a load that failed after its response came keeps its status, with the error, as Chrome's
    response: {
      status: view.status ?? 0,
      statusText: view.status === null ? '' : (view.statusText ?? ''),
      httpVersion: view.protocol ?? '',
      cookies: cookiesOf(view.responseHeaders, 'set-cookie', reveal),
      headers: headersOf(view.responseHeaders, reveal),
      content: {
        size: row.size ?? -1,
        mimeType: view.mimeType ?? 'x-unknown',
        ...(view.body === null ? {} : { text: view.body }),
      },
      redirectURL: header(view.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings,
    _resourceType: row.type,
  };
  if (view.transferSize !== null) entry.response._transferSize = view.transferSize;
  if (pageref !== undefined) entry.pageref = pageref;
  if (postData !== null) {
    entry.request.postData = {
      mimeType: header(view.requestHeaders, 'content-type') ?? '',
      text: postData,
    };
  }
  if (row.failed)
    entry.response._error = view.canceled ? 'net::ERR_ABORTED' : view.errorText || 'failed';
  return entry;
}

/** The requests as a HAR 1.2 log, with the page visits they happened in. */
export function buildHar(
  rows: readonly NetworkRow[],
  pages: readonly PageVisit[],
  options: { reveal: boolean; version: string },
): Har {
  const used = new Set<number>();
  const refs = rows.map((row) => {
    const at = pageOf(pages, row.startUs);
    if (at >= 0) used.add(at);
    return at;
  });
  const harPages: HarPage[] = [];
  pages.forEach((page, at) => {
    if (!used.has(at)) return;
    harPages.push({
      startedDateTime: iso(page.startUs),
      id: `page_${at + 1}`,
      title: page.title ?? page.url,
      pageTimings: {
        onContentLoad: page.domContentLoadedMs ?? -1,
        onLoad: page.loadMs ?? -1,
      },
    });
  });
  return {
    log: {
      version: '1.2',
      creator: { name: 'Session Console', version: options.version },
      pages: harPages,
      entries: rows.map((row, at) => {
        const page = refs[at] ?? -1;
        return entryOf(row, page >= 0 ? `page_${page + 1}` : undefined, options.reveal);
      }),
    },
  };
}

/** `network-<session>-YYYYMMDD-HHMM.har` (see sessionFileStem). */
export function harFileName(sessionId: string, when: Date): string {
  return `${sessionFileStem('network', sessionId, when)}.har`;
}

const CDP_TYPES: Record<string, string> = {
  document: 'Document',
  fetch: 'Fetch',
  script: 'Script',
  stylesheet: 'Stylesheet',
  image: 'Image',
  font: 'Font',
  other: 'Other',
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** HAR `[{name, value}]` as the telemetry's header object (a repeated name becomes a list). */
function headerMap(value: unknown): Record<string, string | string[]> {
  const map: Record<string, string | string[]> = {};
  if (!Array.isArray(value)) return map;
  for (const pair of value) {
    if (!isObject(pair)) continue;
    const name = str(pair.name);
    const text = str(pair.value);
    if (name === null || text === null || name === '__proto__') continue;
    const before = map[name];
    map[name] =
      before === undefined ? text : [...(Array.isArray(before) ? before : [before]), text];
  }
  return map;
}

/**
 * A HAR file (from this dashboard, Chrome or another tool) as telemetry envelopes, so that it opens
 * like an export: each entry becomes a `network_request` and its `network_response` and/or
 * `network_loading_failed` (as har-failures.ts reads the writer's convention), each page a
 * `page_navigation`. What cannot be read is a problem with its place, never a failure of the
 * whole file. Returns null when the text is not HAR at all.
 */
export function readHar(text: string): {
  envelopes: { seq: number; event: TelemetryEvent }[];
  problems: { line: number; reason: string; raw: string }[];
} | null {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.log) || !Array.isArray(value.log.entries)) return null;
  const { log } = value;
  const entries: unknown[] = value.log.entries;
  const events: TelemetryEvent[] = [];
  const problems: { line: number; reason: string; raw: string }[] = [];
  const event = (ts: number, type: string, data: Json): TelemetryEvent => ({
    ts,
    type,
    category: type.startsWith('page_') ? 'page' : 'network',
    source: { kind: 'har' },
    data,
  });
  (Array.isArray(log.pages) ? log.pages : []).forEach((page: unknown, at: number) => {
    if (!isObject(page)) return;
    const ms = Date.parse(str(page.startedDateTime) ?? '');
    if (Number.isNaN(ms)) return;
    const url = str(page.title) ?? '';
    events.push(
      event(ms * 1000, 'page_navigation', {
        url,
        target_id: 'har',
        frame_id: 'har',
        nav_seq: at + 1,
      }),
    );
  });
  entries.forEach((entry, at) => {
    const where = `entry ${at + 1}`;
    if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) {
      problems.push({
        line: at + 1,
        reason: `${where} has no request or response`,
        raw: JSON.stringify(entry)?.slice(0, 2048) ?? '',
      });
      return;
    }
    const startMs = Date.parse(str(entry.startedDateTime) ?? '');
    if (Number.isNaN(startMs)) {
      problems.push({
        line: at + 1,
        reason: `${where} has no startedDateTime`,
        raw: JSON.stringify(entry).slice(0, 2048),
      });
      return;
    }
    const { request, response } = entry;
    const id = `har-${at + 1}`;
    const resourceType = CDP_TYPES[str(entry._resourceType) ?? ''] ?? null;
    const requestData: Json = {
      request_id: id,
      method: str(request.method) ?? 'GET',
      url: str(request.url) ?? '',
      headers: headerMap(request.headers),
    };
    if (isObject(request.postData) && str(request.postData.text) !== null)
      requestData.post_data = request.postData.text;
    if (resourceType) requestData.resource_type = resourceType;
    const startUs = startMs * 1000;
    events.push(event(startUs, 'network_request', requestData));
    const time = typeof entry.time === 'number' && entry.time >= 0 ? entry.time : 0;
    const endUs = startUs + Math.round(time * 1000);
    // a failure by the convention of the tool that wrote the file (har-failures.ts)
    const { status, failure } = readHarOutcome(entry, response);
    const failed = (reason: HarFailure): TelemetryEvent =>
      event(endUs, 'network_loading_failed', {
        request_id: id,
        ...reason,
        ...(resourceType ? { resource_type: resourceType } : {}),
      });
    if (status === null) {
      events.push(failed(failure));
      return;
    }
    const content = isObject(response.content) ? response.content : {};
    const responseData: Json = {
      request_id: id,
      status,
      status_text: str(response.statusText) ?? '',
      headers: headerMap(response.headers),
      mime_type: str(content.mimeType) ?? '',
    };
    // a base64 body is binary: it is not shown as text
    if (str(content.text) !== null && content.encoding !== 'base64')
      responseData.body = content.text;
    if (resourceType) responseData.resource_type = resourceType;
    events.push(event(endUs, 'network_response', responseData));
    // the load failed once the response had come (a body cut off, a response blocked)
    if (failure) events.push(failed(failure));
  });
  // in time order, as a stream would have sent them (a stable sort keeps each request first)
  events.sort((a, b) => a.ts - b.ts);
  return { envelopes: events.map((item, at) => ({ seq: at + 1, event: item })), problems };
}
