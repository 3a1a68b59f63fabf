import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelemetryEnvelope } from '../../src/types/api.ts';
import {
  createSession,
  startReference,
  TEST_TOKEN,
  type ReferenceHarness,
} from '../testing/reference-harness.ts';
import { SseReader } from '../testing/sse-reader.ts';

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };

async function publish(h: ReferenceHarness, id: string, events: unknown): Promise<number[]> {
  const response = await h.call(`/browsers/${id}/telemetry/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(events),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { seq: number[] }).seq;
}

function consoleEvents(count: number, from = 0): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'console_log',
    category: 'console',
    data: { level: 'log', text: `message ${from + i}` },
  }));
}

function seqs(reader: SseReader): number[] {
  return reader.json<TelemetryEnvelope>().map((envelope) => envelope.seq);
}

describe('telemetry stream', () => {
  let h: ReferenceHarness;
  let id: string;
  const readers: SseReader[] = [];
  const open = async (query = '', headers: Record<string, string> = {}): Promise<SseReader> => {
    const reader = await SseReader.open(`${h.api}/browsers/${id}/telemetry/stream${query}`, {
      ...auth,
      ...headers,
    });
    readers.push(reader);
    return reader;
  };

  beforeEach(async () => {
    h = await startReference({ telemetryBuffer: 16, keepaliveMs: 150 });
    id = await createSession(h, {});
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
    await h.close();
  });

  it('assigns seqs from 1 in order and fills defaults', async () => {
    expect(await publish(h, id, consoleEvents(3))).toEqual([1, 2, 3]);
    expect(await publish(h, id, { type: 'custom_thing', category: 'mystery' })).toEqual([4]);
    const reader = await open('?replay=all');
    await reader.until((r) => r.data.length === 4);
    const envelopes = reader.json<TelemetryEnvelope>();
    expect(reader.frames.map((frame) => frame.id)).toEqual(['1', '2', '3', '4']);
    expect(envelopes[3]?.event.source).toEqual({ kind: 'kernel_api' });
    expect(Number.isInteger(envelopes[0]?.event.ts)).toBe(true);
    expect(Math.abs((envelopes[0]?.event.ts ?? 0) / 1000 - Date.now())).toBeLessThan(60_000);
    expect(reader.response.headers.get('content-type')).toBe('text/event-stream');
  });

  it('starts from now without replay, from the oldest retained with replay=all', async () => {
    await publish(h, id, consoleEvents(2));
    const live = await open();
    const junk = await open('', { 'Last-Event-ID': 'junk' });
    const zero = await open('?replay=other', { 'Last-Event-ID': '0' });
    await publish(h, id, consoleEvents(1));
    for (const reader of [live, junk, zero]) {
      await reader.until((r) => r.data.length === 1);
      expect(seqs(reader)).toEqual([3]);
    }
  });

  it('resumes after Last-Event-ID, which wins over replay=all', async () => {
    await publish(h, id, consoleEvents(5));
    const reader = await open('?replay=all', { 'Last-Event-ID': '3' });
    await reader.until((r) => r.data.length === 2);
    expect(seqs(reader)).toEqual([4, 5]);
  });

  it('skips silently past evicted events, so the client sees a seq jump', async () => {
    await publish(h, id, consoleEvents(40)); // buffer is 16: seqs 25..40 retained
    const replay = await open('?replay=all');
    await replay.until((r) => r.data.length === 16);
    expect(seqs(replay)[0]).toBe(25);
    expect(seqs(replay).at(-1)).toBe(40);
    const resumed = await open('', { 'Last-Event-ID': '5' });
    await resumed.until((r) => r.data.length === 16);
    expect(seqs(resumed)[0]).toBe(25);
  });

  it('resumes a dropped connection with no loss and no duplicates', async () => {
    const first = await open('?replay=all');
    await publish(h, id, consoleEvents(5));
    await first.until((r) => r.data.length === 5);
    first.close();
    await publish(h, id, consoleEvents(5, 5)); // published while disconnected
    const second = await open('?replay=all', { 'Last-Event-ID': String(seqs(first).at(-1)) });
    await publish(h, id, consoleEvents(2, 10));
    await second.until((r) => r.data.length === 7);
    expect([...seqs(first), ...seqs(second)]).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('sends keepalive comments when idle', async () => {
    const reader = await open();
    await reader.until(
      (r) => r.frames.filter((frame) => frame.comment !== undefined).length >= 2,
      3_000,
    );
    expect(reader.data).toEqual([]);
  });

  it('serves many concurrent readers the same sequence', async () => {
    const many = await Promise.all(Array.from({ length: 8 }, () => open('?replay=all')));
    await publish(h, id, consoleEvents(10));
    for (const reader of many) {
      await reader.until((r) => r.data.length === 10);
      expect(seqs(reader)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => n));
    }
  });

  it('sends an event over 1 MB with data null and truncated true', async () => {
    const reader = await open('?replay=all');
    await publish(h, id, {
      type: 'console_log',
      category: 'console',
      data: { text: 'x'.repeat(1_200_000) },
    });
    await reader.until((r) => r.data.length === 1);
    const [envelope] = reader.json<TelemetryEnvelope>();
    expect(envelope?.event.truncated).toBe(true);
    expect(envelope?.event.data).toBeNull();
    expect(envelope?.event.type).toBe('console_log');
  });

  it('closes open streams when the session ends, and then answers 404', async () => {
    const reader = await open();
    expect((await h.call(`/browsers/${id}`, { method: 'DELETE' })).status).toBe(204);
    await reader.until((r) => r.closed);
    const after = await h.call(`/browsers/${id}/telemetry/stream`);
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ code: 'not_found' });
  });

  it('publishes an api_call event for each API call when control is captured', async () => {
    const controlled = await createSession(h, { telemetry: { enabled: true } });
    const reader = await SseReader.open(`${h.api}/browsers/${controlled}/telemetry/stream`, auth);
    readers.push(reader);
    await h.call(`/browsers/${controlled}/computer/clipboard/write`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    });
    await reader.until((r) =>
      r.json<TelemetryEnvelope>().some((e) => e.event.data?.operation_id === 'writeClipboard'),
    );
    const call = reader
      .json<TelemetryEnvelope>()
      .find((e) => e.event.data?.operation_id === 'writeClipboard');
    expect(call?.event).toMatchObject({
      type: 'api_call',
      category: 'control',
      data: { status: 200 },
    });
    expect(typeof call?.event.data?.duration_ms).toBe('number');
    // a session without capture publishes none
    const quiet = await open('?replay=all');
    await h.call(`/browsers/${id}/computer/clipboard/read`, { method: 'POST' });
    await publish(h, id, consoleEvents(1));
    await quiet.until((r) => r.data.length === 1);
    expect(quiet.json<TelemetryEnvelope>()[0]?.event.type).toBe('console_log');
  });

  it('keeps serving a fast reader while a slow one does not read', async () => {
    const big = { type: 'console_log', category: 'console', data: { text: 'y'.repeat(64 * 1024) } };
    const stalledResponse = await fetch(`${h.api}/browsers/${id}/telemetry/stream`, {
      headers: auth,
    });
    expect(stalledResponse.status).toBe(200); // never read from: its socket fills up
    const fast = await open();
    for (let round = 0; round < 10; round += 1)
      await publish(
        h,
        id,
        Array.from({ length: 10 }, () => big),
      );
    await fast.until((r) => r.data.length === 100, 10_000);
    expect(seqs(fast)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    await stalledResponse.body?.cancel();
  });

  it('validates published events with a detail per problem', async () => {
    const response = await h.call(`/browsers/${id}/telemetry/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([
        { type: 'ok', category: 'console' },
        { category: 'console' },
        { type: 'x', category: 'y', ts: 'soon' },
      ]),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; details: { message: string }[] };
    expect(body.code).toBe('bad_request');
    expect(body.details.map((d) => d.message)).toEqual([
      'events[1]: type is required (non-empty string)',
      'events[2]: ts must be a non-negative integer (Unix microseconds)',
    ]);
  });

  it('restarting the event process starts seq again at 1', async () => {
    await publish(h, id, consoleEvents(3));
    const reader = await open('?replay=all');
    await reader.until((r) => r.data.length === 3);
    h.reference.getSession(id)?.ring.restart();
    await reader.until((r) => r.closed);
    expect(await publish(h, id, consoleEvents(1))).toEqual([1]);
  });
});
