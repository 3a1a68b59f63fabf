import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  consoleApiEvent,
  exceptionEvent,
  remoteObjectToString,
  type ExceptionDetails,
  type StackTrace,
} from './console-events.ts';
import { EXTRA_INFO_KEPT } from './network-extra-info.ts';
import {
  bodyKind,
  cutUtf8,
  NETWORK_IDLE_MS,
  NetworkTracker,
  responseBody,
  STRUCTURED_BODY_BYTES,
  TEXT_BODY_BYTES,
} from './network-events.ts';
import type { CollectedEvent, PageTarget } from './page-target.ts';
import { SCREENSHOT_INTERVAL_MS, Screenshots } from './screenshots.ts';

describe('remoteObjectToString', () => {
  it('prints strings as they are, without quotes', () => {
    expect(remoteObjectToString({ type: 'string', value: 'hello "world"' })).toBe('hello "world"');
    expect(remoteObjectToString({ type: 'string', value: '' })).toBe('');
  });

  it('prints numbers and booleans by their description or value', () => {
    expect(remoteObjectToString({ type: 'number', value: 42, description: '42' })).toBe('42');
    expect(remoteObjectToString({ type: 'number', value: 1.5 })).toBe('1.5');
    expect(remoteObjectToString({ type: 'boolean', value: false, description: 'false' })).toBe(
      'false',
    );
  });

  it('prints unserializable values (-0, NaN, Infinity, bigint) from unserializableValue', () => {
    expect(
      remoteObjectToString({ type: 'number', unserializableValue: '-0', description: '-0' }),
    ).toBe('-0');
    expect(remoteObjectToString({ type: 'number', unserializableValue: 'NaN' })).toBe('NaN');
    expect(remoteObjectToString({ type: 'number', unserializableValue: '-Infinity' })).toBe(
      '-Infinity',
    );
    expect(
      remoteObjectToString({
        type: 'bigint',
        unserializableValue: '12345678901234567890n',
        description: '12345678901234567890n',
      }),
    ).toBe('12345678901234567890n');
  });

  it('prints null and undefined', () => {
    expect(remoteObjectToString({ type: 'object', subtype: 'null', value: null })).toBe('null');
    expect(remoteObjectToString({ type: 'undefined' })).toBe('undefined');
  });

  it('prints an array from its preview, with an overflow marker', () => {
    expect(
      remoteObjectToString({
        type: 'object',
        subtype: 'array',
        className: 'Array',
        description: 'Array(3)',
        preview: {
          type: 'object',
          subtype: 'array',
          description: 'Array(3)',
          overflow: false,
          properties: [
            { name: '0', type: 'number', value: '1' },
            { name: '1', type: 'string', value: 'two' },
            { name: '2', type: 'object', subtype: 'null', value: 'null' },
          ],
        },
      }),
    ).toBe('Array(3) [1, "two", null]');
    expect(
      remoteObjectToString({
        type: 'object',
        subtype: 'array',
        description: 'Array(200)',
        preview: {
          subtype: 'array',
          description: 'Array(200)',
          overflow: true,
          properties: [
            { name: '0', type: 'number', value: '0' },
            { name: 'length', type: 'number', value: '200' },
          ],
        },
      }),
    ).toBe('Array(200) [0, …]');
  });

  it('prints a plain object from its preview, and a class instance with its name', () => {
    expect(
      remoteObjectToString({
        type: 'object',
        className: 'Object',
        description: 'Object',
        preview: {
          type: 'object',
          description: 'Object',
          overflow: false,
          properties: [
            { name: 'page', type: 'string', value: 'products' },
            { name: 'count', type: 'number', value: '4' },
            { name: 'nested', type: 'object', value: 'Object' },
            { name: 's', type: 'symbol', value: 'Symbol(x)' },
            { name: 'n', type: 'object', subtype: 'null', value: 'null' },
            { name: 'u', type: 'undefined', value: 'undefined' },
          ],
        },
      }),
    ).toBe('{page: "products", count: 4, nested: Object, s: Symbol(x), n: null, u: undefined}');
    expect(
      remoteObjectToString({
        type: 'object',
        className: 'Point',
        description: 'Point',
        preview: {
          type: 'object',
          description: 'Point',
          overflow: true,
          properties: [{ name: 'x', type: 'number', value: '1' }],
        },
      }),
    ).toBe('Point {x: 1, …}');
  });

  // Chromium previews a function property as `{type: 'function', value: ''}`.
  it('prints a function property of a preview as ƒ (as DevTools does)', () => {
    expect(
      remoteObjectToString({
        type: 'object',
        className: 'Object',
        description: 'Object',
        preview: {
          type: 'object',
          description: 'Object',
          overflow: false,
          properties: [
            { name: 'fn', type: 'function', value: '' },
            { name: 'a', type: 'number', value: '1' },
          ],
        },
      }),
    ).toBe('{fn: ƒ, a: 1}');
  });

  it('prints an object without a preview by its description, else its class name', () => {
    expect(
      remoteObjectToString({ type: 'object', className: 'HTMLDivElement', description: 'div#a' }),
    ).toBe('div#a');
    expect(remoteObjectToString({ type: 'object', className: 'Window' })).toBe('Window');
    expect(remoteObjectToString({ type: 'object' })).toBe('Object');
  });

  it('prints an error by its description (which includes the stack)', () => {
    const description = 'TypeError: boom\n    at f (http://x/app.js:1:1)';
    expect(
      remoteObjectToString({
        type: 'object',
        subtype: 'error',
        className: 'TypeError',
        description,
        // An error's preview is not used: DevTools prints the description.
        preview: { type: 'object', subtype: 'error', description, properties: [] },
      }),
    ).toBe(description);
    expect(remoteObjectToString({ type: 'object', subtype: 'error' })).toBe('Error');
  });

  it('prints functions and symbols by their description', () => {
    expect(
      remoteObjectToString({
        type: 'function',
        className: 'Function',
        description: 'function greet(name) { return name; }',
      }),
    ).toBe('function greet(name) { return name; }');
    expect(remoteObjectToString({ type: 'function' })).toBe('function');
    expect(remoteObjectToString({ type: 'symbol', description: 'Symbol(tag)' })).toBe(
      'Symbol(tag)',
    );
  });

  it('clips a very long string argument at 64 Ki characters with an ellipsis', () => {
    const long = 'y'.repeat(70_000);
    const printed = remoteObjectToString({ type: 'string', value: long });
    expect(printed).toBe(`${'y'.repeat(64 * 1024)}…`);
  });
});

