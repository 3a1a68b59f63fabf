import { describe, expect, it, vi } from 'vitest';
import { createFileTimeline } from '../stores/file-timeline';
import { T0, liveEventsAt, telemetryEvent, type EventSpec } from '../testing/telemetry-test-kit';
import { NetworkIndex } from './network';
import {
  barOf,
  computeNetworkRows,
  formatBytes,
  type NetworkRowCache,
  readNetworkParams,
  sortNetworkRows,
  splitUrl,
  waterfallScale,
  writeNetworkParams,
} from './network-table';
import {
  compileNetworkQuery,
  networkType,
  parseSize,
  splitTerms,
  type FilterableRequest,
} from './network-query';

const MS = 1000;

function session(specs: EventSpec[]) {
  const timeline = createFileTimeline({
    name: 'net.jsonl',
    envelopes: specs.map((spec, at) => ({ seq: at + 1, event: telemetryEvent(at + 1, spec) })),
    problems: [],
    capacity: 1000,
  });
  return computeNetworkRows(timeline.buffer, (item) => timeline.buffer.network.exchangeOf(item));
}

const req = (
  id: string,
  url: string,
  at: number,
  extra: Record<string, unknown> = {},
): EventSpec => ({
  type: 'network_request',
  ts: T0 + at * MS,
  data: { request_id: id, method: 'GET', url, resource_type: 'Fetch', ...extra },
});
const res = (
  id: string,
  status: number,
  at: number,
  extra: Record<string, unknown> = {},
): EventSpec => ({
  type: 'network_response',
  ts: T0 + at * MS,
  data: { request_id: id, status, mime_type: 'application/json', ...extra },
});
const fail = (id: string, at: number, error = 'net::ERR_FAILED'): EventSpec => ({
  type: 'network_loading_failed',
  ts: T0 + at * MS,
  data: { request_id: id, error_text: error },
});

describe('computeNetworkRows', () => {
  const rows = session([
    req('1', 'https://shop.test/index.html', 0, { resource_type: 'Document' }),
    req('2', 'https://shop.test/api/reviews/missing?x=1', 10),
    res('1', 200, 40, { mime_type: 'text/html', headers: { 'Content-Length': '5120' } }),
    req('3', 'https://cdn.shop.test/api/flaky', 12),
    res('2', 404, 30, { body: '{"error":"no reviews"}' }),
    fail('3', 50),
    { type: 'console_error', ts: T0 + 60 * MS, data: { text: 'boom' } },
    req('4', 'https://shop.test/api/slow', 70),
  ]);

  it('joins a request, its response or failure into one row, in the order requests started', () => {
    expect(rows.map((row) => row.exchange.requestId)).toEqual(['1', '2', '3', '4']);
    expect(rows.map((row) => row.view.status)).toEqual([200, 404, null, null]);
    expect(rows.map((row) => row.failed)).toEqual([false, false, true, false]);
    expect(rows[2]?.view.errorText).toBe('net::ERR_FAILED');
    expect(rows.map((row) => row.endUs === null)).toEqual([false, false, false, true]);
    expect(((rows[1]?.endUs ?? 0) - (rows[1]?.startUs ?? 0)) / MS).toBe(20);
  });

  it('names a row by path and host, types it, and sizes its body', () => {
    expect(rows[1]).toMatchObject({ host: 'shop.test', name: '/api/reviews/missing?x=1' });
    expect(rows.map((row) => row.type)).toEqual(['document', 'fetch', 'fetch', 'fetch']);
    // Content-Length when given, else the captured body's UTF-8 bytes
    expect(rows[0]).toMatchObject({ size: 5120, sizeFromBody: false });
    expect(rows[1]).toMatchObject({ size: 22, sizeFromBody: true });
    expect(rows[3]?.size).toBeNull();
  });

  it('sorts by a column both ways, rows without a value last', () => {
    const byStatus = (descending: boolean): (number | null)[] =>
      sortNetworkRows(rows, { column: 'status', descending }).map((row) => row.view.status);
    expect(byStatus(false)).toEqual([200, 404, null, null]);
    expect(byStatus(true)).toEqual([null, 404, 200, null]);
    const byTime = sortNetworkRows(rows, { column: 'duration', descending: true });
    expect(byTime.map((row) => row.exchange.requestId)).toEqual(['1', '3', '2', '4']);
  });

  it('lays requests on one waterfall scale: the chosen range, else the requests’ own span', () => {
    const scale = waterfallScale(rows, null);
    expect(scale).toEqual({ fromUs: T0, toUs: T0 + 70 * MS });
    expect(barOf(T0 + 10 * MS, T0 + 30 * MS, scale!)).toEqual({
      left: 10 / 70,
      width: 20 / 70,
    });
    // a bar outside the chosen range is clamped to its edge, a pending one has no width
    const range = { fromUs: T0 + 20 * MS, toUs: T0 + 40 * MS };
    expect(waterfallScale(rows, range)).toBe(range);
    expect(barOf(T0, T0 + 30 * MS, range)).toEqual({ left: 0, width: 0.5 });
    expect(barOf(T0 + 30 * MS, null, range).width).toBe(0);
    expect(waterfallScale([], null)).toBeNull();
  });
});

