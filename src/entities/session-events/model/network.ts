import { IndexedList } from '../../../lib/indexed-list';
import { readEvent } from './event-item';
import { FINISHED, REQUEST, RESPONSE } from './network-keys';
import type { EventItem } from './types';

/**
 * Network events paired by CDP request id. A redirect re-uses the request id (Chromium sends a new
 * request with `is_redirect`), so the earlier requests of a chain are kept as `redirects`.
 */
export interface NetworkExchange {
  requestId: string;
  request: EventItem | null;
  /** The status and headers, sent as they arrive (upstream sends it with the body, at the end). */
  response: EventItem | null;
  /** The end of the loading (`network_loading_finished`), with the body when it was captured. */
  finished: EventItem | null;
  failed: EventItem | null;
  /** Earlier requests of the same id, oldest first, when the later one came with `is_redirect`. */
  redirects: EventItem[];
  /**
   * The end (finished load, failure, else the response) ts minus the request ts, in
   * milliseconds; null while either is missing.
   */
  durationMs: number | null;
}

/**
 * Kept for every retained exchange, so as few objects as can be (at 100,000 events a second each
 * one is copied by the garbage collections that follow): the request id is the one string.
 */
interface Entry {
  requestId: string;
  request: EventItem | null;
  response: EventItem | null;
  finished: EventItem | null;
  failed: EventItem | null;
  /** null while there are none. */
  redirects: EventItem[] | null;
  /** Built on demand, dropped on every change so views get a new object only when it changed. */
  view: NetworkExchange | null;
}

function isEmpty(entry: Entry): boolean {
  return (
    !entry.request &&
    !entry.response &&
    !entry.finished &&
    !entry.failed &&
    !entry.redirects?.length
  );
}

/**
 * Pairs `network_request`, `network_response`, `network_loading_finished` and
 * `network_loading_failed` items by epoch and request id. Items are added and evicted in index
 * order; each costs O(1) (a redirect chain is shortened from its oldest end), and evicted items
 * are no longer referenced.
 */
export class NetworkIndex {
  /**
   * The exchange that new events of a request id join, in the newest epoch: items come in index
   * order, so an item of a newer epoch starts this over.
   */
  private readonly current = new Map<string, Entry>();
  private epoch = 0;
  /** The exchange of every retained network item, by absolute index. */
  private readonly byIndex = new IndexedList<Entry>();

  /** Network items currently retained (for tests and diagnostics). */
  get size(): number {
    return this.byIndex.size;
  }

  add(item: EventItem): void {
    const requestId = item.requestId;
    if (requestId === null || this.byIndex.has(item.index)) return;
    if (item.epoch !== this.epoch) {
      this.epoch = item.epoch;
      this.current.clear();
    }
    let entry = this.current.get(requestId);
    const type = item.type;
    if (type === REQUEST) {
      if (
        entry &&
        entry.request &&
        !entry.response &&
        !entry.finished &&
        !entry.failed &&
        item.redirect
      ) {
        (entry.redirects ??= []).push(entry.request);
        entry.request = item;
      } else {
        entry = this.start(requestId);
        entry.request = item;
      }
    } else {
      // a failure after the response is the same load ending badly (a body cut off, a blocked
      // response), its finished load the same load ending well; a second response, or anything
      // after the load ended, is a request id used again
      const joins =
        entry && !entry.failed && !entry.finished && (type !== RESPONSE || !entry.response);
      if (!entry || !joins) entry = this.start(requestId);
      if (type === RESPONSE) entry.response = item;
      else if (type === FINISHED) entry.finished = item;
      else entry.failed = item;
    }
    entry.view = null;
    this.byIndex.set(item.index, entry);
  }

  evict(item: EventItem): void {
    const entry = this.byIndex.take(item.index);
    if (!entry) return;
    if (entry.request === item) entry.request = null;
    else if (entry.response === item) entry.response = null;
    else if (entry.finished === item) entry.finished = null;
    else if (entry.failed === item) entry.failed = null;
    else if (entry.redirects?.[0] === item) entry.redirects.shift();
    else if (entry.redirects) entry.redirects = entry.redirects.filter((other) => other !== item);
    entry.view = null;
    if (isEmpty(entry) && this.current.get(entry.requestId) === entry)
      this.current.delete(entry.requestId);
  }