const STACK: StackTrace = {
  callFrames: [
    {
      functionName: 'formatCount',
      scriptId: '7',
      url: 'http://127.0.0.1:1/app.js',
      lineNumber: 50,
      columnNumber: 15,
    },
  ],
};

describe('consoleApiEvent', () => {
  const str = (value: string) => ({ type: 'string', value });

  it.each([
    ['log', 'console_log'],
    ['info', 'console_log'],
    ['debug', 'console_log'],
    ['warning', 'console_log'],
    ['dir', 'console_log'],
    ['table', 'console_log'],
    ['trace', 'console_log'],
    ['error', 'console_error'],
    ['assert', 'console_error'],
  ] as const)('console.%s → %s with level %s', (level, type) => {
    const event = consoleApiEvent({ type: level, args: [str('first'), str('second')] });
    expect(event.type).toBe(type);
    expect(event.data.level).toBe(level);
    expect(event.data.text).toBe('first');
    expect(event.data.args).toEqual(['first', 'second']);
  });

  it('renders every argument as a string and keeps the stack trace', () => {
    const event = consoleApiEvent({
      type: 'error',
      args: [
        str('inventory request failed'),
        { type: 'number', value: 500, description: '500' },
        str('inventory service unavailable'),
      ],
      stackTrace: STACK,
      executionContextId: 3,
    });
    expect(event).toEqual({
      type: 'console_error',
      data: {
        level: 'error',
        text: 'inventory request failed',
        args: ['inventory request failed', '500', 'inventory service unavailable'],
        stack_trace: STACK,
      },
    });
  });

  it('gives an empty text and no args for a call without arguments, and no stack_trace key', () => {
    const event = consoleApiEvent({ type: 'log' });
    expect(event.data).toEqual({ level: 'log', text: '', args: [] });
    expect('stack_trace' in event.data).toBe(false);
  });

  it('takes the text from the first argument even when it is not a string', () => {
    const event = consoleApiEvent({
      type: 'log',
      args: [{ type: 'number', value: 3, description: '3' }, str('items')],
    });
    expect(event.data.text).toBe('3');
  });
});

describe('exceptionEvent', () => {
  const base: ExceptionDetails = {
    text: 'Uncaught',
    lineNumber: 50,
    columnNumber: 15,
    url: 'http://127.0.0.1:1/app.js',
    scriptId: '7',
  };

  it('composes "Uncaught TypeError: …" from the first line of the error description', () => {
    const data = exceptionEvent({
      ...base,
      stackTrace: STACK,
      exception: {
        type: 'object',
        subtype: 'error',
        className: 'TypeError',
        description:
          "TypeError: Cannot read properties of null (reading 'toFixed')\n    at formatCount (http://127.0.0.1:1/app.js:51:16)",
      },
    });
    expect(data).toEqual({
      text: "Uncaught TypeError: Cannot read properties of null (reading 'toFixed')",
      line: 50,
      column: 15,
      source_url: 'http://127.0.0.1:1/app.js',
      stack_trace: STACK,
    });
  });

  it('composes "Uncaught (in promise) …" for an unhandled rejection', () => {
    const data = exceptionEvent({
      ...base,
      text: 'Uncaught (in promise)',
      exception: {
        type: 'object',
        subtype: 'error',
        className: 'RangeError',
        description: 'RangeError: price list is empty\n    at applyPrices (app.js:110:15)',
      },
    });
    expect(data.text).toBe('Uncaught (in promise) RangeError: price list is empty');
  });

  it('uses the class name when an error has no description', () => {
    const data = exceptionEvent({
      ...base,
      exception: { type: 'object', subtype: 'error', className: 'DOMException' },
    });
    expect(data.text).toBe('Uncaught DOMException');
  });

  it('prints thrown non-Error values as console arguments', () => {
    const thrown = (exception: ExceptionDetails['exception']) =>
      exceptionEvent({ ...base, exception }).text;
    expect(thrown({ type: 'string', value: 'plain string\nsecond line' })).toBe(
      'Uncaught plain string',
    );
    expect(thrown({ type: 'number', value: 42, description: '42' })).toBe('Uncaught 42');
    expect(thrown({ type: 'object', subtype: 'null', value: null })).toBe('Uncaught null');
    expect(thrown({ type: 'undefined' })).toBe('Uncaught undefined');
    expect(
      thrown({
        type: 'object',
        className: 'Object',
        description: 'Object',
        preview: {
          type: 'object',
          description: 'Object',
          properties: [{ name: 'code', type: 'number', value: '7' }],
        },
      }),
    ).toBe('Uncaught {code: 7}');
  });

  it('keeps CDP text alone when there is no exception object', () => {
    const data = exceptionEvent({ ...base, text: 'Uncaught SyntaxError: Unexpected token' });
    expect(data.text).toBe('Uncaught SyntaxError: Unexpected token');
    expect('stack_trace' in data).toBe(false);
  });

  it('takes source_url from the top stack frame when details have no url', () => {
    const data = exceptionEvent({
      text: 'Uncaught',
      lineNumber: 3,
      columnNumber: 9,
      stackTrace: STACK,
    });
    expect(data.source_url).toBe('http://127.0.0.1:1/app.js');
    expect(data.line).toBe(3);
    expect(data.column).toBe(9);
    expect(exceptionEvent({ text: 'Uncaught', lineNumber: 0, columnNumber: 0 }).source_url).toBe(
      '',
    );
  });
});

