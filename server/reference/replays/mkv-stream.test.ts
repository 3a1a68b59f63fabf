import { describe, expect, it } from 'vitest';
import { mkvFrameHead, mkvHeader, vint } from './mkv-stream.ts';

const hex = (bytes: Buffer) => bytes.toString('hex');

describe('Matroska element sizes', () => {
  it('take as few bytes as hold them, never all ones (an unknown size)', () => {
    expect(hex(vint(0))).toBe('80');
    expect(hex(vint(126))).toBe('fe');
    // 127 in one byte would read 0xff, "unknown"
    expect(hex(vint(127))).toBe('407f');
    expect(hex(vint(16_382))).toBe('7ffe');
    expect(hex(vint(16_383))).toBe('203fff');
    expect(hex(vint(36_815))).toBe('208fcf');
  });

  it('refuse what is not a size', () => {
    expect(() => vint(-1)).toThrow(/not an element size/);
    expect(() => vint(1.5)).toThrow(/not an element size/);
  });
});

describe('a Matroska stream of JPEGs', () => {
  it('starts with the EBML header and a segment of unknown size holding one MJPEG track', () => {
    const header = mkvHeader(1280, 720);
    expect(hex(header.subarray(0, 4))).toBe('1a45dfa3');
    expect(header.includes(Buffer.from('matroska'))).toBe(true);
    expect(header.includes(Buffer.from('V_MJPEG'))).toBe(true);
    const segment = header.indexOf(Buffer.from('18538067', 'hex'));
    expect(hex(header.subarray(segment + 4, segment + 12))).toBe('01ffffffffffffff');
    // PixelWidth 1280 and PixelHeight 720
    expect(header.includes(Buffer.from('b0820500', 'hex'))).toBe(true);
    expect(header.includes(Buffer.from('ba8202d0', 'hex'))).toBe(true);
  });

  it('puts each frame in a cluster of its own, sized for the JPEG written after it', () => {
    const head = mkvFrameHead(1_500, 1_000);
    // cluster, its size (time 4 + block head 7 + JPEG), time 1500 ms, a keyframe simple block
    expect(hex(head)).toBe(
      `1f43b675${hex(vint(4 + 7 + 1_000))}e78205dca3${hex(vint(1_004))}81000080`,
    );
  });

  it('says how long the last frame lasts, in a block group', () => {
    const head = mkvFrameHead(100, 10, 100);
    // group: duration 100 ms (9b 81 64), then the block without flags
    expect(hex(head)).toBe(
      `1f43b675${hex(vint(3 + 2 + 3 + 2 + 4 + 10))}e78164a0${hex(vint(3 + 2 + 4 + 10))}9b8164a18e81000000`,
    );
  });
});
