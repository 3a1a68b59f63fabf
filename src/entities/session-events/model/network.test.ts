import { describe, expect, it } from 'vitest';
import {
  NetworkIndex,
  bodyMayBeCut,
  describeExchange,
  prettyBody,
  readHeaders,
  type NetworkExchange,
} from './network';
import { eventKeys } from './event-item';
import type { EventItem } from './types';

let nextIndex = 0;

function item(
  type: string,
  data: Record<string, unknown> | null,
  options: { tsUs?: number; epoch?: number } = {},
): EventItem {
  const index = nextIndex++;
  const tsUs = options.tsUs ?? 1_700_000_000_000_000 + index * 1000;
  const event = { ts: tsUs, type, category: 'network', source: { kind: 'cdp' }, data };
  return {
    kind: 'event',
    index,
    tsUs,
    epoch: options.epoch ?? 0,
    seq: index + 1,
    event,
    ...eventKeys(event),
    summary: type,
    error: false,
    level: null,
  };
}

const request = (id: string, extra: Record<string, unknown> = {}, tsUs?: number): EventItem =>
  item(
    'network_request',
    { request_id: id, method: 'GET', url: `https://x.test/${id}`, ...extra },
    { tsUs },
  );

describe('NetworkIndex', () => {
  it('pairs a request with its response and measures the duration', () => {
    const index = new NetworkIndex();
    const req = request('1', {}, 1_000_000);
    const res = item('network_response', { request_id: '1', status: 200 }, { tsUs: 1_250_500 });
    index.add(req);
    expect(index.exchangeOf(req)?.durationMs).toBeNull();
    index.add(res);
    const exchange = index.exchangeOf(req);
    expect(exchange).toEqual({
      requestId: '1',
      request: req,
      response: res,
      finished: null,
      failed: null,
      redirects: [],
      durationMs: 250.5,
    });
    expect(index.exchangeOf(res)).toBe(exchange);
  });

  it('joins the finished load to its response, and measures the duration to it', () => {
    const index = new NetworkIndex();
    const req = request('1', {}, 1_000_000);
    const res = item('network_response', { request_id: '1', status: 200 }, { tsUs: 1_040_000 });
    const done = item(
      'network_loading_finished',
      { request_id: '1', body: '{"ok":true}', encoded_data_length: 120 },
      { tsUs: 1_090_000 },
    );
    [req, res].forEach((x) => index.add(x));
    // the response alone already ends the wait: a body the page never reads may never finish
    expect(index.exchangeOf(req)?.durationMs).toBe(40);
    index.add(done);
    const exchange = index.exchangeOf(done);
    expect(exchange).toMatchObject({ request: req, response: res, finished: done, failed: null });
    expect(exchange?.durationMs).toBe(90);
    expect(describeExchange(exchange!)).toMatchObject({
      status: 200,
      body: '{"ok":true}',
      transferSize: 120,
    });
    // after the load ended, the id is someone else's
    const again = item('network_response', { request_id: '1', status: 404 });
    const late = item('network_loading_finished', { request_id: '1' });
    index.add(again);
    index.add(late);
    expect(index.exchangeOf(again)).not.toBe(exchange);
    expect(index.exchangeOf(again)?.finished).toBe(late);
    index.evict(done);
    expect(index.exchangeOf(res)?.finished).toBeNull();
    expect(index.exchangeOf(res)?.durationMs).toBe(40);
  });

  it('pairs a failure and keeps unrelated ids apart', () => {
    const index = new NetworkIndex();
    const a = request('a', {}, 0);
    const b = request('b', {}, 0);
    const failed = item(
      'network_loading_failed',
      { request_id: 'a', error_text: 'net::ERR_ABORTED' },
      { tsUs: 3000 },
    );
    [a, b, failed].forEach((x) => index.add(x));
    expect(index.exchangeOf(a)?.failed).toBe(failed);
    expect(index.exchangeOf(a)?.durationMs).toBe(3);
    expect(index.exchangeOf(b)?.failed).toBeNull();
  });

  it('joins a failure after the response to the same request (a body cut off, a blocked response)', () => {
    const index = new NetworkIndex();
    const req = request('o', {}, 0);
    const res = item('network_response', { request_id: 'o', status: 200 }, { tsUs: 2000 });
    const failed = item(
      'network_loading_failed',
      { request_id: 'o', error_text: 'net::ERR_BLOCKED_BY_ORB' },
      { tsUs: 3000 },
    );
    [req, res, failed].forEach((x) => index.add(x));
    const exchange = index.exchangeOf(req);
    expect(exchange?.response).toBe(res);
    expect(exchange?.failed).toBe(failed);
    expect(index.exchangeOf(failed)).toBe(exchange);
    // a second failure of the same id is another request's
    const again = item('network_loading_failed', { request_id: 'o', error_text: 'x' });
    index.add(again);
    expect(index.exchangeOf(again)?.request).toBeNull();
    expect(index.exchangeOf(req)?.failed).toBe(failed);
  });

  it('keeps earlier requests of a redirect chain', () => {
    const index = new NetworkIndex();
    const first = request('r', { url: 'http://a.test/' });
    const second = request('r', {
      url: 'https://a.test/',
      is_redirect: true,
      redirect_url: 'http://a.test/',
    });
    const third = request('r', { url: 'https://www.a.test/', is_redirect: true });
    const res = item('network_response', { request_id: 'r', status: 200 });
    [first, second, third, res].forEach((x) => index.add(x));
    const exchange = index.exchangeOf(first);
    expect(exchange?.request).toBe(third);
    expect(exchange?.redirects).toEqual([first, second]);
    expect(exchange?.response).toBe(res);
    expect(index.exchangeOf(third)).toBe(exchange);
    expect(describeExchange(exchange!).redirectedFrom).toEqual([
      'http://a.test/',
      'https://a.test/',
    ]);
  });

  it('starts a new exchange when an id is reused without a redirect', () => {
    const index = new NetworkIndex();
    const first = request('x');
    const firstRes = item('network_response', { request_id: 'x', status: 200 });
    const again = request('x');
    const againRes = item('network_response', { request_id: 'x', status: 404 });
    [first, firstRes, again, againRes].forEach((x) => index.add(x));
    expect(index.exchangeOf(first)?.response).toBe(firstRes);
    expect(index.exchangeOf(again)?.response).toBe(againRes);
    expect(index.exchangeOf(again)?.redirects).toEqual([]);
  });

  it('keys by epoch, since request ids repeat after a restart', () => {
    const index = new NetworkIndex();
    const before = request('1');
    const after = item('network_response', { request_id: '1', status: 200 }, { epoch: 1 });
    index.add(before);
    index.add(after);
    expect(index.exchangeOf(before)?.response).toBeNull();
    expect(index.exchangeOf(after)?.request).toBeNull();
  });

  it('ignores other types, missing or non-string ids, and items it never saw', () => {
    const index = new NetworkIndex();
    const others = [
      item('console_log', { request_id: '1' }),
      item('network_request', { request_id: 7 }),
      item('network_response', null),
      item('network_idle', {}),
    ];
    others.forEach((x) => index.add(x));
    expect(index.size).toBe(0);
    for (const x of others) expect(index.exchangeOf(x)).toBeNull();
  });

  it('lets go of evicted items and forgets exchanges once all their items are gone', () => {
    const index = new NetworkIndex();
    const first = request('e');
    const redirect = request('e', { is_redirect: true });
    const res = item('network_response', { request_id: 'e', status: 200 });
    [first, redirect, res].forEach((x) => index.add(x));
    const before = index.exchangeOf(res);
    index.evict(first);
    expect(index.exchangeOf(first)).toBeNull();
    const after = index.exchangeOf(res);
    expect(after).not.toBe(before);
    expect(after?.redirects).toEqual([]);
    index.evict(redirect);
    expect(index.exchangeOf(res)?.request).toBeNull();
    expect(index.exchangeOf(res)?.durationMs).toBeNull();
    index.evict(res);
    expect(index.size).toBe(0);
    // A later response with the same id is not joined to the forgotten exchange.
    const late = item('network_response', { request_id: 'e', status: 500 });
    index.add(late);
    expect(index.exchangeOf(late)?.request).toBeNull();
  });

  it('finds every held exchange by its item after evictions out of order and a long run', () => {
    const index = new NetworkIndex();
    const held: EventItem[] = [];
    for (let n = 0; n < 12_000; n++) {
      const id = String(n >> 1);
      const next =
        n % 3 === 2
          ? item('console_log', null)
          : n % 2 === 0
            ? request(id)
            : item('network_response', { request_id: id, status: 200 });
      index.add(next);
      held.push(next);
      // most leave oldest first; now and then one from the middle leaves early
      if (held.length > 500) index.evict(held.shift()!);
      if (n % 97 === 0 && held.length > 10) index.evict(held.splice(5, 1)[0]!);
    }
    const network = held.filter((x) => x.requestId !== null);
    expect(index.size).toBe(network.length);
    for (const x of network) expect(index.exchangeOf(x)?.requestId).toBe(x.requestId);
    // adding a held item again changes nothing
    index.add(network[0]!);
    expect(index.size).toBe(network.length);
  });

  it('holds nothing after many events pass through a bounded window, and after clear', () => {
    const index = new NetworkIndex();
    const window: EventItem[] = [];
    for (let n = 0; n < 20_000; n++) {
      const id = String(n >> 1);
      const next =
        n % 2 === 0 ? request(id) : item('network_response', { request_id: id, status: 200 });
      index.add(next);
      window.push(next);
      if (window.length > 100) index.evict(window.shift()!);
    }
    expect(index.size).toBe(100);
    window.forEach((x) => index.evict(x));
    expect(index.size).toBe(0);
    index.add(request('z'));
    index.clear();
    expect(index.size).toBe(0);
  });
});

