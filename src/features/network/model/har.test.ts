import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import {
  T0,
  telemetryEvent,
  type EventSpec,
} from '../../../entities/session-events/testing/telemetry-test-kit';
import { buildHar, harFileName, readHar } from './har';
import { computeNetworkRows } from '../../../entities/session-events/model/network-table';
import { computePages } from '../../../entities/session-events/model/pages';

/**
 * HAR 1.2 as its specification describes it (http://www.softwareishard.com/blog/har-12-spec/):
 * every required field with its type, nothing more allowed where the spec lists the fields
 * (custom fields start with `_`).
 */
const nameValue = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string' }, value: { type: 'string' }, comment: { type: 'string' } },
  additionalProperties: false,
};
const custom = { '^_': {} };
const HAR_SCHEMA = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' } },
        },
        pages: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'id', 'title', 'pageTimings'],
            properties: {
              startedDateTime: { type: 'string', format: 'date-time' },
              id: { type: 'string' },
              title: { type: 'string' },
              pageTimings: {
                type: 'object',
                properties: { onContentLoad: { type: 'number' }, onLoad: { type: 'number' } },
              },
            },
            patternProperties: custom,
            additionalProperties: false,
          },
        },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              pageref: { type: 'string' },
              startedDateTime: { type: 'string', format: 'date-time' },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  method: { type: 'string' },
                  url: { type: 'string' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array' },
                  headers: { type: 'array', items: nameValue },
                  queryString: { type: 'array', items: nameValue },
                  postData: {
                    type: 'object',
                    required: ['mimeType'],
                    properties: {
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                      params: { type: 'array' },
                    },
                  },
                  headersSize: { type: 'integer', minimum: -1 },
                  bodySize: { type: 'integer', minimum: -1 },
                },
                patternProperties: custom,
                additionalProperties: false,
              },
              response: {
                type: 'object',
                required: [
                  'status',
                  'statusText',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'content',
                  'redirectURL',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  status: { type: 'integer' },
                  statusText: { type: 'string' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array' },
                  headers: { type: 'array', items: nameValue },
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: {
                      size: { type: 'integer' },
                      compression: { type: 'integer' },
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                      encoding: { type: 'string' },
                    },
                    patternProperties: custom,
                    additionalProperties: false,
                  },
                  redirectURL: { type: 'string' },
                  headersSize: { type: 'integer', minimum: -1 },
                  bodySize: { type: 'integer', minimum: -1 },
                },
                patternProperties: custom,
                additionalProperties: false,
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: Object.fromEntries(
                  ['blocked', 'dns', 'connect', 'send', 'wait', 'receive', 'ssl'].map((name) => [
                    name,
                    { type: 'number', minimum: -1 },
                  ]),
                ),
                patternProperties: custom,
                additionalProperties: false,
              },
            },
            patternProperties: custom,
            additionalProperties: false,
          },
        },
      },
    },
  },
};

const ajv = new Ajv({
  allErrors: true,
  formats: { 'date-time': (text: string) => !Number.isNaN(Date.parse(text)) },
});
const validate = ajv.compile(HAR_SCHEMA);

const MS = 1000;

function session(specs: EventSpec[]) {
  const timeline = createFileTimeline({
    name: 'net.jsonl',
    envelopes: specs.map((spec, at) => ({ seq: at + 1, event: telemetryEvent(at + 1, spec) })),
    problems: [],
    capacity: 1000,
  });
  return {
    rows: computeNetworkRows(timeline.buffer, (item) => timeline.buffer.network.exchangeOf(item)),
    pages: computePages(timeline.buffer),
  };
}

const ctx = { target_id: 'T1', frame_id: 'F1', loader_id: 'L1', nav_seq: 1 };

const { rows, pages } = session([
  { type: 'page_navigation', ts: T0, data: { ...ctx, url: 'https://shop.test/' } },
  {
    type: 'network_request',
    ts: T0 + 1 * MS,
    data: {
      ...ctx,
      request_id: 'd',
      method: 'GET',
      url: 'https://shop.test/',
      resource_type: 'Document',
    },
  },
  {
    type: 'network_response',
    ts: T0 + 30 * MS,
    data: {
      ...ctx,
      request_id: 'd',
      status: 200,
      status_text: 'OK',
      mime_type: 'text/html',
      headers: { 'Content-Length': '1234', 'Set-Cookie': 'sid=1' },
    },
  },
  {
    type: 'network_request',
    ts: T0 + 40 * MS,
    data: {
      ...ctx,
      request_id: 'p',
      method: 'POST',
      url: 'https://shop.test/api/cart?x=1&y=%20two',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
      post_data: '{"sku":"RED"}',
      resource_type: 'Fetch',
    },
  },
  {
    type: 'network_response',
    ts: T0 + 90 * MS,
    data: {
      ...ctx,
      request_id: 'p',
      status: 500,
      mime_type: 'application/json',
      body: '{"error":"down"}',
    },
  },
  {
    type: 'network_request',
    ts: T0 + 100 * MS,
    data: {
      ...ctx,
      request_id: 'f',
      method: 'GET',
      url: 'https://shop.test/api/flaky',
      resource_type: 'Fetch',
    },
  },
  {
    type: 'network_loading_failed',
    ts: T0 + 150 * MS,
    data: { ...ctx, request_id: 'f', error_text: 'net::ERR_CONNECTION_REFUSED' },
  },
  {
    type: 'network_request',
    ts: T0 + 160 * MS,
    data: { ...ctx, request_id: 'w', method: 'GET', url: 'not a url at all' },
  },
]);

