import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserSession, TelemetryEnvelope } from '../../src/types/api.ts';
import {
  createSession,
  startReference,
  TEST_TOKEN,
  type ReferenceHarness,
} from '../testing/reference-harness.ts';
import { SseReader } from '../testing/sse-reader.ts';

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
const json = { 'Content-Type': 'application/json' };

describe('api_call and platform_api_call', () => {
  let h: ReferenceHarness;
  const readers: SseReader[] = [];

  beforeEach(async () => {
    h = await startReference({});
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
    await h.close();
  });

  /** Makes one call of each kind on a session; returns each call's X-Request-Id by operation. */
  async function callEverything(id: string): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    const call = async (operation: string, path: string, init: RequestInit = {}) => {
      const response = await h.call(`/browsers/${id}${path}`, init);
      await response.arrayBuffer();
      ids[operation] = response.headers.get('x-request-id') ?? '';
    };
    await call('retrieveBrowser', '');
    await call('updateBrowser', '', { method: 'PATCH', headers: json, body: '{"name":"n"}' });
    await call('publishTelemetryEvents', '/telemetry/events', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ type: 'custom', category: 'mystery' }),
    });
    await call('listTelemetryEvents', '/telemetry/events?since=1h');
    await call('writeClipboard', '/computer/clipboard/write', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: 'hello' }),
    });
    await call('readClipboard', '/computer/clipboard/read', { method: 'POST' });
    return ids;
  }

  async function events(id: string, until: (events: TelemetryEnvelope[]) => boolean) {
    const reader = await SseReader.open(
      `${h.api}/browsers/${id}/telemetry/stream?replay=all`,
      auth,
    );
    readers.push(reader);
    await reader.until((r) => until(r.json<TelemetryEnvelope>()));
    return reader.json<TelemetryEnvelope>().map((envelope) => envelope.event);
  }

  const operations = (
    list: { type: string; data?: Record<string, unknown> | null }[],
    type: string,
  ) => list.filter((event) => event.type === type).map((event) => event.data?.operation_id);

  it('platform is opt-in: off by default, listed in the session’s telemetry', async () => {
    const response = await h.call('/browsers', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ telemetry: { enabled: true } }),
    });
    const session = (await response.json()) as BrowserSession;
    expect(session.telemetry?.browser?.platform).toEqual({ enabled: false });
    expect(session.telemetry?.browser?.control).toEqual({ enabled: true });
  });

  it('with platform on, calls that drive the browser are api_call and the others platform_api_call', async () => {
    const id = await createSession(h, { telemetry: { browser: { platform: { enabled: true } } } });
    const ids = await callEverything(id);
    const seen = await events(id, (list) =>
      list.some((e) => e.event.data?.operation_id === 'readClipboard'),
    );
    expect(operations(seen, 'api_call').sort()).toEqual(['readClipboard', 'writeClipboard']);
    // each is recorded as its response ends: compared as a set
    expect(operations(seen, 'platform_api_call').sort()).toEqual([
      'listTelemetryEvents',
      'publishTelemetryEvents',
      'retrieveBrowser',
      'streamTelemetry',
      'updateBrowser',
    ]);
    const retrieve = seen.find((e) => e.data?.operation_id === 'retrieveBrowser');
    expect(retrieve).toMatchObject({
      type: 'platform_api_call',
      category: 'platform',
      source: { kind: 'kernel_api', event: 'retrieveBrowser' },
      data: { request_id: ids.retrieveBrowser, status: 200 },
    });
    expect(typeof retrieve?.data?.duration_ms).toBe('number');
    const write = seen.find((e) => e.data?.operation_id === 'writeClipboard');
    expect(write).toMatchObject({
      type: 'api_call',
      category: 'control',
      data: { request_id: ids.writeClipboard, status: 200 },
    });
  });

  it('by default only the calls that drive the browser are events', async () => {
    const id = await createSession(h, { telemetry: { enabled: true } });
    await callEverything(id);
    const seen = await events(id, (list) =>
      list.some((e) => e.event.data?.operation_id === 'readClipboard'),
    );
    expect(operations(seen, 'api_call').sort()).toEqual(['readClipboard', 'writeClipboard']);
    expect(operations(seen, 'platform_api_call')).toEqual([]);
  });

  it('platform without control: only the calls that do not drive the browser', async () => {
    const id = await createSession(h, {
      telemetry: { browser: { platform: { enabled: true }, control: { enabled: false } } },
    });
    await callEverything(id);
    const seen = await events(id, (list) =>
      list.some((e) => e.event.data?.operation_id === 'listTelemetryEvents'),
    );
    expect(operations(seen, 'api_call')).toEqual([]);
    expect(operations(seen, 'platform_api_call')).toContain('retrieveBrowser');
  });
});