describe('rows of a live timeline', () => {
  it('are described once while their exchange stays the same, keeping no event parsed', () => {
    const specs = [
      req('a', 'https://shop.test/api/cart', 0, { headers: { Accept: 'application/json' } }),
      res('a', 200, 1, { headers: { 'Content-Type': 'application/json' } }),
      req('b', 'https://shop.test/api/items', 2),
    ];
    const { items, batch } = liveEventsAt(specs.map((spec, at) => telemetryEvent(at + 1, spec)));
    const network = new NetworkIndex();
    for (const item of items) network.add(item);
    const source = {
      forEach: (visit: (item: (typeof items)[number]) => void) => items.forEach(visit),
    };
    const cache: NetworkRowCache = new WeakMap();
    const read = vi.spyOn(batch, 'text');
    const first = computeNetworkRows(source, (item) => network.exchangeOf(item), cache);
    expect(first.map((row) => [row.view.url, row.view.status])).toEqual([
      ['https://shop.test/api/cart', 200],
      ['https://shop.test/api/items', null],
    ]);
    expect(first[0]?.view.responseHeaders).toEqual([['Content-Type', 'application/json']]);
    // the events were read for the rows and not kept: every network event stayed parsed once the
    // Network view had been open
    for (const item of items)
      expect(Object.values(item).filter((value) => typeof value === 'object')).toEqual([batch]);
    const reads = read.mock.calls.length;
    expect(reads).toBe(3);
    // a pass over the same exchanges describes nothing again
    const again = computeNetworkRows(source, (item) => network.exchangeOf(item), cache);
    expect(again).toEqual(first);
    expect(again[0]).toBe(first[0]);
    expect(read.mock.calls.length).toBe(reads);
    // an exchange that changed is described anew, and only it
    const { items: more } = liveEventsAt([telemetryEvent(4, res('b', 404, 3))]);
    const response = more[0] as (typeof items)[number];
    response.index = 3;
    network.add(response);
    const changed = computeNetworkRows(
      { forEach: (visit) => [...items, response].forEach(visit) },
      (item) => network.exchangeOf(item),
      cache,
    );
    expect(changed[0]).toBe(first[0]);
    expect(changed[1]?.view.status).toBe(404);
  });
});

describe('rows of requests whose load ends in every way', () => {
  const done = (id: string, at: number, extra: Record<string, unknown> = {}): EventSpec => ({
    type: 'network_loading_finished',
    ts: T0 + at * MS,
    data: { request_id: id, ...extra },
  });
  const rows = session([
    // a fetch whose body the page never reads: the response, and no finished load
    req('unread', 'https://shop.test/missing', 0),
    res('unread', 404, 15),
    // read: the body comes with the finished load
    req('read', 'https://shop.test/api/items', 20),
    res('read', 200, 30),
    done('read', 45, { body: '[1,2]', encoded_data_length: 180 }),
    // aborted while the body loaded (or a download): the response, then the failure
    req('aborted', 'https://shop.test/stream', 50),
    res('aborted', 200, 55),
    {
      type: 'network_loading_failed',
      ts: T0 + 80 * MS,
      data: { request_id: 'aborted', error_text: 'net::ERR_ABORTED', canceled: true },
    },
    req('socket', 'wss://shop.test/live', 90, { resource_type: 'WebSocket' }),
    res('socket', 101, 95, { resource_type: 'WebSocket', mime_type: '' }),
  ]);

  it('a response whose body never finished is complete with its status, not pending', () => {
    const row = rows[0];
    expect(row).toMatchObject({ failed: false, endUs: T0 + 15 * MS });
    expect(row?.view).toMatchObject({ status: 404, body: null });
  });

  it('one row per request: the finished load gives the body, size and end', () => {
    expect(rows.map((row) => row.exchange.requestId)).toEqual([
      'unread',
      'read',
      'aborted',
      'socket',
    ]);
    expect(rows[1]).toMatchObject({ endUs: T0 + 45 * MS, size: 5, sizeFromBody: true });
    expect(rows[1]?.view.body).toBe('[1,2]');
    // the details open on the response
    expect(rows[1]?.detailIndex).toBe(rows[1]?.exchange.response?.index);
  });

  it('a load that failed after its response keeps its status and ends at the failure', () => {
    expect(rows[2]).toMatchObject({ failed: true, endUs: T0 + 80 * MS });
    expect(rows[2]?.view).toMatchObject({ status: 200, canceled: true });
  });

  it('an open WebSocket shows its 101', () => {
    expect(rows[3]).toMatchObject({ failed: false, endUs: T0 + 95 * MS });
    expect(rows[3]?.view.status).toBe(101);
  });
});

describe('splitUrl and formatBytes', () => {
  it('keeps what does not parse as a name, never throws', () => {
    expect(splitUrl('not a url')).toEqual({ host: '', name: 'not a url' });
    expect(splitUrl('http://[::1]:99/a?b')).toEqual({ host: '[::1]:99', name: '/a?b' });
    expect(splitUrl('data:text/plain,hello').host).toBe('');
  });
  it('writes sizes as DevTools does', () => {
    expect([
      formatBytes(null),
      formatBytes(512),
      formatBytes(1500),
      formatBytes(2_300_000),
    ]).toEqual(['—', '512 B', '1.5 kB', '2.3 MB']);
  });
});

