import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, TelemetryEnvelope } from '../../../src/types/api.ts';
import {
  createSession,
  startReference,
  type ReferenceHarness,
} from '../../testing/reference-harness.ts';

interface Frame {
  id?: string;
  data?: string;
  comment?: string;
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1);
    else if (line.startsWith('id: ')) frame.id = line.slice(4);
    else if (line.startsWith('data: ')) frame.data = line.slice(6);
  }
  return frame;
}

/** A lean SSE reader for big streams: reads only when asked, so a test can stop reading. */
class FrameReader {
  readonly frames: Frame[] = [];
  dataFrames = 0;
  comments = 0;
  ended = false;
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(readonly response: Response) {
    this.reader = response.body!.getReader();
  }

  /** Reads until `done` holds or the stream ends; frames kept unless `keep` is false. */
  async until(done: (reader: FrameReader) => boolean, keep = true): Promise<void> {
    while (!done(this) && !this.ended) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await this.reader.read();
      } catch {
        this.ended = true;
        break;
      }
      if (chunk.done) {
        this.ended = true;
        break;
      }
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      const parts = this.buffer.split('\n\n');
      this.buffer = parts.pop() ?? '';
      for (const part of parts) {
        const frame = parseFrame(part);
        if (frame.data !== undefined) this.dataFrames += 1;
        if (frame.comment !== undefined) this.comments += 1;
        if (keep || frame.data === undefined) this.frames.push(frame);
      }
    }
  }

  get data(): string[] {
    return this.frames.flatMap((frame) => (frame.data === undefined ? [] : [frame.data]));
  }

  /** Bytes received but not yet a whole frame. */
  get partial(): string {
    return this.buffer;
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** What the server wrote on one stream response, seen from a hook in front of the handler. */
interface WriteWatch {
  res: ServerResponse;
  bytes: number;
  maxBuffered: number;
}

/** Watches every stream response the harness serves from now on. */
function watchStreams(h: ReferenceHarness): WriteWatch[] {
  const watches: WriteWatch[] = [];
  h.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.includes('/stream')) return;
    const watch: WriteWatch = { res, bytes: 0, maxBuffered: 0 };
    watches.push(watch);
    const write = res.write.bind(res) as (chunk: string | Uint8Array) => boolean;
    res.write = ((chunk: string | Uint8Array) => {
      const ok = write(chunk);
      watch.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      watch.maxBuffered = Math.max(watch.maxBuffered, res.writableLength);
      return ok;
    }) as typeof res.write;
  });
  return watches;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once `value()` has not changed for `quietMs`. */
