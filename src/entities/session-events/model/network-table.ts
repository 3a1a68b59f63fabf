/**
 * The Network view's rows: one per request (its request, response, finished load or failure and
 * redirects joined,
 * network.ts), in the order the requests started, with what the table shows and sorts by and what
 * its filter looks at. Pure; one pass over the retained items.
 */
import { describeExchange, type NetworkExchange, type NetworkExchangeView } from './network';
import { networkType, type FilterableRequest, type NetworkType } from './network-query';
import type { EventItem, TimelineSource } from './types';

export interface NetworkRow {
  /** Timeline index of the exchange's first held event (its request when held): the row's key. */
  index: number;
  /** The event the details open on: the response when there is one, else the first held. */
  detailIndex: number;
  exchange: NetworkExchange;
  view: NetworkExchangeView;
  /** Host and the rest (path and query) of the URL, as the Name column shows them. */
  host: string;
  name: string;
  type: NetworkType;
  /** Bytes of the body received: its Content-Length, else the captured body's size; null when unknown. */
  size: number | null;
  /** The captured body is all the size says (no Content-Length): it may have been cut. */
  sizeFromBody: boolean;
  failed: boolean;
  /** µs; the start of the first held event. */
  startUs: number;
  /** µs; the end of the load (finished or failed), else the response; null while pending. */
  endUs: number | null;
  filterable: FilterableRequest;
}

const encoder = new TextEncoder();

function header(headers: readonly [string, string][] | null, name: string): string | null {
  if (!headers) return null;
  for (const [key, value] of headers) if (key.toLowerCase() === name) return value;
  return null;
}

/** Host and the path with its query, for a URL that may not parse (then the whole text is the name). */
export function splitUrl(url: string): { host: string; name: string } {
  if (!URL.canParse(url)) return { host: '', name: url };
  const parsed = new URL(url);
  if (parsed.protocol === 'data:') return { host: '', name: url.slice(0, 64) };
  return { host: parsed.host, name: `${parsed.pathname}${parsed.search}` || '/' };
}

function sizeOf(view: NetworkExchangeView): { size: number | null; fromBody: boolean } {
  const length = header(view.responseHeaders, 'content-length');
  if (length !== null && /^\d{1,15}$/.test(length.trim()))
    return { size: Number(length.trim()), fromBody: false };
  if (view.body === null) return { size: null, fromBody: false };
  return { size: encoder.encode(view.body).length, fromBody: true };
}

function rowOf(exchange: NetworkExchange): NetworkRow | null {
  const first =
    exchange.redirects[0] ??
    exchange.request ??
    exchange.response ??
    exchange.finished ??
    exchange.failed;
  if (!first) return null;
  const view = describeExchange(exchange);
  const url = view.url ?? '';
  const { host, name } = splitUrl(url);
  const type = networkType(view.resourceType, view.mimeType);
  const { size, fromBody } = sizeOf(view);
  const failed = exchange.failed !== null;
  // the response ends a row's wait, whether or not its body ever finishes loading
  const end: EventItem | null = exchange.finished ?? exchange.failed ?? exchange.response;
  return {
    index: first.index,
    detailIndex: (
      exchange.response ??
      exchange.failed ??
      exchange.finished ??
      exchange.request ??
      first
    ).index,
    exchange,
    view,
    host,
    name,
    type,
    size,
    sizeFromBody: fromBody,
    failed,
    startUs: first.tsUs,
    endUs: end ? end.tsUs : null,
    filterable: {
      url,
      method: view.method,
      status: view.status,
      failed,
      mimeType: view.mimeType,
      type,
      size,
      requestHeaders: view.requestHeaders ?? [],
      responseHeaders: view.responseHeaders ?? [],
      postData: view.postData,
      body: view.body,
    },
  };
}

/** Rows already described, by the exchange they describe (computeNetworkRows). */
export type NetworkRowCache = WeakMap<NetworkExchange, NetworkRow | null>;

/**
 * One row per exchange held, in the order its first event arrived. `exchangeOf` is the timeline's
 * network index (NetworkIndex.exchangeOf): it returns the same object for every event of an
 * exchange until the exchange changes, so each is described once a pass, and once for as long
 * as it does not change when the passes share a `cache` (the Network view's, which describes
 * every exchange again each paced pass otherwise). Describing reads the events without keeping
 * them parsed (network.ts dataOf).
 */