describe('bodyKind', () => {
  it.each([
    ['application/json', 'structured'],
    ['application/json; charset=utf-8', 'structured'],
    ['Application/JSON', 'structured'],
    ['application/problem+json', 'structured'],
    ['application/vnd.api+json', 'structured'],
    ['application/xml', 'structured'],
    ['text/xml', 'structured'],
    ['application/atom+xml', 'structured'],
    ['application/x-www-form-urlencoded', 'structured'],
    ['application/graphql', 'structured'],
    ['application/x-ndjson', 'structured'],
    ['text/plain', 'text'],
    ['text/html; charset=utf-8', 'text'],
    ['text/javascript', 'text'],
    ['application/javascript', 'text'],
    ['application/x-javascript', 'text'],
    ['text/css', 'text'],
    ['text/csv', 'text'],
    ['image/png', 'binary'],
    ['image/jpeg', 'binary'],
    ['image/webp', 'binary'],
    ['font/woff2', 'binary'],
    ['application/font-woff', 'binary'],
    ['application/octet-stream', 'binary'],
    ['application/pdf', 'binary'],
    ['', 'binary'],
  ] as const)('%s → %s', (mime, kind) => {
    expect(bodyKind(mime)).toBe(kind);
  });

  it('keeps SVG bodies as text (markup, not data, though it is XML)', () => {
    expect(bodyKind('image/svg+xml')).toBe('text');
    expect(bodyKind('image/svg+xml; charset=utf-8')).toBe('text');
  });
});

describe('cutUtf8 and responseBody', () => {
  it('keeps a body at or under its limit unchanged', () => {
    const json = `[${'1,'.repeat(4000)}1]`;
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(STRUCTURED_BODY_BYTES);
    expect(responseBody('application/json', json, false)).toBe(json);
    const exact = 'a'.repeat(TEXT_BODY_BYTES);
    expect(responseBody('text/plain', exact, false)).toBe(exact);
  });

  it('cuts structured bodies at 8 KB and other text at 4 KB (UTF-8 bytes)', () => {
    const ascii = 'a'.repeat(20_000);
    expect(responseBody('application/json', ascii, false)).toBe('a'.repeat(8 * 1024));
    expect(responseBody('application/xml', ascii, false)).toHaveLength(8192);
    expect(responseBody('text/html', ascii, false)).toBe('a'.repeat(4 * 1024));
    expect(responseBody('application/javascript', ascii, false)).toHaveLength(4096);
  });

  it('counts bytes, not characters, and never splits a multi-byte character', () => {
    // '€' is 3 bytes: 1365 of them are 4095 bytes, a 1366th would pass 4096.
    const euros = '€'.repeat(2000);
    const cut = responseBody('text/plain', euros, false);
    expect(cut).toBe('€'.repeat(1365));
    expect(Buffer.byteLength(cut ?? '')).toBe(4095);
    // 'é' is 2 bytes: the cut falls exactly on a character boundary.
    expect(responseBody('text/plain', 'é'.repeat(3000), false)).toBe('é'.repeat(2048));
    // '😀' is 4 bytes (a surrogate pair in UTF-16): 8192 / 4 = 2048 whole, after one 'x' 2047.
    const emoji = `x${'😀'.repeat(3000)}`;
    const structured = responseBody('application/json', emoji, false) ?? '';
    expect(structured).toBe(`x${'😀'.repeat(2047)}`);
    expect(structured).not.toContain('\uFFFD');
    expect(Buffer.byteLength(structured)).toBe(8189);
  });

  it('cutUtf8 backs up over continuation bytes only', () => {
    expect(cutUtf8('aé', 2)).toBe('a');
    expect(cutUtf8('aé', 3)).toBe('aé');
    expect(cutUtf8('€€', 4)).toBe('€');
    expect(cutUtf8('€', 2)).toBe('');
    expect(cutUtf8('', 0)).toBe('');
    expect(cutUtf8('abc', 1_000)).toBe('abc');
  });

  it('drops binary and base64-encoded bodies', () => {
    expect(responseBody('image/png', '\u0089PNG', false)).toBeUndefined();
    expect(responseBody('application/octet-stream', 'abc', false)).toBeUndefined();
    expect(responseBody('font/woff2', 'd09GMgAB', true)).toBeUndefined();
    // A text type sent base64-encoded by CDP is not decoded: it is left out too.
    expect(responseBody('application/json', 'eyJhIjoxfQ==', true)).toBeUndefined();
    expect(responseBody('text/plain', 'aGVsbG8=', true)).toBeUndefined();
  });
});

interface Emitted {
  type: string;
  method: string;
  data: Record<string, unknown>;
}

