import { beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './fake-sse-server';
import { openSseStream, type SseStream } from './sse-stream';
import type { SseMessage } from './attempt';
import { startAttempt } from './library-reader';
import { startStreamRead } from './stream-reader';

// End-to-end framing: bytes written into a real ReadableStream body, parsed by the SSE library (the
// page) or by createSseParser (the stream worker), delivered through openSseStream. Proves both
// readers do their part as we rely on it, identically.

let reader: typeof startAttempt = startAttempt;

const encoder = new TextEncoder();

function open(harness: Harness): SseStream {
  return openSseStream({
    url: 'https://console.test/api/browsers/b1/telemetry/stream',
    getHeaders: () => ({ Authorization: 'Bearer t' }),
    onMessage: harness.onMessage,
    onStatus: harness.onStatus,
    onServerClose: () => 'end',
    fetch: harness.fetch,
    backoff: { initialMs: 0 },
    startAttempt: reader,
  });
}

/** Serves `chunks` on one connection, ends it, and returns what the stream delivered. */
async function deliver(chunks: readonly (string | Uint8Array)[]): Promise<SseMessage[]> {
  const harness = createHarness();
  const stream = open(harness);
  await harness.untilConnections(1);
  const connection = harness.connection(0);
  for (const chunk of chunks) connection.send(chunk);
  connection.end();
  await harness.untilStatus('ended');
  stream.close();
  return harness.messages;
}

const msg = (data: string, id = '', event = ''): SseMessage => ({ id, event, data });

const SAMPLE =
  'data: {"seq":1}\n\n' +
  ': keepalive comment\n\n' +
  'id: 41\ndata: first line\ndata: second line é 🚀\n\n' +
  'event: custom\r\nid: 42\r\ndata: crlf\r\n\r\n' +
  'data: cr only\rid: 43\r\r' +
  ':\n\n' +
  'data:no-space\n\n' +
  'data:  two spaces\n\n';

const SAMPLE_MESSAGES = [
  msg('{"seq":1}'),
  msg('first line\nsecond line é 🚀', '41'),
  msg('crlf', '42', 'custom'),
  msg('cr only', '43'),
  msg('no-space'),
  msg(' two spaces'),
];

describe.each([
  ['the SSE library', startAttempt],
  ['the stream reader', startStreamRead],
])('SSE framing through openSseStream, read by %s', (_name, read) => {
  beforeEach(() => {
    reader = read;
  });

  it('parses a sample of frames delivered in one chunk', async () => {
    expect(await deliver([SAMPLE])).toEqual(SAMPLE_MESSAGES);
  });

  it('gives identical messages whatever byte the stream is split at', async () => {
    const bytes = encoder.encode(SAMPLE);
    const wrong: number[] = [];
    for (let at = 1; at < bytes.length; at += 1) {
      const messages = await deliver([bytes.slice(0, at), bytes.slice(at)]);
      if (JSON.stringify(messages) !== JSON.stringify(SAMPLE_MESSAGES)) wrong.push(at);
    }
    expect(wrong).toEqual([]);
  });

  it('copes with every byte arriving as its own chunk', async () => {
    const bytes = encoder.encode(SAMPLE);
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.slice(i, i + 1));
    expect(await deliver(chunks)).toEqual(SAMPLE_MESSAGES);
  });

  it('handles CRLF-only and CR-only streams', async () => {
    const crlf = 'id: 1\r\ndata: a\r\ndata: b\r\n\r\n:\r\n\r\ndata: c\r\n\r\n';
    expect(await deliver([crlf])).toEqual([msg('a\nb', '1'), msg('c')]);
    const cr = 'id: 1\rdata: a\rdata: b\r\r:\r\rdata: c\r\r';
    expect(await deliver([cr])).toEqual([msg('a\nb', '1'), msg('c')]);
  });

  it('delivers nothing for comment frames and id-only frames', async () => {
    const frames = [':\n\n', ': keepalive\n\n', 'id: 7\n\n', 'data: real\n\n', ':\n\n'];
    expect(await deliver(frames)).toEqual([msg('real')]);
  });

  it('reports each frame its own id, "" when it has none', async () => {
    const frames =
      'id: 1\ndata: {"seq":1}\n\ndata: no id\n\nid: 1000000\ndata: {"seq":1000000}\n\n';
    expect((await deliver([frames])).map((m) => m.id)).toEqual(['1', '', '1000000']);
  });

  it('reassembles a 5 MB frame arriving in many chunks', async () => {
    const payload = '0123456789abcdef'.repeat((5 * 1024 * 1024) / 16);
    const bytes = encoder.encode(`data: before\n\ndata: ${payload}\n\ndata: after\n\n`);
    const chunkSize = 64 * 1024;
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += chunkSize)
      chunks.push(bytes.subarray(at, at + chunkSize));
    expect(chunks.length).toBeGreaterThan(80);
    const messages = await deliver(chunks);
    expect(messages.map((m) => m.data.length)).toEqual([6, payload.length, 5]);
    expect(messages[1]?.data === payload).toBe(true);
  });

  it('drops a frame cut off by an error and does not glue it to the next connection', async () => {
    const harness = createHarness();
    const stream = openSseStream({
      url: 'https://console.test/api/stream',
      getHeaders: () => ({}),
      onMessage: harness.onMessage,
      onStatus: harness.onStatus,
      fetch: harness.fetch,
      backoff: { initialMs: 0 },
      startAttempt: reader,
    });
    await harness.untilConnections(1);
    harness.connection(0).send('data: complete\n\ndata: partial');
    await harness.until(() => harness.messages.length === 1);
    harness.connection(0).fail(new Error('connection reset'));
    await harness.untilStatus('retrying');
    expect(harness.statuses.at(-1)).toMatchObject({ kind: 'retrying', reason: 'connection reset' });
    await harness.untilConnections(2);
    harness.connection(1).send('\n\ndata: next\n\n');
    await harness.until(() => harness.messages.length === 2);
    stream.close();
    expect(harness.messages).toEqual([msg('complete'), msg('next')]);
  });
});
