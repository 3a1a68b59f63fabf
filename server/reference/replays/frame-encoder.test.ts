import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenFrame, ScreenSource } from '../browser/screen-source.ts';
import { findFfmpeg } from './ffmpeg-binary.ts';
import { FrameEncoder, parseBenchmark } from './frame-encoder.ts';
import { readMp4Outline } from './mp4-boxes.ts';
import { FakeScreen, testPatternJpegs } from './testing/fake-screen.ts';

const ffmpeg = findFfmpeg(undefined).path;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!ffmpeg)('the frame encoder', () => {
  const binary = ffmpeg ?? '';
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'frame-encoder-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const frames = (count: number, width: number, height: number) =>
    testPatternJpegs(binary, count, width, height).map((jpeg) => ({ jpeg, width, height }));

  async function record(screen: ScreenSource, ms: number, framerate = 10) {
    const file = path.join(dir, 'video.mp4');
    const startedAtMs = Date.now();
    const encoder = new FrameEncoder({
      ffmpeg: binary,
      source: screen,
      framerate,
      output: path.join(dir, 'video.part.mp4'),
      playable: file,
      startedAtMs,
    });
    await sleep(ms);
    const endedAtMs = Date.now();
    const result = await encoder.finish(endedAtMs);
    return { result, elapsedS: (endedAtMs - startedAtMs) / 1000, bytes: await readFile(file) };
  }

  it('makes an MP4 as long as the wall time recorded, its index first, at a constant rate', async () => {
    const screen = new FakeScreen(frames(12, 320, 240), 150);
    const { result, elapsedS, bytes } = await record(screen, 2000);
    const outline = readMp4Outline(bytes);
    expect(outline.boxes[0]).toBe('ftyp');
    expect(outline.boxes.indexOf('moov')).toBeGreaterThan(0);
    expect(outline.boxes.indexOf('moov')).toBeLessThan(outline.boxes.indexOf('mdat'));
    expect(outline.durationS).toBeGreaterThan(0);
    expect(Math.abs((outline.durationS ?? 0) - elapsedS)).toBeLessThan(elapsedS / 10);
    expect(result.frames).toBe(Math.round(elapsedS * 10));
    // every frame written lasts its tenth, the last one too
    expect(outline.durationS).toBeCloseTo(result.frames / 10, 3);
    expect(result).toMatchObject({ width: 320, height: 240 });
    expect(result.cpuMs).toBeGreaterThanOrEqual(0);
    // the screen is watched only while recording
    expect(screen.watched).toBe(false);
  });

  it('fits frames of another size into the first one’s, with even sides', async () => {
    const mixed = [...frames(3, 321, 201), ...frames(3, 200, 300)];
    const { result, bytes } = await record(new FakeScreen(mixed, 100), 1200, 5);
    expect(result).toMatchObject({ width: 320, height: 200 });
    expect(readMp4Outline(bytes).boxes).toContain('moov');
    expect(readMp4Outline(bytes).durationS).toBeCloseTo(result.frames / 5, 3);
  });

  /** One JPEG of a single colour. */
  const solid = (color: string, width: number, height: number): ScreenFrame => ({
    jpeg: execFileSync(binary, [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `color=c=${color}:s=${width}x${height}`],
      ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'],
    ]),
    width,
    height,
    capturedAtMs: 0,
  });

  /** The colour at the middle of each frame of a video, by its strongest channel. */
  function middleColours(file: string): string[] {
    const raw = execFileSync(binary, [
      ...['-hide_banner', '-loglevel', 'error', '-i', file],
      ...['-vf', 'scale=8:6', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ]);
    const colours: string[] = [];
    for (let at = 0; at + 144 <= raw.length; at += 144) {
      const pixel = at + (3 * 8 + 4) * 3;
      const [r = 0, g = 0, b = 0] = raw.subarray(pixel, pixel + 3);
      colours.push(
        r > 200 && g > 200 && b > 200
          ? 'white'
          : r > 150 && r > g + b
            ? 'red'
            : g > 100 && g > r + b
              ? 'green'
              : b > 150 && b > r + g
                ? 'blue'
                : `${r},${g},${b}`,
      );
    }
    return colours;
  }

  it('shows each picture from the tick it came, through a still screen and a resize, each sent once', async () => {
    const red = solid('red', 64, 48);
    const green = solid('green', 64, 48);
    const blue = solid('blue', 48, 64);
    const white = solid('white', 64, 48);
    let newest: ScreenFrame | undefined = red;
    let listener: ((frame: ScreenFrame) => void) | undefined;
    const screen: ScreenSource = {
      subscribe: (next) => {
        listener = next;
        return () => (listener = undefined);
      },
      latest: () => newest,
    };
    const paint = (frame: ScreenFrame) => {
      newest = frame;
      listener?.(frame);
    };
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      now: 0,
    });
    try {
      const file = path.join(dir, 'video.mp4');
      const encoder = new FrameEncoder({
        ffmpeg: binary,
        source: screen,
        framerate: 10,
        output: path.join(dir, 'video.part.mp4'),
        playable: file,
        startedAtMs: 0,
      });
      // ticks 0–9 red, 10–39 green (three seconds still), 40–44 blue and taller, 45–48 white, 49 red
      vi.advanceTimersByTime(1_000);
      paint(green);
      vi.advanceTimersByTime(3_000);
      paint(blue);
      vi.advanceTimersByTime(500);
      paint(white);
      vi.advanceTimersByTime(400);
      // a picture for the last tick alone: sent on it, and again to end the video at its time
      paint(red);
      vi.advanceTimersByTime(100);
      const result = await encoder.finish(5_000);
      expect(result.frames).toBe(50);
      // red; green, and again two seconds on and before blue; blue, and again before white;
      // white; red, and red to end the video
      expect(result.pictures).toBe(9);
      expect(result).toMatchObject({ width: 64, height: 48 });
      expect(readMp4Outline(await readFile(file)).durationS).toBeCloseTo(5, 3);
      expect(middleColours(file)).toEqual([
        ...Array<string>(10).fill('red'),
        ...Array<string>(30).fill('green'),
        ...Array<string>(5).fill('blue'),
        ...Array<string>(4).fill('white'),
        'red',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when no frame ever came', async () => {
    const silent: ScreenSource = { subscribe: () => () => undefined, latest: () => undefined };
    const encoder = new FrameEncoder({
      ffmpeg: binary,
      source: silent,
      framerate: 10,
      output: path.join(dir, 'none.part.mp4'),
      playable: path.join(dir, 'none.mp4'),
      startedAtMs: Date.now(),
    });
    await expect(encoder.finish(Date.now() + 300)).rejects.toThrow(/no frame of the screen/);
  });
});

describe('ffmpeg’s benchmark line', () => {
  it('reads user and system time', () => {
    expect(parseBenchmark('x\nbench: utime=1.250s stime=0.125s rtime=3.000s\n')).toBe(1375);
    expect(parseBenchmark('nothing')).toBeUndefined();
  });
});
