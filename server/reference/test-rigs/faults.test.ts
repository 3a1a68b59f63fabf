import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, TelemetryEnvelope } from '../../../src/types/api.ts';
import {
  createSession,
  startReference,
  TEST_TOKEN,
  type ReferenceHarness,
} from '../../testing/reference-harness.ts';
import { SseReader } from '../../testing/sse-reader.ts';

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };

interface FaultAnswer {
  affected: number;
  pid?: number;
  state: {
    cut_every: number;
    cuts: number;
    responses_pending: number;
    responses_sent: number;
    streams_open: number;
    streams_stalled: number;
    token_rotated: boolean;
  };
}

function consoleEvents(count: number, from = 0): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'console_log',
    category: 'console',
    data: { level: 'log', text: `message ${from + i}` },
  }));
}

/** Reads a stream's raw bytes (no SSE parsing) until `done` holds or the stream ends. */
async function readRaw(response: Response, done: (bytes: Buffer) => boolean): Promise<Buffer> {
  const reader = response.body!.getReader();
  let bytes = Buffer.alloc(0);
  while (!done(bytes)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    bytes = Buffer.concat([bytes, value]);
  }
  await reader.cancel().catch(() => undefined);
  return bytes;
}

describe('fault injection', () => {
  let h: ReferenceHarness;
  let id: string;
  const readers: SseReader[] = [];

  const fault = async (body: unknown, token?: string): Promise<Response> =>
    h.call(`/browsers/${id}/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...(token === undefined ? {} : { token }),
    });
  const ok = async (body: unknown, token?: string): Promise<FaultAnswer> => {
    const response = await fault(body, token);
    expect(response.status).toBe(200);
    return (await response.json()) as FaultAnswer;
  };
  const publish = async (events: unknown[]): Promise<number[]> => {
    const response = await h.call(`/browsers/${id}/telemetry/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(events),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { seq: number[] }).seq;
  };
  const telemetry = async (headers: Record<string, string> = {}): Promise<SseReader> => {
    const reader = await SseReader.open(`${h.api}/browsers/${id}/telemetry/stream?replay=all`, {
      ...auth,
      ...headers,
    });
    readers.push(reader);
    return reader;
  };
  const seqs = (reader: SseReader): number[] =>
    reader.json<TelemetryEnvelope>().map((envelope) => envelope.seq);

  beforeEach(async () => {
    h = await startReference({ faults: true, keepaliveMs: 100, logPollMs: 20 });
    // no telemetry category: the session's own api_call events stay out of the seqs
    id = await createSession(h, {});
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
    await h.close();
  });

  it('rejects what it does not understand with a JSON Error body saying why', async () => {
    const cases: [unknown, RegExp][] = [
      ['{"action":', /not valid JSON/],
      [{}, /body must be \{"action"/],
      [{ action: 'explode' }, /action must be one of "drop_streams", .*"state"/],
      [{ action: 'cut_every' }, /events must be an integer from 0 to 1000000/],
      [{ action: 'cut_every', events: -1 }, /events must be an integer/],
      [{ action: 'stall', streams: 'video' }, /streams must be "telemetry", "logs" or "all"/],
      [{ action: 'inject', streams: 'logs' }, /either text .* or base64/],
      [{ action: 'inject', text: 'a', base64: 'YQ==' }, /either text .* or base64/],
      [{ action: 'inject', base64: 'not base64!' }, /either text .* or base64/],
      [{ action: 'rotate_token', token: 'has space' }, /token must be 1–256 visible ASCII/],
      [{ action: 'rotate_token' }, /token must be/],
    ];
    for (const [body, message] of cases) {
      const response = await fault(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const error = (await response.json()) as ApiErrorBody;
      expect(error.code).toBe('bad_request');
      const said = [error.message, ...(error.details ?? []).map((detail) => detail.message)];
      expect(said.join('\n'), JSON.stringify(body)).toMatch(message);
    }
    // every problem of a respond fault at once
    const response = await fault({
      action: 'respond',
      status: 200,
      body: 'xml',
      retry_after: 1.5,
      times: 0,
      streams: 'all',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).details).toEqual([
      { code: 'invalid_input', message: 'status must be an integer from 400 to 599' },
      { code: 'invalid_input', message: 'body must be "json", "text" or "empty"' },
      { code: 'invalid_input', message: 'retry_after must be an integer from 0 to 86400' },
      { code: 'invalid_input', message: 'times must be an integer from 1 to 10000' },
    ]);
    expect((await ok({ action: 'state' })).state).toEqual({
      cut_every: 0,
      cuts: 0,
      responses_pending: 0,
      responses_sent: 0,
      streams_open: 0,
      streams_stalled: 0,
      token_rotated: false,
    });
  });

  it('respond answers the next stream requests, in order, with JSON, text or empty bodies', async () => {
    await ok({ action: 'respond', status: 429, retry_after: 2 });
    await ok({ action: 'respond', status: 502, body: 'text', streams: 'telemetry' });
    await ok({ action: 'respond', status: 401, body: 'empty', times: 2 });
    expect((await ok({ action: 'state' })).state.responses_pending).toBe(4);

    const first = await h.call(`/browsers/${id}/telemetry/stream`);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await first.json()).toEqual({
      code: 'rate_limited',
      message: 'injected fault: 429 on the telemetry stream',
      details: [{ code: 'fault_injected', message: 'asked for with POST /browsers/{id}/faults' }],
    });

    // the telemetry-only answer waits for a telemetry request: a log request gets the next one
    const logs = await h.call(`/browsers/${id}/logs/stream?source=supervisor&supervisor_process=x`);
    expect(logs.status).toBe(401);
    expect(logs.headers.get('content-length')).toBe('0');
    expect(logs.headers.get('retry-after')).toBeNull();
    expect(await logs.text()).toBe('');

    const second = await h.call(`/browsers/${id}/telemetry/stream`);
    expect(second.status).toBe(502);
    expect(second.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await second.text()).toBe('injected fault: 502 on the telemetry stream');

    const third = await h.call(`/browsers/${id}/telemetry/stream`);
    expect(third.status).toBe(401);
    await third.text();
    // other requests of the session are never answered by the fault
    expect((await h.call(`/browsers/${id}`)).status).toBe(200);

    await publish(consoleEvents(1));
    const healthy = await telemetry();
    expect(healthy.response.status).toBe(200);
    await healthy.until((r) => r.data.length === 1);
    const { state } = await ok({ action: 'state' });
    expect(state.responses_pending).toBe(0);
    expect(state.responses_sent).toBe(4);

    await ok({ action: 'respond', status: 500, times: 3 });
    expect((await ok({ action: 'clear' })).affected).toBe(3);
    expect((await h.call(`/browsers/${id}/telemetry/stream`)).status).toBe(200);
  });

  it('cut_every destroys each telemetry connection after N event frames until turned off', async () => {
    await publish(consoleEvents(10));
    expect((await ok({ action: 'cut_every', events: 4 })).state.cut_every).toBe(4);

    const first = await telemetry();
    await first.until((r) => r.closed);
    expect(seqs(first)).toEqual([1, 2, 3, 4]);
    const second = await telemetry({ 'Last-Event-ID': '4' });
    await second.until((r) => r.closed);
    expect(seqs(second)).toEqual([5, 6, 7, 8]);
    // keepalive comments are not events: a quiet connection is never cut
    const third = await telemetry({ 'Last-Event-ID': '8' });
    await third.until((r) => r.data.length === 2 && r.frames.some((frame) => frame.comment === ''));
    expect(third.closed).toBe(false);
    await publish(consoleEvents(3, 10));
    await third.until((r) => r.closed);
    expect(seqs(third)).toEqual([9, 10, 11, 12]);
    expect((await ok({ action: 'state' })).state.cuts).toBe(3);

    const off = await ok({ action: 'cut_every', events: 0 });
    expect(off.state).toMatchObject({ cut_every: 0, cuts: 3 });
    const fourth = await telemetry({ 'Last-Event-ID': '12' });
    await publish(consoleEvents(8, 13));
    await fourth.until((r) => r.data.length === 9);
    expect(fourth.closed).toBe(false);
    expect(seqs(fourth)).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21]);
  });

  it('stall silences the open streams, keepalives included, and leaves new ones healthy', async () => {
    const stalled = await telemetry();
    await stalled.until((r) => r.frames.some((frame) => frame.comment === ''));
    const answer = await ok({ action: 'stall', streams: 'telemetry' });
    expect(answer.affected).toBe(1);
    expect(answer.state).toMatchObject({ streams_open: 1, streams_stalled: 1 });
    const before = stalled.frames.length;
    await publish(consoleEvents(2));

    const fresh = await telemetry();
    // several keepalive intervals pass on the fresh stream: the stalled one stays open and silent
    await fresh.until((r) => r.frames.filter((frame) => frame.comment === '').length >= 3);
    expect(seqs(fresh)).toEqual([1, 2]);
    expect(stalled.frames.length).toBe(before);
    expect(stalled.closed).toBe(false);
  });

  it('inject writes raw bytes on the open streams as they are', async () => {
    const root = path.join(h.reference.sessionsDir, id);
    await mkdir(path.join(root, 'var/log'), { recursive: true });
    await appendFile(path.join(root, 'var/log/app.log'), '');
    const logs = await h.call(`/browsers/${id}/logs/stream?source=path&path=/var/log/app.log`);
    expect(logs.status).toBe(200);
    const raw = Buffer.from([
      ...Buffer.from('data: {"event":"log","message":"bad \xff'),
      0xff,
      0xfe,
      0x00,
      ...Buffer.from('"}\n\ndata: {not json\n\n'),
    ]);
    const reading = readRaw(logs, (bytes) => bytes.includes(Buffer.from('{not json\n\n')));
    const answer = await ok({ action: 'inject', streams: 'logs', base64: raw.toString('base64') });
    expect(answer.affected).toBe(1);
    expect(await reading).toEqual(raw);

    const stream = await telemetry();
    expect((await ok({ action: 'inject', text: 'data: oops\n\n' })).affected).toBe(1);
    await stream.until((r) => r.data.length === 1);
    expect(stream.data).toEqual(['oops']);
  });

  it('rotate_token makes the session answer only to the new token; other sessions keep theirs', async () => {
    const other = await createSession(h, {});
    const open = await telemetry();
    await ok({ action: 'rotate_token', token: 'sk_rotated_1' });
    const old = await h.call(`/browsers/${id}`);
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ code: 'unauthorized', message: 'invalid API token' });
    expect((await h.call(`/browsers/${id}/telemetry/stream`)).status).toBe(401);
    expect((await h.call(`/browsers/${id}`, { token: 'sk_rotated_1' })).status).toBe(200);
    expect((await h.call(`/browsers/${other}`)).status).toBe(200);
    expect((await h.call(`/browsers/${other}`, { token: 'sk_rotated_1' })).status).toBe(401);
    // the open stream goes on; faults on the session need the new token too
    expect((await fault({ action: 'state' })).status).toBe(401);
    const answer = await ok({ action: 'state' }, 'sk_rotated_1');
    expect(answer.state.token_rotated).toBe(true);
    expect(open.closed).toBe(false);
  });

  it('drop_streams cuts, restart_events starts seq again, crash_browser needs a browser', async () => {
    await publish(consoleEvents(3));
    const stream = await telemetry();
    await stream.until((r) => r.data.length === 3);
    expect((await ok({ action: 'restart_events' })).affected).toBe(1);
    await stream.until((r) => r.closed);
    expect(await publish(consoleEvents(1))).toEqual([1]);
    const again = await telemetry();
    await again.until((r) => r.data.length === 1);
    expect((await ok({ action: 'drop_streams' })).affected).toBe(1);
    await again.until((r) => r.closed);
    const crash = await fault({ action: 'crash_browser' });
    expect(crash.status).toBe(409);
    expect(((await crash.json()) as ApiErrorBody).code).toBe('conflict');
  });
});
