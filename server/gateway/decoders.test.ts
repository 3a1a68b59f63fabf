import { pbkdf2 } from 'node:crypto';
import type { Transform } from 'node:stream';
import { constants, createDeflate, createDeflateRaw, createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodersFor } from './upstream-body.ts';

/**
 * The gateway's decoders of compressed upstream bodies pass on every event whose bytes have
 * arrived, at once: whatever the chunk boundaries, and however busy libuv's thread pool is.
 */

const frame = (n: number): string => `id: ${n}\ndata: {"seq":${n},"event":{"type":"x"}}\n\n`;

type Encoder = () => Transform;
const CODINGS: [name: string, header: string, encoder: Encoder][] = [
  ['gzip', 'gzip', () => createGzip()],
  ['deflate', 'deflate', () => createDeflate()],
  ['deflate (raw)', 'deflate', () => createDeflateRaw()],
];

/** Three frames as a server that compresses a stream sends them: flushed after each. */
async function compressedFrames(encoder: Encoder): Promise<Buffer[]> {
  const encode = encoder() as Transform & { flush(kind: number, done: () => void): void };
  const out: Buffer[] = [];
  encode.on('data', (chunk: Buffer) => out.push(chunk));
  const frames: Buffer[] = [];
  for (const n of [1, 2, 3]) {
    encode.write(frame(n));
    await new Promise<void>((resolve) => encode.flush(constants.Z_SYNC_FLUSH, resolve));
    frames.push(Buffer.concat(out.splice(0)));
  }
  return frames;
}

function decoderFor(header: string): { write(bytes: Buffer): void; text(): string } {
  const [decoder] = decodersFor(header);
  if (decoder === undefined) throw new Error(`no decoder for ${header}`);
  let text = '';
  decoder.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { write: (bytes) => decoder.write(bytes), text: () => text };
}

/** Lets queued callbacks and I/O run once: far less than a keepalive, no waiting on threads. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('decoding compressed event streams', () => {
  for (const [name, header, encoder] of CODINGS) {
    it(`${name}: every frame is passed on as soon as its bytes arrive, cut anywhere`, async () => {
      const frames = await compressedFrames(encoder);
      const all = Buffer.concat(frames);
      const ends = frames.map((_, i) =>
        frames.slice(0, i + 1).reduce((sum, part) => sum + part.length, 0),
      );
      for (let cut = 0; cut <= all.length; cut += 1) {
        const decoder = decoderFor(header);
        decoder.write(all.subarray(0, cut));
        await turn();
        const whole = ends.filter((end) => end <= cut).length;
        const expected = [1, 2, 3].slice(0, whole).map(frame).join('');
        expect(decoder.text().startsWith(expected), `${name} cut at ${cut}`).toBe(true);
        decoder.write(all.subarray(cut));
        await turn();
        expect(decoder.text(), `${name} cut at ${cut}, the rest`).toBe(
          all.length > 0 ? [1, 2, 3].map(frame).join('') : '',
        );
      }
    });

    it(`${name}: a busy thread pool does not hold decoded frames back`, async () => {
      const frames = await compressedFrames(encoder);
      // occupy every thread of libuv's pool (4 unless UV_THREADPOOL_SIZE says otherwise) for a while
      const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
      const busy = Array.from(
        { length: threads },
        () =>
          new Promise<void>((resolve) =>
            pbkdf2('x', 'salt', 600_000, 32, 'sha256', () => resolve()),
          ),
      );
      const decoder = decoderFor(header);
      decoder.write(Buffer.concat(frames));
      await turn();
      expect(decoder.text()).toBe([1, 2, 3].map(frame).join(''));
      await Promise.all(busy);
    });
  }
});