  clear(): void {
    this.current.clear();
    this.byIndex.clear();
    this.epoch = 0;
  }

  /** The request of the exchange a network item belongs to, if held. */
  requestOf(item: EventItem): EventItem | null {
    return this.byIndex.get(item.index)?.request ?? null;
  }

  /** The exchange a network item belongs to; null for other items and ones not (or no longer) held. */
  exchangeOf(item: EventItem): NetworkExchange | null {
    const entry = this.byIndex.get(item.index);
    if (!entry) return null;
    entry.view ??= {
      requestId: entry.requestId,
      request: entry.request,
      response: entry.response,
      finished: entry.finished,
      failed: entry.failed,
      redirects: entry.redirects ? [...entry.redirects] : [],
      durationMs: durationOf(entry),
    };
    return entry.view;
  }

  private start(requestId: string): Entry {
    const entry: Entry = {
      requestId,
      request: null,
      response: null,
      finished: null,
      failed: null,
      redirects: null,
      view: null,
    };
    this.current.set(requestId, entry);
    return entry;
  }
}

function durationOf(entry: Entry): number | null {
  const end = entry.finished ?? entry.failed ?? entry.response;
  if (!entry.request || !end) return null;
  const ms = (end.tsUs - entry.request.tsUs) / 1000;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Header pairs from an untrusted value: an object of name → string or name → string[] (one pair per
 * element). Anything else is skipped. Sorted by name, case-insensitively; equal names keep their order.
 */
export function readHeaders(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const pairs: [string, string][] = [];
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === 'string') pairs.push([name, entry]);
    else if (Array.isArray(entry)) {
      for (const part of entry) if (typeof part === 'string') pairs.push([name, part]);
    }
  }
  return pairs
    .map((pair) => ({ pair, sortKey: pair[0].toLowerCase() }))
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
    .map(({ pair }) => pair);
}

/** What the detail view shows of an exchange, every field validated (null when absent). */
export interface NetworkExchangeView {
  method: string | null;
  url: string | null;
  status: number | null;
  statusText: string | null;
  /** Set when the request failed: the network error text, or '' when none was given. */
  errorText: string | null;
  canceled: boolean;
  /** ts (µs) of the request, else of the first event held. */
  startedUs: number | null;
  durationMs: number | null;
  mimeType: string | null;
  resourceType: string | null;
  initiatorType: string | null;
  documentUrl: string | null;
  /** URLs this request was redirected from, oldest first. */
  redirectedFrom: string[];
  /**
   * The headers as sent (with Cookie) when the browser reported them (`request_headers`), else
   * those the page set; null when neither is held.
   */
  requestHeaders: [string, string][] | null;
  /** Only the headers the page set are known (DevTools: "Provisional headers are shown"). */
  requestHeadersProvisional: boolean;
  /** null when there is no response event; with Set-Cookie when the browser reported it. */
  responseHeaders: [string, string][] | null;
  postData: string | null;
  body: string | null;
  /** Where the response came from when not the network: disk cache, memory cache… */
  servedFrom: string | null;
  /** The protocol the response came over (`http/1.1`, `h2`, `h3`). */
  protocol: string | null;
  /** The server's address and port. */
  remoteAddress: string | null;
  /** Bytes the load took on the wire (headers and body), once it finished. */
  transferSize: number | null;
}

type Data = Record<string, unknown> | null | undefined;

function text(data: Data, field: string): string | null {
  const value = data?.[field];
  return typeof value === 'string' ? value : null;
}

function headerObject(field: string, ...sources: Data[]): unknown {
  for (const data of sources) {
    const value = data?.[field];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  }
  return undefined;
}

function servedFrom(response: Data): string | null {
  if (response?.from_service_worker === true) return 'service worker';
  if (response?.from_memory_cache === true) return 'memory cache';
  if (response?.from_disk_cache === true) return 'disk cache';
  if (response?.from_prefetch_cache === true) return 'prefetch cache';
  return null;
}