export function computeNetworkRows(
  source: Pick<TimelineSource, 'forEach'>,
  exchangeOf: (item: EventItem) => NetworkExchange | null,
  cache: NetworkRowCache = new WeakMap(),
): NetworkRow[] {
  const seen = new Set<NetworkExchange>();
  const rows: NetworkRow[] = [];
  source.forEach((item) => {
    if (item.kind !== 'event' || item.requestId === null) return;
    const exchange = exchangeOf(item);
    if (!exchange || seen.has(exchange)) return;
    seen.add(exchange);
    let row = cache.get(exchange);
    if (row === undefined) {
      row = rowOf(exchange);
      cache.set(exchange, row);
    }
    if (row) rows.push(row);
  });
  return rows;
}

export type NetworkColumn =
  'status' | 'method' | 'name' | 'type' | 'mime' | 'size' | 'start' | 'duration' | 'initiator';

export interface NetworkSort {
  column: NetworkColumn;
  descending: boolean;
}

type Key = number | string | null;

function keyOf(row: NetworkRow, column: NetworkColumn): Key {
  switch (column) {
    case 'status':
      // failures sort after every status, as DevTools puts "(failed)" after numbers
      return row.view.status ?? (row.failed ? 1000 : null);
    case 'method':
      return row.view.method;
    case 'name':
      return `${row.host}${row.name}`.toLowerCase();
    case 'type':
      return row.type;
    case 'mime':
      return row.view.mimeType;
    case 'size':
      return row.size;
    case 'start':
      return row.startUs;
    case 'duration':
      return row.endUs === null ? null : row.endUs - row.startUs;
    case 'initiator':
      return row.view.initiatorType;
  }
}

/**
 * The rows sorted by a column (a copy); equal keys keep their order, and rows without a value
 * (pending, not captured) go last in either direction.
 */
export function sortNetworkRows(rows: readonly NetworkRow[], sort: NetworkSort): NetworkRow[] {
  const keyed = rows.map((row, at) => ({ row, at, key: keyOf(row, sort.column) }));
  const sign = sort.descending ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key === b.key) return a.at - b.at;
      return a.key === null ? 1 : -1;
    }
    if (a.key < b.key) return -sign;
    if (a.key > b.key) return sign;
    return a.at - b.at;
  });
  return keyed.map((entry) => entry.row);
}

/** The span a waterfall draws: the chosen range, else from the first start to the last end. */
export function waterfallScale(
  rows: readonly NetworkRow[],
  range: { fromUs: number; toUs: number } | null,
): { fromUs: number; toUs: number } | null {
  if (range) return range;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    from = Math.min(from, row.startUs);
    to = Math.max(to, row.endUs ?? row.startUs);
  }
  if (!Number.isFinite(from) || !Number.isFinite(to)) return null;
  // a lone instant still gets a width, so its bar is drawn
  return { fromUs: from, toUs: Math.max(to, from + 1000) };
}

/** Where a bar sits on a scale: left and width as fractions of it, clamped to [0, 1]. */
export function barOf(
  startUs: number,
  endUs: number | null,
  scale: { fromUs: number; toUs: number },
): { left: number; width: number } {
  const span = scale.toUs - scale.fromUs;
  const clamp = (value: number): number => Math.min(1, Math.max(0, value));
  const left = clamp((startUs - scale.fromUs) / span);
  const right = clamp(((endUs ?? startUs) - scale.fromUs) / span);
  return { left, width: Math.max(0, right - left) };
}

/** Bytes as DevTools writes them: `512 B`, `1.5 kB`, `2.3 MB`. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** What the Network view shows: its filter text (the DevTools language), type chips, failed only. */
export interface NetworkViewFilter {
  text: string;
  /** Types shown; empty shows all. */
  types: NetworkType[];
  failedOnly: boolean;
}

export const NO_NETWORK_FILTER: NetworkViewFilter = { text: '', types: [], failedOnly: false };

const TYPE_NAMES: readonly NetworkType[] = [
  'document',
  'fetch',
  'script',
  'stylesheet',
  'image',
  'font',
  'other',
];

/** The Network view's filter from the URL: `nf` its text, `nt` types (comma separated), `nfail=1`. */
export function readNetworkParams(params: URLSearchParams): NetworkViewFilter {
  const types = (params.get('nt') ?? '')
    .split(',')
    .filter((name): name is NetworkType => (TYPE_NAMES as readonly string[]).includes(name));
  return {
    text: (params.get('nf') ?? '').slice(0, 2000),
    types: [...new Set(types)],
    failedOnly: params.get('nfail') === '1',
  };
}

export function writeNetworkParams(params: URLSearchParams, filter: NetworkViewFilter): void {
  for (const name of ['nf', 'nt', 'nfail']) params.delete(name);
  if (filter.text !== '') params.set('nf', filter.text);
  if (filter.types.length > 0) params.set('nt', filter.types.join(','));
  if (filter.failedOnly) params.set('nfail', '1');
}
