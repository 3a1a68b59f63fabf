// A screen for the recorder's tests without a browser: JPEG frames made by ffmpeg's test pattern,
// shown one after another at a given pace, through the same ScreenSource interface.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScreenFrame, ScreenSource } from '../../browser/screen-source.ts';

/** `count` JPEGs of ffmpeg's moving test pattern, `width`×`height`. */
export function testPatternJpegs(
  ffmpeg: string,
  count: number,
  width: number,
  height: number,
): Buffer[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-screen-'));
  try {
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=10`],
      ...['-frames:v', String(count), '-q:v', '5', path.join(dir, 'f%04d.jpg')],
    ]);
    return readdirSync(dir)
      .sort()
      .map((name) => readFileSync(path.join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A screen that paints the next of `jpegs` every `everyMs` while anyone watches. */
export class FakeScreen implements ScreenSource {
  private readonly listeners = new Set<(frame: ScreenFrame) => void>();
  private newest: ScreenFrame | undefined;
  private next = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  subscriptions = 0;

  constructor(
    private readonly jpegs: readonly { jpeg: Buffer; width: number; height: number }[],
    private readonly everyMs = 100,
  ) {}

  private paint(): void {
    const source = this.jpegs[this.next++ % this.jpegs.length];
    if (!source) return;
    this.newest = { ...source, capturedAtMs: Date.now() };
    for (const listener of this.listeners) listener(this.newest);
  }

  subscribe(listener: (frame: ScreenFrame) => void): () => void {
    this.subscriptions += 1;
    this.listeners.add(listener);
    if (this.newest) listener(this.newest);
    if (!this.timer) {
      this.paint();
      this.timer = setInterval(() => this.paint(), this.everyMs);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  latest(): ScreenFrame | undefined {
    return this.newest;
  }

  get watched(): boolean {
    return this.listeners.size > 0;
  }
}
