import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, FrameWriter, renderText, utf8, type Render } from './firehose-kit.ts';

describe("the firehose's frame writer", () => {
  it('writes integers in decimal as String does, across the halves it splits large ones into', () => {
    const values = [
      0,
      7,
      9,
      10,
      99,
      100,
      12_345,
      99_999_999,
      100_000_000,
      100_000_001,
      120_000_007,
      1_764_213_712_219_248,
      1_764_213_700_000_001,
      Number.MAX_SAFE_INTEGER,
    ];
    const out = new FrameWriter(Buffer.alloc(4));
    for (const value of values) {
      out.int(value);
      out.bytes(utf8(','));
    }
    expect(out.chunk().toString('latin1')).toBe(values.map((value) => `${value},`).join(''));
  });

  it('copies short and long byte runs and grows past its buffer without losing what it holds', () => {
    const long = utf8('é'.repeat(40) + 'x'.repeat(50));
    const out = new FrameWriter(Buffer.alloc(8));
    out.bytes(utf8('data: '));
    out.bytes(long);
    out.int(42);
    expect(out.chunk().toString('utf8')).toBe(`data: ${'é'.repeat(40)}${'x'.repeat(50)}42`);
    out.reset(Buffer.alloc(16));
    out.bytes(utf8('ab'));
    expect(out.chunk().toString('latin1')).toBe('ab');
  });

  it('renders frames until a chunk is full and tells where the next chunk starts', () => {
    const frame = utf8(`data: ${'y'.repeat(1000)}\n\n`);
    const render: Render = (first, end, out) => {
      let index = first;
      while (index < end && !out.full) {
        out.bytes(frame);
        index += 1;
      }
      return index;
    };
    const { text, next } = renderText(render, 0, 1_000_000);
    expect(next).toBe(Math.ceil(CHUNK_BYTES / frame.length));
    expect(text.length).toBe(next * frame.length);
    expect(renderText(render, 5, 7)).toEqual({ text: frame.toString('latin1').repeat(2), next: 7 });
  });
});