describe('control.cdp.excluded_methods', () => {
  let h: ReferenceHarness;
  beforeEach(async () => {
    h = await startReference({});
  });
  afterEach(async () => {
    await h.close();
  });

  const create = (telemetry: unknown) =>
    h.call('/browsers', { method: 'POST', headers: json, body: JSON.stringify({ telemetry }) });

  it('is echoed in the session’s telemetry, deduplicated', async () => {
    const response = await create({
      browser: {
        control: {
          cdp: {
            excluded_methods: [
              'Page.captureScreenshot',
              'Input.dispatchMouseEvent',
              'Page.captureScreenshot',
            ],
          },
        },
      },
    });
    expect(response.status).toBe(200);
    const session = (await response.json()) as BrowserSession;
    expect(session.telemetry?.browser?.control).toEqual({
      enabled: true,
      cdp: { excluded_methods: ['Page.captureScreenshot', 'Input.dispatchMouseEvent'] },
    });
  });

  it.each([
    [{ cdp: 'all' }, 'telemetry.browser.control.cdp must be an object'],
    [{ cdp: { excluded_methods: 'Page.navigate' } }, 'must be an array of CDP methods'],
    [
      { cdp: { excluded_methods: ['Runtime.evaluate'] } },
      '"Runtime.evaluate" is not a recorded CDP method',
    ],
    [{ cdp: { excluded_methods: [7] } }, '7 is not a recorded CDP method'],
  ])('rejects control %j', async (control, message) => {
    const response = await create({ browser: { control } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; details: { message: string }[] };
    expect(body.code).toBe('bad_request');
    expect(body.details[0]?.message).toContain(message);
  });
});

describe('event types the reference cannot observe stay publishable', () => {
  let h: ReferenceHarness;
  beforeEach(async () => {
    h = await startReference({});
  });
  afterEach(async () => {
    await h.close();
  });

  it('publishes proxy_error and the captcha events as given, in order', async () => {
    const id = await createSession(h, {});
    const published = [
      {
        ts: 1_760_000_000_000_001,
        type: 'proxy_error',
        category: 'network',
        source: { kind: 'cdp', event: 'Network.responseReceived' },
        data: {
          code: 'upstream_timeout',
          request_id: '1000.7',
          status: 502,
          method: 'GET',
          resource_type: 'Document',
          url: 'https://shop.example.com/',
          target_id: 'T1',
          target_type: 'page',
        },
      },
      {
        ts: 1_760_000_000_000_002,
        type: 'captcha_solve_started',
        category: 'captcha',
        source: { kind: 'extension', event: 'captcha_solver' },
        data: {
          captcha_type: 'press_and_hold',
          challenge_id: 'ch-1',
          task_id: 't-1',
          website_host: 'shop.example.com',
          website_path: '/login',
        },
      },
      {
        ts: 1_760_000_000_000_003,
        type: 'captcha_challenge_result',
        category: 'captcha',
        source: { kind: 'extension', event: 'captcha_solver' },
        data: {
          captcha_type: 'press_and_hold',
          challenge_id: 'ch-1',
          status: 'solved',
          duration_ms: 6100.5,
          captcha_provider: 'perimeterx',
          inferred: false,
          website_host: 'shop.example.com',
          website_path: '/login',
        },
      },
    ];
    const response = await h.call(`/browsers/${id}/telemetry/events`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(published),
    });
    expect(response.status).toBe(200);
    const { seq } = (await response.json()) as { seq: number[] };
    expect(seq).toEqual([1, 2, 3]);
    const reader = await SseReader.open(
      `${h.api}/browsers/${id}/telemetry/stream?replay=all`,
      auth,
    );
    try {
      await reader.until((r) => r.data.length >= 3);
      expect(reader.json<TelemetryEnvelope>().slice(0, 3)).toEqual(
        published.map((event, index) => ({ seq: index + 1, event })),
      );
    } finally {
      reader.close();
    }
  });

  it('deleting a session with platform on records its deleteBrowser call (204) before it ends', async () => {
    const id = await createSession(h, { telemetry: { browser: { platform: { enabled: true } } } });
    const deleted = await h.call(`/browsers/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    const history = await h.call(`/browsers/${id}/telemetry/events?since=1h&limit=100`);
    expect(history.status).toBe(200);
    const list = ((await history.json()) as TelemetryEnvelope[]).map((envelope) => envelope.event);
    const call = list.find(
      (event) => event.type === 'platform_api_call' && event.data?.operation_id === 'deleteBrowser',
    );
    expect(call?.data).toMatchObject({ operation_id: 'deleteBrowser', status: 204 });
  });
});