describe('buildHar', () => {
  const har = buildHar(rows, pages, { reveal: false, version: '0.1.0' });

  it('writes HAR 1.2 as its specification describes it', () => {
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    expect(har.log.entries).toHaveLength(4);
    expect(har.log.pages).toEqual([
      expect.objectContaining({
        id: 'page_1',
        startedDateTime: new Date((pages[0]?.startUs ?? 0) / 1000).toISOString(),
        title: 'https://shop.test/',
      }),
    ]);
    expect(har.log.entries.every((entry) => entry.pageref === 'page_1')).toBe(true);
  });

  it('keeps what the telemetry says of each request: timing, query, post data, body', () => {
    const [doc, post, failed, pending] = har.log.entries;
    expect(doc).toMatchObject({
      time: 29,
      response: { status: 200, statusText: 'OK', content: { size: 1234, mimeType: 'text/html' } },
    });
    expect(post?.request.queryString).toEqual([
      { name: 'x', value: '1' },
      { name: 'y', value: ' two' },
    ]);
    expect(post?.request.postData).toEqual({ mimeType: 'application/json', text: '{"sku":"RED"}' });
    expect(post?.request.bodySize).toBe(13);
    expect(post?.response).toMatchObject({
      status: 500,
      content: { text: '{"error":"down"}', size: 16 },
    });
    expect(post?.timings.wait).toBe(50);
    // a failure as Chrome writes it: status 0 and the error
    expect(failed?.response).toMatchObject({
      status: 0,
      statusText: '',
      _error: 'net::ERR_CONNECTION_REFUSED',
    });
    expect(pending).toMatchObject({
      time: 0,
      request: { url: 'not a url at all', queryString: [] },
    });
  });

  it('masks secrets unless asked for them', () => {
    const values = (entry = har.log.entries[1]) => entry?.request.headers.map((h) => h.value);
    expect(values()).toEqual(['<masked>', 'application/json']);
    expect(har.log.entries[0]?.response.headers.find((h) => h.name === 'Set-Cookie')?.value).toBe(
      '<masked>',
    );
    const open = buildHar(rows, pages, { reveal: true, version: '0.1.0' });
    expect(values(open.log.entries[1])).toEqual(['Bearer s3cret', 'application/json']);
    expect(JSON.stringify(har)).not.toContain('s3cret');
  });

  it('is still HAR with no requests, and names its file after the session', () => {
    expect(validate(buildHar([], [], { reveal: false, version: 'x' }))).toBe(true);
    expect(harFileName('a/b c', new Date(2026, 10, 24, 9, 5))).toBe(
      'network-a_b_c-20261124-0905.har',
    );
  });
});