describe('readHeaders', () => {
  it('reads string and string-array values, sorted by name case-insensitively', () => {
    expect(
      readHeaders({ 'X-b': '2', accept: '*/*', 'Set-Cookie': ['a=1', 'b=2'], 'x-A': '1' }),
    ).toEqual([
      ['accept', '*/*'],
      ['Set-Cookie', 'a=1'],
      ['Set-Cookie', 'b=2'],
      ['x-A', '1'],
      ['X-b', '2'],
    ]);
  });

  it('skips what is not a header', () => {
    expect(readHeaders(null)).toEqual([]);
    expect(readHeaders('a: b')).toEqual([]);
    expect(readHeaders([['a', 'b']])).toEqual([]);
    expect(readHeaders({ a: 1, b: null, c: { d: 'e' }, e: ['ok', 2], f: 'x' })).toEqual([
      ['e', 'ok'],
      ['f', 'x'],
    ]);
  });
});

describe('describeExchange', () => {
  const exchange = (parts: Partial<NetworkExchange>): NetworkExchange => ({
    requestId: '1',
    request: null,
    response: null,
    finished: null,
    failed: null,
    redirects: [],
    durationMs: null,
    ...parts,
  });

  it('reads validated fields from request, response and failure', () => {
    const view = describeExchange(
      exchange({
        request: request('1', {
          method: 'POST',
          headers: { b: '2', A: '1' },
          post_data: '{"a":1}',
          initiator_type: 'script',
          resource_type: 'Fetch',
          document_url: 'https://x.test/',
        }),
        response: item('network_response', {
          request_id: '1',
          status: 404,
          status_text: 'Not Found',
          mime_type: 'application/json',
          headers: 'junk',
          body: '{}',
        }),
        durationMs: 12,
      }),
    );
    expect(view).toMatchObject({
      method: 'POST',
      url: 'https://x.test/1',
      status: 404,
      statusText: 'Not Found',
      errorText: null,
      mimeType: 'application/json',
      resourceType: 'Fetch',
      initiatorType: 'script',
      documentUrl: 'https://x.test/',
      requestHeaders: [
        ['A', '1'],
        ['b', '2'],
      ],
      responseHeaders: [],
      postData: '{"a":1}',
      body: '{}',
      durationMs: 12,
    });
  });

  it('shows the headers the browser really sent and received once it reported them', () => {
    const sent = { Cookie: 'sid=1', Host: 'x.test' };
    const req = request('1', { headers: { Accept: '*/*' } });
    const provisional = describeExchange(exchange({ request: req }));
    expect(provisional.requestHeaders).toEqual([['Accept', '*/*']]);
    expect(provisional.requestHeadersProvisional).toBe(true);
    const view = describeExchange(
      exchange({
        request: req,
        response: item('network_response', {
          request_id: '1',
          status: 200,
          headers: { 'content-type': 'text/plain' },
          request_headers: sent,
          protocol: 'h2',
          remote_ip_address: '2001:db8::1',
          remote_port: 443,
          from_disk_cache: true,
        }),
        finished: item('network_loading_finished', {
          request_id: '1',
          response_headers: { 'content-type': 'text/plain', 'set-cookie': 'sid=2' },
        }),
      }),
    );
    expect(view).toMatchObject({
      requestHeaders: [
        ['Cookie', 'sid=1'],
        ['Host', 'x.test'],
      ],
      requestHeadersProvisional: false,
      responseHeaders: [
        ['content-type', 'text/plain'],
        ['set-cookie', 'sid=2'],
      ],
      protocol: 'h2',
      remoteAddress: '[2001:db8::1]:443',
      servedFrom: 'disk cache',
    });
  });

  it('survives wrong types and a failure without a request', () => {
    const view = describeExchange(
      exchange({
        failed: item('network_loading_failed', {
          request_id: '1',
          canceled: true,
          error_text: 5,
          url: ['no'],
          status: '200',
        }),
      }),
    );
    expect(view).toMatchObject({
      method: null,
      url: null,
      status: null,
      errorText: '',
      canceled: true,
      requestHeaders: null,
      responseHeaders: null,
    });
  });
});

describe('body helpers', () => {
  it('indents JSON objects and arrays, and leaves other text alone', () => {
    expect(prettyBody(' {"a":[1]}')).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', json: true });
    expect(prettyBody('{"a":')).toEqual({ text: '{"a":', json: false });
    expect(prettyBody('42')).toEqual({ text: '42', json: false });
  });

  it('says a body may be cut once it reaches the 4 KB capture limit', () => {
    expect(bodyMayBeCut('a'.repeat(4000))).toBe(false);
    expect(bodyMayBeCut('a'.repeat(4093))).toBe(true);
    expect(bodyMayBeCut('é'.repeat(2047))).toBe(true);
  });
});
