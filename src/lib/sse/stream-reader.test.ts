import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './fake-sse-server';
import { startAttempt } from './library-reader';
import { openSseStream, type SseStream } from './sse-stream';
import { READ_BYTES, startStreamRead } from './stream-reader';

// The stream worker's reader must end attempts exactly as the SSE library path does: the same
// statuses, reasons and failures for the same responses.

function open(harness: Harness, read: typeof startAttempt): SseStream {
  return openSseStream({
    url: 'https://console.test/api/browsers/b1/logs/stream',
    getHeaders: () => ({ Authorization: 'Bearer t', 'Last-Event-ID': '9' }),
    onMessage: harness.onMessage,
    onStatus: harness.onStatus,
    onServerClose: () => 'end',
    fetch: harness.fetch,
    backoff: { initialMs: 0, jitter: 'none' },
    startAttempt: read,
  });
}

async function outcome(
  read: typeof startAttempt,
  prepare: (harness: Harness) => void,
  until: Parameters<Harness['untilStatus']>[0],
) {
  const harness = createHarness();
  prepare(harness);
  const stream = open(harness, read);
  await harness.untilStatus(until);
  stream.close();
  const { headers } = harness.connection(0);
  return {
    statuses: harness.statuses.map((status) =>
      'since' in status ? { ...status, since: 0, retryAt: 0 } : status,
    ),
    messages: harness.messages,
    accept: headers.get('accept'),
    authorization: headers.get('authorization'),
    lastEventId: headers.get('last-event-id'),
  };
}

const cases: [string, (harness: Harness) => void, Parameters<Harness['untilStatus']>[0]][] = [
  [
    'a 401 with an Error body',
    (h) =>
      h.replies.push({
        kind: 'body',
        status: 401,
        body: '{"code":"unauthorized","message":"bad token"}',
        headers: { 'content-type': 'application/json' },
      }),
    'failed',
  ],
  [
    'a plain-text 400',
    (h) => h.replies.push({ kind: 'body', status: 400, body: 'nope' }),
    'failed',
  ],
  [
    'a 429 with Retry-After',
    (h) =>
      h.replies.push({
        kind: 'body',
        status: 429,
        body: '',
        headers: { 'retry-after': '3' },
      }),
    'retrying',
  ],
  [
    'a 200 page instead of a stream',
    (h) =>
      h.replies.push({
        kind: 'body',
        status: 200,
        body: '<title>Login</title>',
        headers: { 'content-type': 'text/html' },
      }),
    'failed',
  ],
  [
    'a network error',
    (h) => h.replies.push({ kind: 'network-error', message: 'connection refused' }),
    'retrying',
  ],
];

describe('startStreamRead', () => {
  it.each(cases)('ends on %s as the SSE library path does', async (_name, prepare, until) => {
    const ours = await outcome(startStreamRead, prepare, until);
    const library = await outcome(startAttempt, prepare, until);
    expect(ours).toEqual(library);
    expect(ours.accept).toBe('text/event-stream');
    expect(ours.authorization).toBe('Bearer t');
    expect(ours.lastEventId).toBe('9');
  });

  it('delivers nothing after abort, even the rest of a chunk being parsed', async () => {
    const harness = createHarness();
    const stream: SseStream = openSseStream({
      url: 'https://console.test/api/s',
      getHeaders: () => ({}),
      onMessage: (message) => {
        harness.onMessage(message);
        stream.close();
      },
      onStatus: harness.onStatus,
      fetch: harness.fetch,
      startAttempt: startStreamRead,
    });
    await harness.untilStatus('live');
    harness.connection(0).send('data: one\n\ndata: two\n\ndata: three\n\n');
    await harness.until(() => harness.messages.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.messages.map((message) => message.data)).toEqual(['one']);
    expect(harness.connection(0).signal?.aborted).toBe(true);
  });

  it('ends a clean close as server-closed, dropping an unfinished frame', async () => {
    const harness = createHarness();
    const stream = open(harness, startStreamRead);
    await harness.untilStatus('live');
    harness.connection(0).send('data: whole\n\ndata: cut');
    harness.connection(0).end();
    await harness.untilStatus('ended');
    stream.close();
    expect(harness.messages.map((message) => message.data)).toEqual(['whole']);
    expect(harness.statuses.at(-1)).toEqual({
      kind: 'ended',
      reason: 'the server closed the stream',
    });
  });
});

/** Reads one attempt to its end: the messages' data and the sizes `onBytes` was told. */
async function readAll(
  body: ReadableStream<Uint8Array>,
): Promise<{ data: string[]; sizes: number[] }> {
  const data: string[] = [];
  const sizes: number[] = [];
  await new Promise<void>((resolve) => {
    startStreamRead(
      {
        url: 'https://console.test/api/s',
        headers: {},
        fetch: () =>
          Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
        now: Date.now,
        onBytes: (size) => sizes.push(size),
      },
      { onOpen: () => undefined, onMessage: (m) => data.push(m.data), onEnd: () => resolve() },
    );
  });
  return { data, sizes };
}

/** Frames of about a megabyte, a three-byte character cut by the end of the first READ_BYTES. */
function framesAcrossAPiece(): { bytes: Uint8Array; lines: string[] } {
  const frame = (line: string): string => `data: ${line}\n\n`;
  const lines: string[] = [];
  let size = 0;
  const more = (until: number): void => {
    while (size < until) {
      const line = `line ${lines.length} ${'x'.repeat(90)}`;
      lines.push(line);
      size += frame(line).length;
    }
  };
  more(READ_BYTES - 200);
  // everything before is ASCII: the euro sign's first byte is the piece's last
  const line = `${'y'.repeat(READ_BYTES - 1 - size - 'data: '.length)}€ after the cut`;
  lines.push(line);
  size += new TextEncoder().encode(frame(line)).length;
  more(4 * READ_BYTES);
  return { bytes: new TextEncoder().encode(lines.map(frame).join('')), lines };
}