function remoteAddress(response: Data): string | null {
  const ip = text(response, 'remote_ip_address');
  if (!ip) return null;
  const port = response?.remote_port;
  const host = ip.includes(':') ? `[${ip}]` : ip;
  return typeof port === 'number' && Number.isInteger(port) ? `${host}:${port}` : ip;
}

function firstText(field: string, ...sources: Data[]): string | null {
  for (const data of sources) {
    const value = text(data, field);
    if (value !== null && value !== '') return value;
  }
  return null;
}

/**
 * An event's data for describing its exchange, read without keeping the event parsed on its item:
 * the Network view describes every exchange, and keeping them parsed held 2.3 times the events'
 * JSON where the timeline alone holds 1.45 (docs/performance.md, 2026-11-28).
 */
export function dataOf(
  item: EventItem | null | undefined,
): Record<string, unknown> | null | undefined {
  return item ? readEvent(item).data : undefined;
}

/** Reads the fields the detail view shows from the exchange's untrusted event data. */
export function describeExchange(exchange: NetworkExchange): NetworkExchangeView {
  const request = dataOf(exchange.request);
  const response = dataOf(exchange.response);
  const finished = dataOf(exchange.finished);
  const failed = dataOf(exchange.failed);
  const status = response?.status;
  // the full headers come on the first event after the browser reported them
  const sent = headerObject('request_headers', request, response, finished, failed);
  const received = headerObject('response_headers', finished, failed);
  const transferSize = finished?.encoded_data_length;
  const redirectedFrom = exchange.redirects
    .map((item) => text(dataOf(item), 'url'))
    .filter((url): url is string => url !== null && url !== '');
  const redirectUrl = text(request, 'redirect_url');
  if (redirectedFrom.length === 0 && request?.is_redirect === true && redirectUrl) {
    redirectedFrom.push(redirectUrl);
  }
  const first = exchange.request ?? exchange.response ?? exchange.finished ?? exchange.failed;
  return {
    method: firstText('method', request, response),
    url: firstText('url', request, response, finished, failed),
    status: typeof status === 'number' && Number.isFinite(status) ? status : null,
    statusText: firstText('status_text', response),
    errorText: exchange.failed ? (text(failed, 'error_text') ?? '') : null,
    canceled: failed?.canceled === true,
    startedUs: first && Number.isFinite(first.tsUs) ? first.tsUs : null,
    durationMs: exchange.durationMs,
    mimeType: firstText('mime_type', response),
    resourceType: firstText('resource_type', request, response, finished, failed),
    initiatorType: firstText('initiator_type', request),
    documentUrl: firstText('document_url', request),
    redirectedFrom,
    requestHeaders:
      sent !== undefined
        ? readHeaders(sent)
        : exchange.request
          ? readHeaders(request?.headers)
          : null,
    requestHeadersProvisional: sent === undefined && exchange.request !== null,
    responseHeaders: exchange.response ? readHeaders(received ?? response?.headers) : null,
    postData: text(request, 'post_data'),
    body: text(finished, 'body') ?? text(response, 'body'),
    servedFrom: servedFrom(response),
    protocol: firstText('protocol', response),
    remoteAddress: remoteAddress(response),
    transferSize:
      typeof transferSize === 'number' && Number.isFinite(transferSize) && transferSize >= 0
        ? transferSize
        : null,
  };
}

/** Bodies this long (UTF-8 bytes) may have been cut by the server (4 KB of other text, 8 KB of
 *  structured text; a cut on a character boundary can end up to 3 bytes short). */
const MAY_BE_CUT_BYTES = 4096 - 3;

/** Whether a captured body reached the server's capture limit, so it may be incomplete. */
export function bodyMayBeCut(body: string): boolean {
  if (body.length * 3 < MAY_BE_CUT_BYTES) return false;
  return new TextEncoder().encode(body).length >= MAY_BE_CUT_BYTES;
}

/** The body indented when it is JSON (an object or array), else as given. */
export function prettyBody(body: string): { text: string; json: boolean } {
  if (!/^\s*[[{]/.test(body)) return { text: body, json: false };
  try {
    return { text: JSON.stringify(JSON.parse(body) as unknown, null, 2), json: true };
  } catch {
    return { text: body, json: false };
  }
}