describe('buildHar with what the browser reported of a request', () => {
  // as the reference server sends them: the queued time, the response's ResourceTiming, the full
  // headers sent (with the cookie), and the finished load (a new TLS connection: 30 ms in all)
  const browser = session([
    {
      type: 'network_request',
      ts: T0,
      data: {
        request_id: 'c',
        method: 'GET',
        url: 'https://shop.test/api/me',
        headers: { Accept: '*/*' },
        resource_type: 'Fetch',
        cdp_timestamp: 100,
      },
    },
    {
      type: 'network_response',
      ts: T0 + 17 * MS,
      data: {
        request_id: 'c',
        status: 200,
        status_text: 'OK',
        mime_type: 'application/json',
        protocol: 'h2',
        headers: { 'content-type': 'application/json', 'set-cookie': 'seen=1; Path=/' },
        request_headers: { Accept: '*/*', Cookie: 'sid=s3cret; theme=dark', Host: 'shop.test' },
        timing: {
          requestTime: 100.001,
          dnsStart: 0.5,
          dnsEnd: 1.5,
          connectStart: 1.5,
          connectEnd: 4,
          sslStart: 2,
          sslEnd: 4,
          sendStart: 4.2,
          sendEnd: 4.5,
          receiveHeadersEnd: 15.5,
        },
      },
    },
    {
      type: 'network_loading_finished',
      ts: T0 + 31 * MS,
      data: { request_id: 'c', cdp_timestamp: 100.03, encoded_data_length: 612, body: '{}' },
    },
    // a download: answered, then canceled as a page load
    {
      type: 'network_request',
      ts: T0 + 40 * MS,
      data: { request_id: 'd', method: 'GET', url: 'https://shop.test/report.bin' },
    },
    {
      type: 'network_response',
      ts: T0 + 45 * MS,
      data: { request_id: 'd', status: 200, status_text: 'OK', mime_type: 'application/zip' },
    },
    {
      type: 'network_loading_failed',
      ts: T0 + 46 * MS,
      data: { request_id: 'd', error_text: 'net::ERR_ABORTED', canceled: true },
    },
  ]);
  const har = buildHar(browser.rows, browser.pages, { reveal: false, version: '0.1.0' });
  const [entry, download] = har.log.entries;

  it('writes the phases as timings, adding up to the time', () => {
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    expect(entry?.timings).toEqual({
      blocked: 1.5,
      dns: 1,
      connect: 2.5,
      send: 0.5,
      wait: 11,
      receive: 13.5,
      ssl: 2,
    });
    expect(entry?.time).toBe(30);
    expect(entry?.request.httpVersion).toBe('h2');
    expect(entry?.response).toMatchObject({ httpVersion: 'h2', _transferSize: 612 });
    expect(entry?.response.content.text).toBe('{}');
  });

  it('writes the cookies the request carried and the response set, masked unless asked', () => {
    expect(entry?.request.headers).toContainEqual({ name: 'Cookie', value: '<masked>' });
    expect(entry?.request.cookies).toEqual([
      { name: 'sid', value: '<masked>' },
      { name: 'theme', value: '<masked>' },
    ]);
    expect(entry?.response.cookies).toEqual([{ name: 'seen', value: '<masked>' }]);
    expect(JSON.stringify(har)).not.toContain('s3cret');
    const open = buildHar(browser.rows, browser.pages, { reveal: true, version: '0.1.0' });
    expect(open.log.entries[0]?.request.cookies).toEqual([
      { name: 'sid', value: 's3cret' },
      { name: 'theme', value: 'dark' },
    ]);
    expect(open.log.entries[0]?.request.headers).toContainEqual({
      name: 'Cookie',
      value: 'sid=s3cret; theme=dark',
    });
  });

  it('a load canceled after its response keeps the status, with the error', () => {
    expect(download?.response).toMatchObject({
      status: 200,
      statusText: 'OK',
      _error: 'net::ERR_ABORTED',
    });
  });
});

describe('readHar', () => {
  it('opens an exported HAR as the same requests, in the Network view’s terms', () => {
    const har = buildHar(rows, pages, { reveal: true, version: '0.1.0' });
    const read = readHar(JSON.stringify(har));
    expect(read?.problems).toEqual([]);
    const timeline = createFileTimeline({
      name: 'x.har',
      envelopes: read?.envelopes ?? [],
      problems: [],
      capacity: 1000,
    });
    const back = computeNetworkRows(timeline.buffer, (item) =>
      timeline.buffer.network.exchangeOf(item),
    );
    const shape = (list: typeof rows) =>
      list.map((row) => ({
        url: row.view.url,
        method: row.view.method,
        status: row.view.status,
        failed: row.failed,
        error: row.view.errorText,
        type: row.type,
        body: row.view.body,
        post: row.view.postData,
        ms: row.endUs === null ? null : (row.endUs - row.startUs) / 1000,
      }));
    // a pending request comes back as answered at once: HAR has no "pending"
    expect(shape(back)).toEqual(
      shape(rows).map((row, at) =>
        at === 3
          ? { ...row, ms: 0, status: null, failed: true, error: 'no response (status 0)' }
          : row,
      ),
    );
    expect(computePages(timeline.buffer).map((page) => page.url)).toEqual(['https://shop.test/']);
  });

  it('says what it cannot read and goes on; is null for what is not HAR', () => {
    expect(readHar('not json')).toBeNull();
    expect(readHar('{"log":{}}')).toBeNull();
    const read = readHar(
      JSON.stringify({
        log: {
          entries: [
            null,
            { startedDateTime: 'soon', request: {}, response: {} },
            {
              startedDateTime: '2026-11-24T10:00:00.000Z',
              time: 12.5,
              request: {
                method: 'GET',
                url: 'https://x.test/a',
                headers: [
                  { name: '__proto__', value: 'x' },
                  { name: 'A', value: '1' },
                  { name: 'A', value: '2' },
                ],
              },
              response: {
                status: 200,
                content: { mimeType: 'image/png', text: 'iVBOR', encoding: 'base64' },
              },
            },
          ],
        },
      }),
    );
    expect(read?.problems.map((p) => p.line)).toEqual([1, 2]);
    expect(read?.envelopes.map((e) => e.event.type)).toEqual([
      'network_request',
      'network_response',
    ]);
    expect(read?.envelopes[0]?.event.data?.headers).toEqual({ A: ['1', '2'] });
    expect(read?.envelopes[1]?.event.data?.body).toBeUndefined();
    expect(read?.envelopes[1]?.event.ts).toBe(Date.UTC(2026, 10, 24, 10) * 1000 + 12_500);
  });
});