function tracker(
  fetchBody: (
    requestId: string,
  ) => Promise<{ body: string; base64Encoded: boolean } | undefined> = () =>
    Promise.resolve(undefined),
) {
  const emitted: Emitted[] = [];
  const onIdle = vi.fn();
  const network = new NetworkTracker(
    (type, method, data) => emitted.push({ type, method, data }),
    fetchBody,
    onIdle,
  );
  return { network, emitted, onIdle, types: () => emitted.map((e) => e.type) };
}

function request(requestId: string, url: string, extra: Record<string, unknown> = {}) {
  return {
    requestId,
    documentURL: 'http://shop.test/products.html',
    type: 'Fetch',
    initiator: { type: 'script' },
    request: { url, method: 'GET', headers: { Accept: 'application/json' } },
    ...extra,
  };
}

function response(
  requestId: string,
  url: string,
  status: number,
  mimeType: string,
  extra: Record<string, unknown> = {},
) {
  return {
    requestId,
    type: 'Fetch',
    timestamp: 100.02,
    response: {
      url,
      status,
      statusText: status === 200 ? 'OK' : 'Not Found',
      headers: { 'content-type': mimeType },
      mimeType,
      ...extra,
    },
  };
}

/** CDP's ResourceTiming of a request started at 100 s (monotonic) on a new connection. */
const TIMING = {
  requestTime: 100.001,
  proxyStart: -1,
  proxyEnd: -1,
  dnsStart: 0.5,
  dnsEnd: 1.5,
  connectStart: 1.5,
  connectEnd: 4,
  sslStart: -1,
  sslEnd: -1,
  workerStart: -1,
  workerReady: -1,
  sendStart: 4.2,
  sendEnd: 4.5,
  receiveHeadersStart: 15,
  receiveHeadersEnd: 15.5,
};

