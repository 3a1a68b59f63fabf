import { describe, expect, it } from 'vitest';
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import {
  T0,
  telemetryEvent,
  type EventSpec,
} from '../../../entities/session-events/testing/telemetry-test-kit';
import { buildHar, readHar } from './har';
import { compileNetworkQuery } from '../../../entities/session-events/model/network-query';
import {
  computeNetworkRows,
  type NetworkRow,
} from '../../../entities/session-events/model/network-table';

/** The Network view's rows of a file's events, as the view computes them. */
function rowsOf(envelopes: { seq: number; event: ReturnType<typeof telemetryEvent> }[]) {
  const timeline = createFileTimeline({ name: 'x.har', envelopes, problems: [], capacity: 1000 });
  const rows = computeNetworkRows(timeline.buffer, (item) =>
    timeline.buffer.network.exchangeOf(item),
  );
  let errors = 0;
  timeline.buffer.forEach((item) => {
    if (item.kind === 'event' && item.error) errors += 1;
  });
  return { rows, errors };
}

function readRows(log: Record<string, unknown>): NetworkRow[] {
  const read = readHar(JSON.stringify({ log }));
  expect(read?.problems).toEqual([]);
  return rowsOf(read?.envelopes ?? []).rows;
}

/** What a person sees of a row: its status, whether it failed, and why. */
const outcome = (row: NetworkRow) => ({
  url: row.view.url,
  status: row.view.status,
  failed: row.failed,
  error: row.view.errorText,
  canceled: row.view.canceled,
});

const isFailed = compileNetworkQuery('is:failed');
const request = (url: string) => ({
  method: 'GET',
  url,
  httpVersion: '',
  headers: [{ name: 'Accept', value: '*/*' }],
  queryString: [],
  cookies: [],
  headersSize: -1,
  bodySize: 0,
});
const content = { size: 0, mimeType: 'x-unknown' };

