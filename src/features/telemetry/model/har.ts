/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) from the Network view's rows: one
 * entry per request, `pages` from the top-level page visits. What the telemetry does not carry is
 * written as the spec says for unknown values (-1 sizes and timings, empty HTTP versions); a
 * request that failed has status 0 and its error in `_error`, as Chrome's own export writes it.
 * Secrets are masked unless asked for.
 */
import { isSecretHeader, MASKED } from './copy-as';
import { sessionFileStem } from './jsonl';
import type { NetworkRow } from './network-table';
import type { PageVisit } from './pages';

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
  };
  cache: Record<string, never>;
  timings: {
    blocked: number;
    dns: number;
    connect: number;
    send: number;
    wait: number;
    receive: number;
    ssl: number;
  };
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
  return (pairs ?? []).map(([name, value]) => ({
    name,
    value: !reveal && isSecretHeader(name) ? MASKED : value,
  }));
}

function header(pairs: readonly [string, string][] | null, name: string): string | null {
  for (const [key, value] of pairs ?? []) if (key.toLowerCase() === name) return value;
  return null;
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

function entryOf(row: NetworkRow, pageref: string | undefined, reveal: boolean): HarEntry {
  const { view } = row;
  const durationMs = row.endUs === null ? 0 : Math.max(0, (row.endUs - row.startUs) / 1000);
  const url = view.url ?? '';
  const postData = view.postData;
  const entry: HarEntry = {
    startedDateTime: iso(row.startUs),
    time: durationMs,
    request: {
      method: view.method ?? 'GET',
      url,
      httpVersion: '',
      cookies: [],
      headers: headersOf(view.requestHeaders, reveal),
      queryString: queryOf(url),
      headersSize: -1,
      bodySize: postData === null ? 0 : encoder.encode(postData).length,
    },
    response: {
      status: row.failed ? 0 : (view.status ?? 0),
      statusText: row.failed ? '' : (view.statusText ?? ''),
      httpVersion: '',
      cookies: [],
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
    // only the whole span is known: it is the wait for the answer
    timings: {
      blocked: -1,
      dns: -1,
      connect: -1,
      send: 0,
      wait: durationMs,
      receive: 0,
      ssl: -1,
    },
    _resourceType: row.type,
  };
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