describe('NetworkTracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('emits the request, the response as soon as it arrives, then the body when loading finishes', async () => {
    const fetchBody = vi.fn((id: string) =>
      Promise.resolve({ body: `{"id":"${id}"}`, base64Encoded: false }),
    );
    const { network, emitted } = tracker(fetchBody);
    network.requestWillBeSent(
      request('r1', 'http://shop.test/api/products', {
        timestamp: 100,
        request: {
          url: 'http://shop.test/api/products',
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          postData: '{"q":1}',
        },
      }),
    );
    expect(emitted).toEqual([
      {
        type: 'network_request',
        method: 'Network.requestWillBeSent',
        data: {
          request_id: 'r1',
          method: 'POST',
          url: 'http://shop.test/api/products',
          document_url: 'http://shop.test/products.html',
          headers: { 'Content-Type': 'application/json' },
          initiator_type: 'script',
          resource_type: 'Fetch',
          post_data: '{"q":1}',
          cdp_timestamp: 100,
        },
      },
    ]);
    network.responseReceived(
      response('r1', 'http://shop.test/api/products', 200, 'application/json', {
        timing: TIMING,
        protocol: 'http/1.1',
        remoteIPAddress: '10.0.0.7',
        remotePort: 443,
        fromDiskCache: false,
      }),
    );
    // The status and headers are reported when they arrive, before (and without) the body.
    expect(emitted[1]).toEqual({
      type: 'network_response',
      method: 'Network.responseReceived',
      data: {
        request_id: 'r1',
        method: 'POST',
        url: 'http://shop.test/api/products',
        status: 200,
        status_text: 'OK',
        headers: { 'content-type': 'application/json' },
        mime_type: 'application/json',
        resource_type: 'Fetch',
        timing: TIMING,
        protocol: 'http/1.1',
        remote_ip_address: '10.0.0.7',
        remote_port: 443,
        cdp_timestamp: 100.02,
      },
    });
    expect(network.inFlight).toBe(1);
    network.loadingFinished({ requestId: 'r1', timestamp: 100.03, encodedDataLength: 321 }, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBody).toHaveBeenCalledExactlyOnceWith('r1');
    expect(emitted).toHaveLength(3);
    expect(emitted[2]).toEqual({
      type: 'network_loading_finished',
      method: 'Network.loadingFinished',
      data: {
        request_id: 'r1',
        url: 'http://shop.test/api/products',
        resource_type: 'Fetch',
        mime_type: 'application/json',
        encoded_data_length: 321,
        cdp_timestamp: 100.03,
        body: '{"id":"r1"}',
      },
    });
    expect(network.inFlight).toBe(0);
  });

  // `await fetch('/missing')` without reading the body, or a body still streaming.
  it('reports a response whose loading never finishes, with its status and timing', () => {
    const { network, types, emitted } = tracker();
    network.requestWillBeSent(request('r1', 'http://shop.test/missing', { timestamp: 100 }));
    network.responseReceived(
      response('r1', 'http://shop.test/missing', 404, 'application/json', { timing: TIMING }),
    );
    expect(types()).toEqual(['network_request', 'network_response']);
    expect(emitted[1]?.data).toMatchObject({ status: 404, timing: TIMING });
    expect('body' in (emitted[1]?.data ?? {})).toBe(false);
  });

  it('keeps only numbers of the timing, and leaves a timing without requestTime out', () => {
    const { network, emitted } = tracker();
    network.requestWillBeSent(request('a', 'http://shop.test/a'));
    network.responseReceived(
      response('a', 'http://shop.test/a', 200, 'text/plain', {
        timing: { ...TIMING, sendStart: '4', extra: null },
      }),
    );
    network.requestWillBeSent(request('b', 'http://shop.test/b'));
    network.responseReceived(
      response('b', 'http://shop.test/b', 200, 'text/plain', { timing: { sendStart: 1 } }),
    );
    const timing = emitted[1]?.data.timing as Record<string, unknown>;
    expect(timing.sendStart).toBeUndefined();
    expect(timing.extra).toBeUndefined();
    expect(timing.requestTime).toBe(TIMING.requestTime);
    expect('timing' in (emitted[3]?.data ?? {})).toBe(false);
  });

  it('flags responses served from the disk, memory or prefetch cache, or by a service worker', () => {
    const { network, emitted } = tracker();
    network.requestWillBeSent(request('disk', 'http://shop.test/a'));
    network.responseReceived(
      response('disk', 'http://shop.test/a', 200, 'text/plain', { fromDiskCache: true }),
    );
    network.requestWillBeSent(request('mem', 'http://shop.test/b'));
    network.handle('Network.requestServedFromCache', { requestId: 'mem' }, true);
    network.responseReceived(response('mem', 'http://shop.test/b', 200, 'text/plain'));
    network.requestWillBeSent(request('sw', 'http://shop.test/c'));
    network.responseReceived(
      response('sw', 'http://shop.test/c', 200, 'text/plain', {
        fromServiceWorker: true,
        fromPrefetchCache: true,
      }),
    );
    const responses = emitted.filter((e) => e.type === 'network_response').map((e) => e.data);
    expect(responses[0]).toMatchObject({ from_disk_cache: true });
    expect(responses[1]).toMatchObject({ from_memory_cache: true });
    expect(responses[2]).toMatchObject({ from_service_worker: true, from_prefetch_cache: true });
    expect('from_memory_cache' in (responses[0] ?? {})).toBe(false);
  });

  it('does not fetch a body when bodies are not wanted or the type is binary', async () => {
    const fetchBody = vi.fn(() => Promise.resolve({ body: 'x', base64Encoded: false }));
    const { network, emitted } = tracker(fetchBody);
    network.requestWillBeSent(request('r1', 'http://shop.test/a.json'));
    network.responseReceived(response('r1', 'http://shop.test/a.json', 200, 'application/json'));
    network.loadingFinished({ requestId: 'r1' }, false);
    network.requestWillBeSent(request('r2', 'http://shop.test/logo.png'));
    network.responseReceived(response('r2', 'http://shop.test/logo.png', 200, 'image/png'));
    network.loadingFinished({ requestId: 'r2' }, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBody).not.toHaveBeenCalled();
    const finished = emitted.filter((e) => e.type === 'network_loading_finished');
    expect(finished.map((e) => e.data.request_id)).toEqual(['r1', 'r2']);
    for (const e of emitted) expect('body' in e.data).toBe(false);
  });

  it('still reports the end of loading without a body when fetching the body fails', async () => {
    const { network, emitted } = tracker(() => Promise.reject(new Error('No resource')));
    network.requestWillBeSent(request('r1', 'http://shop.test/a.txt'));
    network.responseReceived(response('r1', 'http://shop.test/a.txt', 404, 'text/plain'));
    network.loadingFinished({ requestId: 'r1' }, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted.map((e) => e.type)).toEqual([
      'network_request',
      'network_response',
      'network_loading_finished',
    ]);
    expect(emitted[1]?.data.status).toBe(404);
    expect('body' in (emitted[2]?.data ?? {})).toBe(false);
  });

  it('an abort after the response came emits the response, then loading_failed (canceled)', () => {
    const { network, emitted, types } = tracker();
    network.requestWillBeSent(request('r1', 'http://shop.test/api/stream'));
    network.responseReceived(response('r1', 'http://shop.test/api/stream', 200, 'text/plain'));
    network.loadingFailed({
      requestId: 'r1',
      errorText: 'net::ERR_ABORTED',
      canceled: true,
      timestamp: 101,
    });
    expect(types()).toEqual(['network_request', 'network_response', 'network_loading_failed']);
    expect(emitted[1]?.data).toMatchObject({ request_id: 'r1', status: 200 });
    expect(emitted[2]?.data).toEqual({
      request_id: 'r1',
      url: 'http://shop.test/api/stream',
      error_text: 'net::ERR_ABORTED',
      canceled: true,
      resource_type: 'Fetch',
      cdp_timestamp: 101,
    });
    expect(network.inFlight).toBe(0);
  });

  it('a request blocked by the browser says why', () => {
    const { network, emitted } = tracker();
    network.requestWillBeSent(request('r1', 'http://ads.test/x.js'));
    network.loadingFailed({
      requestId: 'r1',
      errorText: 'net::ERR_BLOCKED_BY_CLIENT',
      blockedReason: 'inspector',
    });
    expect(emitted[1]?.data).toMatchObject({ blocked_reason: 'inspector', canceled: false });
  });

  it('a failure without a response emits only loading_failed', () => {
    const { network, emitted, types } = tracker();
    network.requestWillBeSent(request('r1', 'http://shop.test/api/flaky'));
    network.loadingFailed({
      requestId: 'r1',
      type: 'Fetch',
      errorText: 'net::ERR_EMPTY_RESPONSE',
    });
    expect(types()).toEqual(['network_request', 'network_loading_failed']);
    expect(emitted[1]?.data).toMatchObject({
      error_text: 'net::ERR_EMPTY_RESPONSE',
      canceled: false,
    });
  });

  it('a redirect emits a second network_request with is_redirect and the previous URL', () => {
    const { network, emitted } = tracker();
    network.requestWillBeSent(request('r1', 'http://shop.test/old'));
    network.requestWillBeSent(
      request('r1', 'http://shop.test/new', {
        redirectResponse: {
          url: 'http://shop.test/old',
          status: 302,
          statusText: 'Found',
          headers: { Location: '/new' },
          timing: TIMING,
        },
      }),
    );
    expect(emitted.map((e) => e.type)).toEqual(['network_request', 'network_request']);
    expect('is_redirect' in (emitted[0]?.data ?? {})).toBe(false);
    expect(emitted[1]?.data).toMatchObject({
      request_id: 'r1',
      url: 'http://shop.test/new',
      is_redirect: true,
      redirect_url: 'http://shop.test/old',
      // the hop that ended, as DevTools lists it: its own status, headers and timing
      redirect_response: { status: 302, status_text: 'Found', timing: TIMING },
    });
    expect(emitted[1]?.data.redirect_response).not.toHaveProperty('headers');
    expect(network.inFlight).toBe(1);
  });

  describe('the headers the browser really sent and received (extra info)', () => {
    const sent = (cookie: string) => ({
      requestId: 'r1',
      headers: { Host: 'shop.test', Cookie: cookie, Accept: '*/*' },
      associatedCookies: [],
    });
    const received = (setCookie: string) => ({
      requestId: 'r1',
      statusCode: 200,
      headers: { 'content-type': 'text/plain', 'set-cookie': setCookie },
    });

    it('puts them on the request when they came first, with Set-Cookie in the response headers', () => {
      const { network, emitted } = tracker();
      network.handle('Network.requestWillBeSentExtraInfo', sent('sid=1'), true);
      network.handle('Network.responseReceivedExtraInfo', received('sid=2'), true);
      network.requestWillBeSent(request('r1', 'http://shop.test/a'));
      network.responseReceived(response('r1', 'http://shop.test/a', 200, 'text/plain'));
      network.loadingFinished({ requestId: 'r1' }, false);
      expect(emitted[0]?.data.request_headers).toEqual(sent('sid=1').headers);
      expect(emitted[1]?.data.headers).toEqual(received('sid=2').headers);
      // each is reported once
      expect('request_headers' in (emitted[1]?.data ?? {})).toBe(false);
      expect('request_headers' in (emitted[2]?.data ?? {})).toBe(false);
      expect('response_headers' in (emitted[2]?.data ?? {})).toBe(false);
    });

    it('puts them on the next event of the request when they come later', () => {
      const { network, emitted } = tracker();
      network.requestWillBeSent(request('r1', 'http://shop.test/a'));
      expect('request_headers' in (emitted[0]?.data ?? {})).toBe(false);
      network.handle('Network.requestWillBeSentExtraInfo', sent('sid=1'), true);
      network.responseReceived(response('r1', 'http://shop.test/a', 200, 'text/plain'));
      expect(emitted[1]?.data.request_headers).toEqual(sent('sid=1').headers);
      expect(emitted[1]?.data.headers).toEqual({ 'content-type': 'text/plain' });
      network.handle('Network.responseReceivedExtraInfo', received('sid=2'), true);
      network.loadingFailed({ requestId: 'r1', errorText: 'net::ERR_ABORTED', canceled: true });
      expect(emitted[2]?.data.response_headers).toEqual(received('sid=2').headers);
    });

    it('pairs them with the hops of a redirect in order', () => {
      const { network, emitted } = tracker();
      network.requestWillBeSent(request('r1', 'http://shop.test/old'));
      network.handle('Network.requestWillBeSentExtraInfo', sent('hop=1'), true);
      network.handle('Network.responseReceivedExtraInfo', received('next=1'), true);
      network.requestWillBeSent(
        request('r1', 'http://shop.test/new', {
          redirectHasExtraInfo: true,
          redirectResponse: { status: 302, headers: { location: '/new' } },
        }),
      );
      network.handle('Network.requestWillBeSentExtraInfo', sent('hop=2'), true);
      network.responseReceived(response('r1', 'http://shop.test/new', 200, 'text/plain'));
      // the first hop's own headers are not the final request's
      expect('request_headers' in (emitted[1]?.data ?? {})).toBe(false);
      expect(emitted[2]?.data.request_headers).toEqual(sent('hop=2').headers);
      expect(emitted[2]?.data.headers).toEqual({ 'content-type': 'text/plain' });
    });

    it('a hop answered without the network has none, and the next hop keeps its own', () => {
      const { network, emitted } = tracker();
      network.requestWillBeSent(request('r1', 'http://shop.test/a'));
      // an internal redirect (e.g. to https) has no extra info of its own
      network.requestWillBeSent(
        request('r1', 'https://shop.test/a', {
          redirectHasExtraInfo: false,
          redirectResponse: { status: 307, headers: {} },
        }),
      );
      network.handle('Network.requestWillBeSentExtraInfo', sent('hop=2'), true);
      network.responseReceived(response('r1', 'https://shop.test/a', 200, 'text/plain'));
      expect(emitted[2]?.data.request_headers).toEqual(sent('hop=2').headers);
    });

    it('forgets extra info of requests it never sees, past a bound', () => {
      const { network, emitted } = tracker();
      for (let i = 0; i <= EXTRA_INFO_KEPT; i++)
        network.handle(
          'Network.requestWillBeSentExtraInfo',
          { ...sent('x'), requestId: `orphan-${i}` },
          true,
        );
      network.requestWillBeSent(request('orphan-0', 'http://shop.test/a'));
      network.requestWillBeSent(request(`orphan-${EXTRA_INFO_KEPT}`, 'http://shop.test/b'));
      expect('request_headers' in (emitted[0]?.data ?? {})).toBe(false);
      expect(emitted[1]?.data.request_headers).toEqual(sent('x').headers);
    });
  });

  describe('WebSockets', () => {
    const handshake = (id: string) => ({
      requestId: id,
      timestamp: 200,
      request: { headers: { Upgrade: 'websocket', Cookie: 'sid=1' } },
    });

    it('a connection is a request, a 101 response and, when it closes, a finished load', () => {
      const { network, emitted } = tracker();
      network.handle(
        'Network.webSocketCreated',
        { requestId: 'w1', url: 'ws://shop.test/live', initiator: { type: 'script' } },
        true,
      );
      network.handle('Network.webSocketWillSendHandshakeRequest', handshake('w1'), true);
      network.handle(
        'Network.webSocketHandshakeResponseReceived',
        {
          requestId: 'w1',
          timestamp: 200.01,
          response: {
            status: 101,
            statusText: 'Switching Protocols',
            headers: { Upgrade: 'websocket' },
          },
        },
        true,
      );
      // an open socket is not a request in flight: network_idle does not wait for it
      expect(network.inFlight).toBe(0);
      network.handle('Network.webSocketClosed', { requestId: 'w1', timestamp: 205 }, true);
      expect(emitted).toEqual([
        {
          type: 'network_request',
          method: 'Network.webSocketWillSendHandshakeRequest',
          data: {
            request_id: 'w1',
            method: 'GET',
            url: 'ws://shop.test/live',
            headers: { Upgrade: 'websocket', Cookie: 'sid=1' },
            initiator_type: 'script',
            resource_type: 'WebSocket',
            cdp_timestamp: 200,
          },
        },
        {
          type: 'network_response',
          method: 'Network.webSocketHandshakeResponseReceived',
          data: {
            request_id: 'w1',
            method: 'GET',
            url: 'ws://shop.test/live',
            status: 101,
            status_text: 'Switching Protocols',
            headers: { Upgrade: 'websocket' },
            mime_type: '',
            resource_type: 'WebSocket',
            cdp_timestamp: 200.01,
          },
        },
        {
          type: 'network_loading_finished',
          method: 'Network.webSocketClosed',
          data: {
            request_id: 'w1',
            url: 'ws://shop.test/live',
            resource_type: 'WebSocket',
            mime_type: '',
            cdp_timestamp: 205,
          },
        },
      ]);
    });

    it('a handshake that fails is a failed load, with the request it ended', () => {
      const { network, emitted, types } = tracker();
      network.handle(
        'Network.webSocketCreated',
        { requestId: 'w2', url: 'ws://shop.test:1/' },
        true,
      );
      network.handle(
        'Network.webSocketFrameError',
        {
          requestId: 'w2',
          errorMessage: 'Error in connection establishment: net::ERR_UNSAFE_PORT',
        },
        true,
      );
      network.handle('Network.webSocketClosed', { requestId: 'w2' }, true);
      expect(types()).toEqual(['network_request', 'network_loading_failed']);
      expect(emitted[1]?.data).toMatchObject({
        request_id: 'w2',
        url: 'ws://shop.test:1/',
        error_text: 'Error in connection establishment: net::ERR_UNSAFE_PORT',
        canceled: false,
        resource_type: 'WebSocket',
      });
    });

    it('a socket the page closes while connecting is canceled; frame errors later are traffic', () => {
      const { network, emitted, types } = tracker();
      network.handle(
        'Network.webSocketCreated',
        { requestId: 'w3', url: 'ws://shop.test/a' },
        true,
      );
      network.handle('Network.webSocketWillSendHandshakeRequest', handshake('w3'), true);
      network.handle('Network.webSocketClosed', { requestId: 'w3' }, true);
      expect(types()).toEqual(['network_request', 'network_loading_failed']);
      expect(emitted[1]?.data).toMatchObject({ canceled: true });

      const open = tracker();
      open.network.handle('Network.webSocketCreated', { requestId: 'w4', url: 'ws://a/' }, true);
      open.network.handle(
        'Network.webSocketHandshakeResponseReceived',
        { requestId: 'w4', response: { status: 101 } },
        true,
      );
      open.network.handle(
        'Network.webSocketFrameError',
        { requestId: 'w4', errorMessage: 'bad frame' },
        true,
      );
      expect(open.types()).toEqual(['network_request', 'network_response']);
    });
  });

  it('network_idle fires once, 500 ms after the last request ends, never while one is in flight', async () => {
    const { network, onIdle } = tracker();
    network.requestWillBeSent(request('a', 'http://shop.test/a'));
    network.requestWillBeSent(request('b', 'http://shop.test/b'));
    network.loadingFinished({ requestId: 'a' }, true);
    await vi.advanceTimersByTimeAsync(5 * NETWORK_IDLE_MS);
    expect(onIdle).not.toHaveBeenCalled();
    expect(network.idlePending).toBe(false);

    network.loadingFailed({ requestId: 'b', errorText: 'net::ERR_FAILED' });
    expect(network.idlePending).toBe(true);
    await vi.advanceTimersByTimeAsync(NETWORK_IDLE_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * NETWORK_IDLE_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('a request starting during the quiet period postpones network_idle', async () => {
    const { network, onIdle } = tracker();
    network.requestWillBeSent(request('a', 'http://shop.test/a'));
    network.loadingFinished({ requestId: 'a' }, true);
    await vi.advanceTimersByTimeAsync(400);
    network.requestWillBeSent(request('b', 'http://shop.test/b'));
    await vi.advanceTimersByTimeAsync(400);
    expect(onIdle).not.toHaveBeenCalled();
    network.loadingFinished({ requestId: 'b' }, true);
    await vi.advanceTimersByTimeAsync(NETWORK_IDLE_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does not report idle without any request, nor after dispose', async () => {
    const quiet = tracker();
    quiet.network.loadingFinished({ requestId: 'unknown' }, true);
    await vi.advanceTimersByTimeAsync(2 * NETWORK_IDLE_MS);
    expect(quiet.onIdle).not.toHaveBeenCalled();
    expect(quiet.emitted).toEqual([]);

    const disposed = tracker();
    disposed.network.requestWillBeSent(request('a', 'http://shop.test/a'));
    disposed.network.loadingFinished({ requestId: 'a' }, true);
    disposed.network.dispose();
    await vi.advanceTimersByTimeAsync(2 * NETWORK_IDLE_MS);
    expect(disposed.onIdle).not.toHaveBeenCalled();
  });
});

describe('Screenshots', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const pageA = { name: 'a' } as unknown as PageTarget;
  const pageB = { name: 'b' } as unknown as PageTarget;

  function screenshots() {
    const emitted: CollectedEvent[] = [];
    const captured: { page: PageTarget; at: number }[] = [];
    const capture = vi.fn((page: PageTarget) => {
      captured.push({ page, at: Date.now() });
      return Promise.resolve(`png-of-${(page as unknown as { name: string }).name}`);
    });
    const shots = new Screenshots((event) => emitted.push(event), capture);
    return { shots, emitted, captured, capture };
  }

  it('captures the first request immediately and emits monitor_screenshot', async () => {
    const { shots, emitted, captured } = screenshots();
    const start = Date.now();
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(0);
    expect(captured).toEqual([{ page: pageA, at: start }]);
    expect(emitted).toEqual([
      {
        ts: expect.any(Number),
        type: 'monitor_screenshot',
        category: 'screenshot',
        source: { kind: 'cdp', event: 'Page.captureScreenshot' },
        data: { png: 'png-of-a' },
      },
    ]);
  });

  it('coalesces requests within 2 s into one capture at the 2 s mark; the latest page wins', async () => {
    const { shots, emitted, captured } = screenshots();
    const start = Date.now();
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(300);
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(700);
    shots.request(pageB);
    await vi.advanceTimersByTimeAsync(SCREENSHOT_INTERVAL_MS - 1000 - 1);
    expect(captured).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(captured).toEqual([
      { page: pageA, at: start },
      { page: pageB, at: start + SCREENSHOT_INTERVAL_MS },
    ]);
    expect(emitted.map((e) => e.data.png)).toEqual(['png-of-a', 'png-of-b']);
    // Nothing more is pending.
    await vi.advanceTimersByTimeAsync(10 * SCREENSHOT_INTERVAL_MS);
    expect(captured).toHaveLength(2);
    // Long after, a new request is taken at once again.
    const later = Date.now();
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(0);
    expect(captured.at(-1)).toEqual({ page: pageA, at: later });
  });

  it('a capture still running holds the next one back until it ends and the interval passed', async () => {
    const emitted: CollectedEvent[] = [];
    const times: number[] = [];
    const shots = new Screenshots(
      (event) => emitted.push(event),
      () => {
        times.push(Date.now());
        return new Promise((resolve) => setTimeout(() => resolve('slow'), 3000));
      },
    );
    const start = Date.now();
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(100);
    shots.request(pageB);
    await vi.advanceTimersByTimeAsync(2500);
    expect(times).toEqual([start]);
    await vi.advanceTimersByTimeAsync(400);
    expect(times).toEqual([start, start + 3000]);
    expect(emitted).toHaveLength(1);
  });

  it('drops a failed or empty capture without emitting', async () => {
    const emitted: CollectedEvent[] = [];
    const results = [Promise.reject(new Error('Target closed')), Promise.resolve(undefined)];
    results[0]?.catch(() => undefined);
    const shots = new Screenshots(
      (event) => emitted.push(event),
      () => results.shift() ?? Promise.resolve('ok'),
    );
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(SCREENSHOT_INTERVAL_MS);
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(SCREENSHOT_INTERVAL_MS);
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted.map((e) => e.data.png)).toEqual(['ok']);
  });

  it('forget drops a pending request for that page only', async () => {
    const { shots, captured } = screenshots();
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(100);
    shots.request(pageB);
    shots.forget(pageA); // not the pending one: no effect
    shots.forget(pageB);
    await vi.advanceTimersByTimeAsync(5 * SCREENSHOT_INTERVAL_MS);
    expect(captured.map((c) => c.page)).toEqual([pageA]);
  });

  it('dispose stops everything: pending, scheduled and in-flight results', async () => {
    const { shots, captured, emitted } = screenshots();
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(100);
    shots.request(pageB);
    shots.dispose();
    shots.request(pageA);
    await vi.advanceTimersByTimeAsync(5 * SCREENSHOT_INTERVAL_MS);
    expect(captured).toHaveLength(1);
    expect(emitted).toHaveLength(1);

    let finish: (png: string) => void = () => undefined;
    const emittedLate: CollectedEvent[] = [];
    const inFlight = new Screenshots(
      (event) => emittedLate.push(event),
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    inFlight.request(pageA);
    await vi.advanceTimersByTimeAsync(0);
    inFlight.dispose();
    finish('too late');
    await vi.advanceTimersByTimeAsync(0);
    expect(emittedLate).toEqual([]);
  });
});