describe('reading the failures of HAR files from the tools people use', () => {
  it('Chrome DevTools: status 0 with _error, _error null when it worked, _error after a status', () => {
    const entry = (url: string, status: number, error: string | null) => ({
      _initiator: { type: 'script' },
      _priority: 'High',
      _resourceType: 'fetch',
      cache: {},
      request: request(url),
      response: {
        status,
        statusText: status === 0 ? '' : 'OK',
        httpVersion: status === 0 ? '' : 'http/1.1',
        headers: [],
        cookies: [],
        content,
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
        _transferSize: 0,
        _error: error,
      },
      serverIPAddress: '',
      startedDateTime: '2026-11-24T10:00:00.000Z',
      time: 12.3,
      timings: { blocked: 12.3, dns: -1, ssl: -1, connect: -1, send: 0, wait: 0, receive: 0 },
    });
    const rows = readRows({
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [],
      entries: [
        entry('https://nowhere.test/a', 0, 'net::ERR_NAME_NOT_RESOLVED'),
        entry('https://shop.test/ok', 200, null),
        entry('https://cdn.test/blocked.json', 200, 'net::ERR_BLOCKED_BY_ORB'),
        entry('https://shop.test/left', 0, 'net::ERR_ABORTED'),
      ],
    });
    expect(rows.map(outcome)).toEqual([
      {
        url: 'https://nowhere.test/a',
        status: null,
        failed: true,
        error: 'net::ERR_NAME_NOT_RESOLVED',
        canceled: false,
      },
      { url: 'https://shop.test/ok', status: 200, failed: false, error: null, canceled: false },
      // the load failed after its response came: one request, with its status and its failure
      {
        url: 'https://cdn.test/blocked.json',
        status: 200,
        failed: true,
        error: 'net::ERR_BLOCKED_BY_ORB',
        canceled: false,
      },
      // DevTools shows this one as "(canceled)"
      {
        url: 'https://shop.test/left',
        status: null,
        failed: true,
        error: 'net::ERR_ABORTED',
        canceled: true,
      },
    ]);
    expect(rows.map((row) => isFailed.test(row.filterable))).toEqual([true, false, true, true]);
  });

  it('Playwright: status -1 with _failureText, and -1 alone for a request never answered', () => {
    const entry = (url: string, failureText?: string) => ({
      startedDateTime: '2026-11-24T10:00:00.000Z',
      time: -1,
      request: { ...request(url), httpVersion: 'HTTP/1.1', bodySize: -1 },
      response: {
        status: -1,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [],
        content: { size: -1, mimeType: 'x-unknown' },
        headersSize: -1,
        bodySize: -1,
        redirectURL: '',
        _transferSize: -1,
        ...(failureText === undefined ? {} : { _failureText: failureText }),
      },
      cache: {},
      timings: { send: -1, wait: -1, receive: -1 },
      pageref: 'page@1',
    });
    const rows = readRows({
      version: '1.2',
      creator: { name: 'Playwright', version: '1.57.0' },
      browser: { name: 'chromium', version: '143.0' },
      pages: [],
      entries: [
        entry('http://127.0.0.1:9/refused', 'net::ERR_CONNECTION_REFUSED'),
        { ...entry('https://shop.test/routed', 'net::ERR_FAILED'), _wasAborted: true },
        entry('https://shop.test/ff', 'NS_ERROR_CONNECTION_REFUSED'),
        entry('https://shop.test/slow'),
      ],
    });
    expect(rows.map(outcome)).toEqual([
      {
        url: 'http://127.0.0.1:9/refused',
        status: null,
        failed: true,
        error: 'net::ERR_CONNECTION_REFUSED',
        canceled: false,
      },
      {
        url: 'https://shop.test/routed',
        status: null,
        failed: true,
        error: 'net::ERR_FAILED',
        canceled: false,
      },
      {
        url: 'https://shop.test/ff',
        status: null,
        failed: true,
        error: 'NS_ERROR_CONNECTION_REFUSED',
        canceled: false,
      },
      {
        url: 'https://shop.test/slow',
        status: null,
        failed: true,
        error: 'no response (status -1)',
        canceled: false,
      },
    ]);
    // never read as a status, nor shown as a success
    expect(rows.every((row) => isFailed.test(row.filterable))).toBe(true);
    expect(rows.every((row) => row.endUs === row.startUs)).toBe(true);
  });

  it('Firefox: status 0, an empty statusText, no reason and no timings', () => {
    const rows = readRows({
      version: '1.2',
      creator: { name: 'Firefox', version: '146.0' },
      browser: { name: 'Firefox', version: '146.0' },
      pages: [
        {
          id: 'page_1',
          title: 'https://shop.test/',
          startedDateTime: '2026-11-24T10:00:00.000+01:00',
          pageTimings: { onContentLoad: -1, onLoad: -1 },
        },
      ],
      entries: [
        {
          startedDateTime: '2026-11-24T10:00:00.120+01:00',
          request: { ...request('https://down.test/app.js'), headersSize: 312 },
          response: {
            status: 0,
            statusText: '',
            httpVersion: '',
            headers: [],
            cookies: [],
            content: { mimeType: '', size: 0 },
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
          },
          cache: {},
          timings: {},
          time: 0,
          _securityState: 'insecure',
          pageref: 'page_1',
        },
      ],
    });
    expect(rows.map(outcome)).toEqual([
      {
        url: 'https://down.test/app.js',
        status: null,
        failed: true,
        error: 'no response (status 0)',
        canceled: false,
      },
    ]);
  });

  it('Charles: status 0 or -1 with the reason in the comment or _error', () => {
    const entry = (url: string, status: number, reason: Record<string, string>) => ({
      startedDateTime: '2026-11-24T10:00:00.000+01:00',
      time: 5003,
      request: { ...request(url), httpVersion: 'HTTP/1.1' },
      response: {
        status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [],
        content,
        redirectURL: null,
        headersSize: 0,
        bodySize: 0,
        ...reason,
      },
      serverIPAddress: '10.0.0.9',
      cache: {},
      timings: { dns: -1, connect: 5003, ssl: -1, send: 0, wait: 0, receive: 0 },
    });
    const rows = readRows({
      version: '1.2',
      creator: { name: 'Charles Proxy', version: '5.0.1' },
      entries: [
        entry('https://10.0.0.9/api', 0, { comment: 'Connect to 10.0.0.9:443 timed out' }),
        entry('https://gone.test/', -1, { _error: 'UnknownHostException: gone.test' }),
      ],
    });
    expect(rows.map((row) => [row.view.status, row.failed, row.view.errorText])).toEqual([
      [null, true, 'Connect to 10.0.0.9:443 timed out'],
      [null, true, 'UnknownHostException: gone.test'],
    ]);
    // the time the connection attempt took is kept
    expect(rows.map((row) => (row.endUs! - row.startUs) / 1000)).toEqual([5003, 5003]);
  });

  it('this dashboard: a failed and a canceled request come back as they were exported', () => {
    const specs: EventSpec[] = [
      {
        type: 'network_request',
        ts: T0,
        data: { request_id: 'a', method: 'GET', url: 'https://x.test/a' },
      },
      {
        type: 'network_loading_failed',
        ts: T0 + 4000,
        data: { request_id: 'a', error_text: 'net::ERR_CONNECTION_RESET' },
      },
      {
        type: 'network_request',
        ts: T0 + 5000,
        data: { request_id: 'b', method: 'GET', url: 'https://x.test/b' },
      },
      {
        type: 'network_loading_failed',
        ts: T0 + 6000,
        data: { request_id: 'b', error_text: 'net::ERR_ABORTED', canceled: true },
      },
    ];
    const live = rowsOf(
      specs.map((spec, at) => ({ seq: at + 1, event: telemetryEvent(at + 1, spec) })),
    );
    const har = buildHar(live.rows, [], { reveal: false, version: 'test' });
    const back = rowsOf(readHar(JSON.stringify(har))?.envelopes ?? []);
    expect(back.rows.map(outcome)).toEqual(live.rows.map(outcome));
    expect(back.rows.map(outcome)).toEqual([
      {
        url: 'https://x.test/a',
        status: null,
        failed: true,
        error: 'net::ERR_CONNECTION_RESET',
        canceled: false,
      },
      {
        url: 'https://x.test/b',
        status: null,
        failed: true,
        error: 'net::ERR_ABORTED',
        canceled: true,
      },
    ]);
    // counted as errors as the live timeline counts them: a failure is one, a cancel is not
    expect(back.errors).toBe(live.errors);
    expect(back.errors).toBe(1);
  });
});