async function settled(value: () => number, quietMs = 150, timeoutMs = 5_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = value();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`still changing: ${value()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = value();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
  return last;
}

const LOG_PATH = '/logs/stream?source=path&path=/var/log/missing.log';
const LEVEL = /\b(TRACE|DEBUG|INFO|WARN|ERROR)\b|"level":"(trace|debug|info|warn|error)"/;
/** The text of a line without its ANSI colour escapes (`ESC[…m`). */
function withoutColours(text: string): string {
  return text
    .split('\u001b')
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');
}

const RFC3339_NANO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/;

describe('firehose', () => {
  let h: ReferenceHarness;
  let id: string;
  const open: FrameReader[] = [];

  const arm = (body: unknown): Promise<Response> =>
    h.call(`/browsers/${id}/firehose`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const armed = async (body: unknown): Promise<{ logs: number; telemetry: number }> => {
    const response = await arm(body);
    expect(response.status).toBe(200);
    return ((await response.json()) as { armed: { logs: number; telemetry: number } }).armed;
  };
  const stream = async (path: string, headers: Record<string, string> = {}) => {
    const response = await h.call(`/browsers/${id}${path}`, { headers });
    expect(response.status).toBe(200);
    const reader = new FrameReader(response);
    open.push(reader);
    return reader;
  };
  const publish = async (count: number): Promise<void> => {
    const events = Array.from({ length: count }, (_, i) => ({
      type: 'console_log',
      category: 'console',
      data: { level: 'log', text: `real ${i}` },
    }));
    const response = await h.call(`/browsers/${id}/telemetry/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(events),
    });
    expect(response.status).toBe(200);
  };

  beforeEach(async () => {
    h = await startReference({ firehose: true, keepaliveMs: 200 });
    // no telemetry category: the session's own api_call events stay out of the seqs
    id = await createSession(h, {});
  });
  afterEach(async () => {
    for (const reader of open.splice(0)) await reader.cancel();
    await h.close();
  });

  it('is not there without REFERENCE_FIREHOSE=1', async () => {
    const plain = await startReference({});
    try {
      const session = await createSession(plain, {});
      const response = await plain.call(`/browsers/${session}/firehose`, {
        method: 'POST',
        body: JSON.stringify({ stream: 'logs', count: 10 }),
      });
      expect(response.status).toBe(404);
      expect(((await response.json()) as ApiErrorBody).code).toBe('not_found');
    } finally {
      await plain.close();
    }
  });

  it('rejects what it does not understand with a JSON Error body saying why', async () => {
    const cases: [unknown, RegExp][] = [
      ['{"stream":', /not valid JSON/],
      ['', /body must be \{"stream"/],
      ['[1]', /body must be \{"stream"/],
      [{}, /stream must be "logs" or "telemetry"[^]*count must be an integer from 1 to 100000000/],
      [{ count: 10 }, /stream must be "logs" or "telemetry"/],
      [{ stream: 'video', count: 10 }, /stream must be "logs" or "telemetry"/],
      [{ stream: 'logs' }, /count must be an integer from 1 to 100000000/],
      [{ stream: 'logs', count: 0 }, /count must be an integer/],
      [{ stream: 'logs', count: -5 }, /count must be an integer/],
      [{ stream: 'logs', count: 2.5 }, /count must be an integer/],
      [{ stream: 'logs', count: '10' }, /count must be an integer/],
      [{ stream: 'telemetry', count: 100_000_001 }, /count must be an integer/],
      [{ stream: 'logs', count: 10, frame_bytes: 100 }, /unknown field "frame_bytes"/],
    ];
    for (const [body, message] of cases) {
      const response = await arm(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const error = (await response.json()) as ApiErrorBody;
      expect(error.code).toBe('bad_request');
      const said = [error.message, ...(error.details ?? []).map((detail) => detail.message)];
      expect(said.join('\n'), JSON.stringify(body)).toMatch(message);
    }
    const response = await arm({ stream: 'logs', count: 1.5 });
    expect(((await response.json()) as ApiErrorBody).details).toEqual([
      { code: 'invalid_input', message: 'count must be an integer from 1 to 100000000' },
    ]);
    // nothing was armed by all that
    expect(await armed({ stream: 'telemetry', count: 1 })).toEqual({ logs: 0, telemetry: 1 });
  });

  it('pours N log frames as the log stream shapes them, then only keepalives', async () => {
    const count = 50_000;
    expect(await armed({ stream: 'logs', count })).toEqual({ logs: count, telemetry: 0 });
    const reader = await stream(LOG_PATH);
    expect(reader.response.headers.get('content-type')).toBe('text/event-stream');
    expect(reader.response.headers.get('x-sse-content-type')).toBe('application/json');
    await reader.until((r) => r.dataFrames >= count && r.comments >= 2);
    expect(reader.ended).toBe(false);
    expect(reader.dataFrames).toBe(count);
    // the keepalives come after the last frame
    expect(reader.frames.findIndex((frame) => frame.comment !== undefined)).toBe(count);

    const levels = new Map<string, number>();
    let coloured = 0;
    let json = 0;
    reader.data.forEach((text, i) => {
      // plain checks: 50,000 expect() calls would be most of the test's time
      const frame = JSON.parse(text) as { event: string; timestamp: string; message: string };
      if (
        Object.keys(frame).join() !== 'event,timestamp,message' ||
        frame.event !== 'log' ||
        !RFC3339_NANO.test(frame.timestamp) ||
        Number.isNaN(Date.parse(frame.timestamp)) ||
        typeof frame.message !== 'string'
      )
        throw new Error(`frame ${i}: ${text}`);
      const bytes = Buffer.byteLength(frame.message);
      if (bytes < 80 || bytes > 200) throw new Error(`${bytes} bytes: ${frame.message}`);
      if (!frame.message.endsWith(` #${i + 1}`)) throw new Error(`frame ${i}: ${frame.message}`);
      const match = LEVEL.exec(withoutColours(frame.message));
      if (!match) throw new Error(`no level: ${frame.message}`);
      const level = (match[1] ?? match[2] ?? '').toUpperCase();
      levels.set(level, (levels.get(level) ?? 0) + 1);
      if (frame.message.includes('\u001b[')) coloured += 1;
      if (frame.message.startsWith('{"level"')) json += 1;
    });
    expect([...levels.keys()].sort()).toEqual(['DEBUG', 'ERROR', 'INFO', 'TRACE', 'WARN']);
    const info = levels.get('INFO') ?? 0;
    for (const [level, n] of levels) if (level !== 'INFO') expect(n).toBeLessThan(info);
    expect(coloured / count).toBeGreaterThan(0.05);
    expect(coloured / count).toBeLessThan(0.2);
    expect(json).toBeGreaterThan(0);
  });

  it('pours N telemetry events with consecutive seqs from where the stream would start', async () => {
    await publish(3);
    const count = 50_000;
    expect(await armed({ stream: 'telemetry', count })).toEqual({ logs: 0, telemetry: count });
    const reader = await stream('/telemetry/stream');
    expect(reader.response.headers.get('content-type')).toBe('text/event-stream');
    await reader.until((r) => r.dataFrames >= count && r.comments >= 1);
    expect(reader.ended).toBe(false);
    expect(reader.dataFrames).toBe(count);

    const categories = new Map<string, number>();
    const types = new Set<string>();
    let lastTs = 0;
    let errors = 0;
    reader.frames.slice(0, count).forEach((frame, i) => {
      const envelope = JSON.parse(frame.data ?? '') as TelemetryEnvelope;
      // the ring's next seq is 4 (three events were published)
      if (envelope.seq !== 4 + i || frame.id !== String(envelope.seq))
        throw new Error(`frame ${i}: id ${frame.id}, seq ${envelope.seq}`);
      const { event } = envelope;
      if (!Number.isSafeInteger(event.ts) || event.ts < lastTs || event.source.kind !== 'cdp')
        throw new Error(`frame ${i}: ${frame.data}`);
      lastTs = event.ts;
      categories.set(event.category, (categories.get(event.category) ?? 0) + 1);
      types.add(event.type);
      if (event.type === 'console_error') {
        errors += 1;
        const stack = event.data?.stack_trace as { callFrames: { url: string }[] } | undefined;
        if (!stack || stack.callFrames.length < 3 || typeof stack.callFrames[0]?.url !== 'string')
          throw new Error(`console_error without a stack: ${frame.data}`);
      }
      if (event.type === 'network_response' && typeof event.data?.status !== 'number')
        throw new Error(`network_response without a status: ${frame.data}`);
    });
    // ts is Unix microseconds, close to now
    expect(Math.abs(lastTs / 1000 - Date.now())).toBeLessThan(60_000);
    expect([...categories.keys()].sort()).toEqual(['console', 'network', 'page']);
    for (const type of [
      'console_log',
      'console_error',
      'network_request',
      'network_response',
      'page_navigation',
      'page_load',
    ])
      expect(types).toContain(type);
    expect(errors).toBeGreaterThan(count / 50);

    // resuming: after Last-Event-ID, as the normal stream would
    await armed({ stream: 'telemetry', count: 5 });
    const resumed = await stream('/telemetry/stream', { 'Last-Event-ID': '1000' });
    await resumed.until((r) => r.dataFrames >= 5);
    expect(resumed.frames.filter((frame) => frame.data).map((frame) => frame.id)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
    ]);
  });

  it('answers only the next stream request; a second call replaces the count', async () => {
    expect(await armed({ stream: 'logs', count: 1000 })).toEqual({ logs: 1000, telemetry: 0 });
    expect(await armed({ stream: 'logs', count: 7 })).toEqual({ logs: 7, telemetry: 0 });
    expect(await armed({ stream: 'telemetry', count: 4 })).toEqual({ logs: 7, telemetry: 4 });

    // an invalid stream request is still refused, and leaves the firehose armed
    const bad = await h.call(`/browsers/${id}/logs/stream?source=nowhere`);
    expect(bad.status).toBe(400);
    const logs = await stream(LOG_PATH);
    await logs.until((r) => r.comments >= 1);
    expect(logs.dataFrames).toBe(7);
    const normal = await stream(LOG_PATH);
    await normal.until(() => false);
    expect(normal.ended).toBe(true);
    expect(normal.data.map((text) => (JSON.parse(text) as { message: string }).message)).toEqual([
      'failed to open log path: open /var/log/missing.log: no such file or directory',
    ]);

    await publish(2);
    const telemetry = await stream('/telemetry/stream?replay=all');
    await telemetry.until((r) => r.dataFrames >= 4);
    expect(telemetry.frames.filter((frame) => frame.data).map((frame) => frame.id)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    const real = await stream('/telemetry/stream?replay=all');
    await real.until((r) => r.dataFrames >= 2);
    expect(real.data.map((text) => (JSON.parse(text) as TelemetryEnvelope).event.type)).toEqual([
      'console_log',
      'console_log',
    ]);
    expect(await armed({ stream: 'logs', count: 1 })).toEqual({ logs: 1, telemetry: 0 });
  });

  it('waits for a slow reader instead of buffering, and loses nothing', async () => {
    const watches = watchStreams(h);
    const count = 300_000; // about 57 MB
    await armed({ stream: 'logs', count });
    const reader = await stream(LOG_PATH);
    await reader.until((r) => r.dataFrames >= 1000);
    // the client stops reading: the server stops writing once the socket buffers are full
    await until(() => watches.length === 1);
    const watch = watches[0]!;
    const stalledAt = await settled(() => watch.bytes);
    expect(stalledAt).toBeLessThan(28_000_000);
    expect(watch.maxBuffered).toBeLessThan(1024 * 1024);

    let next = 1;
    let bad = '';
    const check = (): boolean => {
      for (const frame of reader.frames.splice(0)) {
        if (frame.data === undefined) continue;
        const message = (JSON.parse(frame.data) as { message: string }).message;
        if (!message.endsWith(` #${next}`)) bad ||= `expected #${next}: ${message}`;
        next += 1;
      }
      return next > count || bad !== '';
    };
    await reader.until(check);
    expect(bad).toBe('');
    expect(next - 1).toBe(count);
    expect(watch.maxBuffered).toBeLessThan(1024 * 1024);
  });

  it('stops when the session ends or the client goes away', async () => {
    const watches = watchStreams(h);
    await armed({ stream: 'logs', count: 100_000_000 });
    const reader = await stream(LOG_PATH);
    await reader.until((r) => r.dataFrames >= 20_000, false);
    const deleted = await h.call(`/browsers/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    await reader.until(() => false, false);
    expect(reader.ended).toBe(true);
    expect(reader.partial).toBe('');
    expect(reader.dataFrames).toBeLessThan(10_000_000);
    const watch = watches[0]!;
    expect(watch.res.writableEnded).toBe(true);
    const total = watch.bytes;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watch.bytes).toBe(total);

    // a client that goes away: the response closes and writing stops at once
    id = await createSession(h, {});
    await armed({ stream: 'telemetry', count: 100_000_000 });
    const gone = await stream('/telemetry/stream');
    await gone.until((r) => r.dataFrames >= 5_000, false);
    await gone.cancel();
    const watch2 = watches[1]!;
    await until(() => watch2.res.destroyed);
    const written = await settled(() => watch2.bytes);
    expect(written).toBeLessThan(100_000_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watch2.bytes).toBe(written);
  });
});