describe('reading a body', () => {
  it('reads a byte stream in pieces of READ_BYTES at most, however much has come', async () => {
    const { bytes, lines } = framesAcrossAPiece();
    expect(bytes[READ_BYTES - 1]).toBe(0xe2); // the euro sign's first byte
    const body = new ReadableStream({
      type: 'bytes',
      start(controller) {
        controller.enqueue(bytes.slice()); // the whole body in one chunk, as a reader behind gets it
        controller.close();
      },
    });
    const { data, sizes } = await readAll(body);
    expect(data).toEqual(lines);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(READ_BYTES);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(bytes.length);
  });

  it('reads a stream of chunks (the relay’s bodies) as the chunks come', async () => {
    const encoder = new TextEncoder();
    const chunks = ['data: one\n\n: keepalive\n\n', 'data: t', 'wo\n\n', ':\n\n'].map((part) =>
      encoder.encode(part),
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const { data, sizes } = await readAll(body);
    expect(data).toEqual(['one', 'two']);
    // comments count too: the watchdog's sign of life
    expect(sizes).toEqual(chunks.map((chunk) => chunk.length));
  });

  it('cancels a body when aborted, though its fetch ignores the signal', async () => {
    let cancelled = false;
    const body = new ReadableStream({
      type: 'bytes',
      cancel() {
        cancelled = true;
      },
    });
    const ended: string[] = [];
    let opened = (): void => undefined;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const attempt = startStreamRead(
      {
        url: 'https://console.test/api/s',
        headers: {},
        fetch: () =>
          Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
        now: Date.now,
      },
      { onOpen: () => opened(), onMessage: () => undefined, onEnd: (end) => ended.push(end.kind) },
    );
    await open;
    await new Promise((resolve) => setTimeout(resolve, 0));
    attempt.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toBe(true);
    expect(ended).toEqual([]);
  });
});

describe('the bytes of a message', () => {
  /** Reads chunks as they come; each message with its data's bytes as the reader handed them. */
  async function messagesOf(
    chunks: Uint8Array[],
    keepBytes = true,
  ): Promise<{ data: string; bytes?: string }[]> {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const messages: { data: string; bytes?: string }[] = [];
    await new Promise<void>((resolve) => {
      startStreamRead(
        {
          url: 'https://console.test/api/s',
          headers: {},
          fetch: () =>
            Promise.resolve(
              new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
            ),
          now: Date.now,
          bytes: keepBytes,
        },
        {
          onOpen: () => undefined,
          onMessage: ({ data, bytes, bytesStart, bytesEnd }) => {
            // read now: the buffer is the reader's to reuse
            if (!bytes) messages.push({ data });
            else
              messages.push({
                data,
                bytes: new TextDecoder().decode(bytes.subarray(bytesStart, bytesEnd)),
              });
          },
          onEnd: () => resolve(),
        },
      );
    });
    return messages;
  }

  const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

  it('says where a one-line data lies in an ASCII piece, and not for data it did not see whole', async () => {
    const messages = await messagesOf([
      encode('id: 1\ndata: {"a":1}\n\ndata: {"b":'),
      encode('2}\n\ndata: one\ndata: two\n\ndata: {"c":3}\n'),
      encode('\ndata: {"d":4}\n\n'),
    ]);
    expect(messages).toEqual([
      { data: '{"a":1}', bytes: '{"a":1}' },
      // cut across two reads
      { data: '{"b":2}' },
      // two lines
      { data: 'one\ntwo' },
      // its blank line came in the next read, whose buffer the line's bytes are no longer in
      { data: '{"c":3}' },
      { data: '{"d":4}', bytes: '{"d":4}' },
    ]);
  });

  it('says nothing of bytes to a reader that did not ask', async () => {
    const messages = await messagesOf([new TextEncoder().encode('data: {"a":1}\n\n')], false);
    expect(messages).toEqual([{ data: '{"a":1}' }]);
  });

  it('hands no bytes over for a piece whose characters are not one byte each', async () => {
    const messages = await messagesOf([
      encode('data: {"a":"€"}\n\ndata: {"b":2}\n\n'),
      encode('data: {"c":3}\n\n'),
    ]);
    expect(messages).toEqual([
      { data: '{"a":"€"}' },
      { data: '{"b":2}' },
      { data: '{"c":3}', bytes: '{"c":3}' },
    ]);
  });

  it('does not line a piece up with its bytes after a piece that ended inside a character', async () => {
    // 😀 is F0 9F 98 80: its last byte opens the second piece and gives two UTF-16 units, while
    // the piece's own last byte (the first of €) is held back, so text and bytes are as long
    const emoji = encode('😀');
    const euro = encode('€');
    const first = new Uint8Array([...encode('data: x'), ...emoji.subarray(0, 3)]);
    const second = new Uint8Array([
      ...emoji.subarray(3),
      ...encode('\n\ndata: {"k":1}\n\ndata: y'),
      ...euro.subarray(0, 1),
    ]);
    const decoder = new TextDecoder();
    decoder.decode(first, { stream: true });
    expect(decoder.decode(second, { stream: true }).length).toBe(second.byteLength);
    const third = new Uint8Array([...euro.subarray(1), ...encode('\n\ndata: {"z":2}\n\n')]);
    const messages = await messagesOf([first, second, third]);
    expect(messages).toEqual([
      { data: 'x😀' },
      { data: '{"k":1}' },
      { data: 'y€' },
      { data: '{"z":2}' },
    ]);
  });
});
