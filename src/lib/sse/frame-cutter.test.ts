import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';
import { FrameCutter } from './stream-reader';

const utf8 = new TextEncoder();
const FAST = utf8.encode('data: F');

/**
 * What a stream's messages are, read by the parser alone, and read with frames offered first to a
 * reader of one shape (`data: F…` and a blank line, as a decoder's scan reads its own shape).
 */
function bothWays(stream: Uint8Array, cuts: readonly number[]) {
  const alone: string[] = [];
  const parser = createSseParser((message) => alone.push(`${message.id}|${message.data}`));
  const decoder = new TextDecoder();
  parser.push(decoder.decode(stream, { stream: true }));
  parser.push(decoder.decode());

  const cut: string[] = [];
  let offered = 0;
  const inParser = createSseParser((message) => cut.push(`${message.id}|${message.data}`));
  let textDecoder: TextDecoder | undefined;
  const cutter: FrameCutter = new FrameCutter(
    (bytes, start, limit) => {
      for (let k = 0; k < FAST.length; k += 1) if (bytes[start + k] !== FAST[k]) return -1;
      const lf = bytes.indexOf(0x0a, start);
      if (lf === -1 || lf + 1 >= limit || bytes[lf + 1] !== 0x0a) return -1;
      if (bytes.subarray(start, lf).includes(0x0d)) return -1;
      offered += 1;
      cut.push(`|${new TextDecoder().decode(bytes.subarray(start + 6, lf))}`);
      return lf + 2;
    },
    (bytes) => {
      textDecoder ??= new TextDecoder('utf-8', { ignoreBOM: cutter.began });
      inParser.push(textDecoder.decode(bytes, { stream: true }));
    },
  );
  let from = 0;
  for (const at of [...cuts, stream.length]) {
    cutter.push(stream.subarray(from, at));
    from = at;
  }
  if (textDecoder) inParser.push(textDecoder.decode());
  return { alone, cut, offered };
}

const STREAM = utf8.encode(
  [
    'data: F1\n\n',
    ': keepalive\n\n',
    'data: F2 café 😀\n\n',
    'id: 7\ndata: parsed\n\n',
    'data: two\ndata: lines\n\n',
    'data: F3\r\n\r\n',
    'data: cr\r\rdata: F4\n\n',
    'event: x\ndata: F5\n\n',
    '\uFEFFdata: not a field\n\n',
    'data: F6\n\n',
    'data: F7\n\n',
    'data: F8 cut at the end',
  ].join(''),
);

describe('FrameCutter', () => {
  it('gives the messages the parser alone gives, however the stream is cut into pieces', () => {
    const whole = bothWays(STREAM, []);
    expect(whole.cut).toEqual(whole.alone);
    expect(whole.alone).toContain('|F2 café 😀');
    expect(whole.offered).toBe(4);
    for (let at = 0; at <= STREAM.length; at += 1) {
      const { alone, cut, offered } = bothWays(STREAM, [at]);
      expect(cut, String(at)).toEqual(alone);
      // only the frame the cut falls in goes to the parser: the frames after it are offered again
      expect(offered, String(at)).toBeGreaterThanOrEqual(whole.offered - 1);
    }
    for (let step = 1; step < 9; step += 1) {
      const cuts = Array.from({ length: Math.floor(STREAM.length / step) }, (_, k) => k * step);
      const { alone, cut } = bothWays(STREAM, cuts);
      expect(cut, `every ${step} bytes`).toEqual(alone);
    }
  });

  it('drops a byte-order mark only where the stream starts', () => {
    const marked = utf8.encode('\uFEFFdata: F1\n\ndata: F2\n\n');
    const { alone, cut, offered } = bothWays(marked, []);
    expect(alone).toEqual(['|F1', '|F2']);
    expect(cut).toEqual(alone);
    // the first frame starts with the mark: it is the parser's, the second is offered
    expect(offered).toBe(1);
    const late = utf8.encode('data: F1\n\n\uFEFFdata: F2\n\n');
    expect(bothWays(late, []).cut).toEqual(bothWays(late, []).alone);
    expect(bothWays(late, []).alone).toEqual(['|F1']);
  });
});