describe('network params', () => {
  it('round-trips the filter through the URL and ignores unknown types', () => {
    const params = new URLSearchParams();
    writeNetworkParams(params, {
      text: 'status-code:404 -api',
      types: ['document', 'fetch'],
      failedOnly: true,
    });
    expect(params.toString()).toBe('nf=status-code%3A404+-api&nt=document%2Cfetch&nfail=1');
    expect(readNetworkParams(params)).toEqual({
      text: 'status-code:404 -api',
      types: ['document', 'fetch'],
      failedOnly: true,
    });
    expect(readNetworkParams(new URLSearchParams('nt=font,evil,font'))).toMatchObject({
      types: ['font'],
    });
  });
});

function request(extra: Partial<FilterableRequest> = {}): FilterableRequest {
  return {
    url: 'https://shop.test/api/cart?id=7',
    method: 'POST',
    status: 200,
    failed: false,
    mimeType: 'application/json; charset=utf-8',
    type: 'fetch',
    size: 2048,
    requestHeaders: [['X-Trace', 'abc123']],
    responseHeaders: [['Cache-Control', 'no-store']],
    postData: '{"sku":"RED-SHOE"}',
    body: '{"total":42}',
    ...extra,
  };
}

const matches = (query: string, extra: Partial<FilterableRequest> = {}): boolean =>
  compileNetworkQuery(query).test(request(extra));

describe('compileNetworkQuery', () => {
  it('reads the DevTools keys', () => {
    expect(matches('domain:shop.test')).toBe(true);
    expect(matches('domain:*.test')).toBe(true);
    expect(matches('domain:cdn.shop.test')).toBe(false);
    expect(matches('status-code:200')).toBe(true);
    expect(matches('status-code:404')).toBe(false);
    expect(matches('method:post')).toBe(true);
    expect(matches('mime-type:application/json')).toBe(true);
    expect(matches('larger-than:2k')).toBe(false);
    expect(matches('larger-than:1k')).toBe(true);
    expect(matches('is:failed')).toBe(false);
    expect(matches('is:failed', { status: 500 })).toBe(true);
    expect(matches('is:failed', { status: null, failed: true })).toBe(true);
    expect(matches('scheme:https resource-type:fetch has-response-header:cache-control')).toBe(
      true,
    );
    expect(matches('url:/API/CART')).toBe(true);
  });

  it('negates with -, needs every term, and looks for words in headers and bodies', () => {
    expect(matches('-status-code:200')).toBe(false);
    expect(matches('-domain:cdn.test status-code:200')).toBe(true);
    expect(matches('red-shoe')).toBe(true);
    expect(matches('ABC123')).toBe(true);
    expect(matches('no-store total')).toBe(true);
    expect(matches('no-store missing-word')).toBe(false);
    expect(matches('"cache-control: no-store"')).toBe(true);
    expect(matches('unknownkey:value')).toBe(false);
    expect(matches('/cart\\?id=\\d/')).toBe(true);
  });

  it('says which terms it could not read, and leaves them out', () => {
    const compiled = compileNetworkQuery(
      'larger-than:lots status-code:abc is:weird /([/ method:post',
    );
    expect(compiled.errors).toHaveLength(4);
    expect(compiled.errors[0]).toContain('larger-than');
    expect(compiled.test(request())).toBe(true);
    expect(compileNetworkQuery('').test(request({ url: '' }))).toBe(true);
  });

  it('never throws on hostile URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      'http://[::1]:99/',
      '',
      'x'.repeat(100_000),
      'http://bücher.test/',
    ]) {
      expect(() => matches('domain:*.test scheme:http word', { url })).not.toThrow();
    }
    expect(matches('scheme:javascript', { url: 'javascript:alert(1)' })).toBe(true);
    expect(matches('domain:xn--bcher-kva.test', { url: 'http://bücher.test/' })).toBe(true);
  });
});

describe('networkType, parseSize and splitTerms', () => {
  it('maps CDP resource types, else MIME types', () => {
    expect(networkType('XHR', null)).toBe('fetch');
    expect(networkType('Stylesheet', null)).toBe('stylesheet');
    expect(networkType('Media', 'video/mp4')).toBe('other');
    expect(networkType(null, 'text/html; charset=utf-8')).toBe('document');
    expect(networkType(null, 'application/javascript')).toBe('script');
    expect(networkType(null, 'font/woff2')).toBe('font');
    expect(networkType(null, null)).toBe('other');
  });
  it('reads sizes and quoted terms', () => {
    expect([parseSize('10k'), parseSize('1M'), parseSize('512'), parseSize('x')]).toEqual([
      10240,
      1048576,
      512,
      null,
    ]);
    expect(splitTerms(' a  "b c" -d "" - ')).toEqual(['a', 'b c', '-d']);
  });
});
