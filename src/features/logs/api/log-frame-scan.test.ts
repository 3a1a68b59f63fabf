import { describe, expect, it } from 'vitest';
import { ByteStaging } from '../../../lib/sse/byte-staging';
import { logDecoder } from './log-decoder';
import { scanLogFrame } from './log-frame-scan';

const utf8 = new TextEncoder();
const TIME = '2026-11-24T10:00:05.123456789Z';

const frameOf = (message: string, timestamp = TIME): string =>
  `data: ${JSON.stringify({ event: 'log', timestamp, message })}\n\n`;

/** The line the page makes of the frame read as bytes, or undefined when the scanner declined it. */
function scanned(frame: string, offset = 0) {
  const bytes = utf8.encode(frame);
  // the frame at `offset` bytes into its buffer, after other bytes, with bytes after it
  const buffer = new Uint8Array(offset + bytes.length + 8);
  buffer.fill(0x22);
  buffer.set(bytes, offset);
  const staging = new ByteStaging();
  const at = { end: -1 };
  const wire = scanLogFrame(buffer, offset, offset + bytes.length, 99, staging, at);
  if (wire === undefined) return undefined;
  expect(at.end - offset, frame).toBe(bytes.length);
  return logDecoder.unpack(logDecoder.pack([wire], staging).packed).at(0);
}

/** The same frame parsed as text and decoded with JSON.parse. */
function parsed(frame: string) {
  const data = frame.slice('data: '.length, -2);
  const wire = logDecoder.decode({ id: '', event: '', data }, 99);
  return logDecoder.unpack(logDecoder.pack([wire]).packed).at(0);
}

const READ_AS_BYTES = [
  '2026-11-24T10:00:01.250Z INFO  [worker-1] GET /api/items/42 200 12ms #1',
  '',
  'x',
  'a "quoted" word, a back\\slash, a /slash/ and \t tab',
  'new\nline, carriage\rreturn, \b and \f',
  '\x1b[31m2026-11-24T10:00:02Z ERROR\x1b[0m [db-pool] deadlock detected',
  '{"level":"warn","ts":"2026-11-24T10:00:03Z","msg":"slow request"}',
  'E1124 10:00:02.500000 1 main.go:9] failed',
  'user "Zoë Müller" signed in',
  '\x1b[33mWARN\x1b[0m Miyu 佐藤 said "\\o/"',
  'order 123 placed → fulfilment queue',
  'Miyu 佐藤 😀',
  '\uFEFFa message that starts with what a byte-order mark is',
  '\u0000 and \u007f and \u001f',
  '<a href="x">&amp;</a>',
  ' '.repeat(300) + 'WARN spaced',
];

describe('scanLogFrame', () => {
  it('reads a frame as JSON.parse does, at any place in its buffer', () => {
    let read = 0;
    for (const message of READ_AS_BYTES) {
      // times of the same length as the one before, differing at either end, are read afresh
      for (const timestamp of [
        TIME,
        '2026-11-24T10:00:05.124456789Z',
        '1026-11-24T10:00:05.124456789Z',
        '2026-11-24T12:00:05+02:00',
        'yesterday',
        '',
      ]) {
        const frame = frameOf(message, timestamp);
        for (let offset = 0; offset < 8; offset += 1) {
          const line = scanned(frame, offset);
          if (line === undefined) continue;
          read += 1;
          expect(line, JSON.stringify([message, timestamp, offset])).toEqual(parsed(frame));
        }
      }
    }
    expect(read).toBe(READ_AS_BYTES.length * 6 * 8);
  });

  it('reads the escapes Go writes (`\\u003c`, `\\u0026`) and any JSON escape of ASCII', () => {
    const frame = `data: {"event":"log","timestamp":"${TIME}","message":"\\u003ca\\u003e \\u0026 \\u001B[1m\\/\\"\\\\"}\n\n`;
    const line = scanned(frame);
    expect(line).toMatchObject({ text: '<a> & \x1b[1m/"\\', plain: '<a> & /"\\', ascii: true });
    expect(line).toEqual(parsed(frame));
  });

  it('leaves every other shape to JSON.parse', () => {
    const declined = [
      // a \u escape past ASCII, and surrogates
      `data: {"event":"log","timestamp":"${TIME}","message":"caf\\u00e9"}\n\n`,
      `data: {"event":"log","timestamp":"${TIME}","message":"\\ud83d\\ude00"}\n\n`,
      // another order, another field, spaces, no space after the colon, another event
      `data: {"timestamp":"${TIME}","event":"log","message":"m"}\n\n`,
      `data: {"event":"log","timestamp":"${TIME}","message":"m","extra":1}\n\n`,
      `data: {"event": "log","timestamp":"${TIME}","message":"m"}\n\n`,
      `data:{"event":"log","timestamp":"${TIME}","message":"m"}\n\n`,
      `data: {"event":"logs","timestamp":"${TIME}","message":"m"}\n\n`,
      // not JSON: a raw control character, a bad escape, an escape cut short, a lone quote
      `data: {"event":"log","timestamp":"${TIME}","message":"a\tb"}\n\n`,
      `data: {"event":"log","timestamp":"${TIME}","message":"a\\x41"}\n\n`,
      `data: {"event":"log","timestamp":"${TIME}","message":"a\\u00"}\n\n`,
      `data: {"event":"log","timestamp":"${TIME}","message":"a"b"}\n\n`,
      // a time with an escape, or longer than a time can be
      `data: {"event":"log","timestamp":"2026\\u002d11","message":"m"}\n\n`,
      `data: {"event":"log","timestamp":"${'9'.repeat(70)}","message":"m"}\n\n`,
      // more lines in the frame, an id, a comment, CR line ends
      `data: {"event":"log","timestamp":"${TIME}","message":"m"}\ndata: x\n\n`,
      `id: 7\ndata: {"event":"log","timestamp":"${TIME}","message":"m"}\n\n`,
      `data: {"event":"log","timestamp":"${TIME}","message":"m"}\r\n\r\n`,
      `: keepalive\n\n`,
    ];
    for (const frame of declined) expect(scanned(frame), frame).toBeUndefined();
  });

  it('declines a frame not whole before its limit, wherever the limit cuts it', () => {
    const frame = utf8.encode(frameOf('\x1b[33mWARN\x1b[0m a "quoted" café line'));
    for (let limit = 0; limit < frame.length; limit += 1) {
      const at = { end: -1 };
      const wire = scanLogFrame(frame, 0, limit, 0, new ByteStaging(), at);
      expect(wire, String(limit)).toBeUndefined();
      expect(at.end).toBe(-1);
    }
  });

  it('stages a batch of lines, long and short, each as its own text', () => {
    const messages = ['a'.repeat(1 << 20), 'short', 'with \\"escapes\\"', ''];
    const staging = new ByteStaging();
    const text = messages.map((message) => frameOf(message)).join('');
    const bytes = utf8.encode(text);
    const wires: Parameters<typeof logDecoder.pack>[0] = [];
    const at = { end: 0 };
    for (let start = 0; start < bytes.length; start = at.end) {
      const wire = scanLogFrame(bytes, start, bytes.length, 0, staging, at);
      expect(wire).toBeDefined();
      wires.push(wire!);
    }
    const batch = logDecoder.unpack(logDecoder.pack(wires, staging).packed);
    expect(Array.from({ length: batch.length }, (_, index) => batch.textAt(index))).toEqual(
      messages,
    );
    // the staging is empty again for the next batch
    expect(staging.length).toBe(0);
  });
});
