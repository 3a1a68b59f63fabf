// Turns a screen's frames into an H.264 MP4 with ffmpeg at a constant rate: the video lasts as
// long as the wall time recorded, each frame showing the screen at the middle of its tick. A
// frame goes to ffmpeg once, when the screen changed, in a Matroska stream that gives it the time
// of the first tick it shows (mkv-stream.ts), and ffmpeg's fps filter repeats it for the ticks it
// lasts, so a JPEG is decoded once, not once a tick (a screen that changes every fourth tick cost
// ffmpeg about 40% less, a still one about 60%). The one encoding is written twice: as a
// fragmented MP4 that a crash leaves readable, and as a plain one with its index first, which a
// <video> seeks in at once. The plain one is not remuxed from the fragmented one afterwards: a
// stream copy out of fragments can lose the last frame's length, so a video came out a frame
// short (a fifth of a second at 5 frames a second); only a recovery after a crash remuxes.
import { spawn, type ChildProcess } from 'node:child_process';
import { rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScreenFrame, ScreenSource } from '../browser/screen-source.ts';
import { mkvFrameHead, mkvHeader } from './mkv-stream.ts';

/**
 * JPEG bytes waiting in ffmpeg's input above which a tick writes nothing. ffmpeg runs at a low
 * priority, so a busy machine can hold it back; its input waits in memory up to this, and beyond
 * it frames are dropped rather than kept: the ticks that wrote nothing are filled later with the
 * frame newest then, so the video keeps its length and its later frames their times.
 */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
/**
 * Seconds after which an unchanged screen is sent again: ffmpeg repeats a frame only once the next
 * one comes, so this bounds what the fragmented file lacks of a still screen if the server dies
 * (a fragment is two seconds too).
 */
const RESEND_S = 2;
/** How much of ffmpeg's own output is kept, to say why it failed. */
const STDERR_KEPT = 4096;

export interface EncoderOptions {
  ffmpeg: string;
  source: ScreenSource;
  /** Frames per second of the video. */
  framerate: number;
  /** The fragmented MP4 written while recording. */
  output: string;
  /** Where the plain MP4 goes once finished: the same folder as `output`, a plain file name. */
  playable: string;
  /** Wall clock (ms) of the recording's first frame. */
  startedAtMs: number;
  now?: () => number;
}

export interface EncodeResult {
  /** Frames of the video: one a tick. */
  frames: number;
  /** Pictures ffmpeg was sent and decoded: one each time the screen changed, and a few more. */
  pictures: number;
  /** ffmpeg's own CPU time (user + system), when it reported it. */
  cpuMs: number | undefined;
  width: number;
  height: number;
}

const even = (n: number): number => Math.max(2, Math.floor(n / 2) * 2);

/** A file name that ffmpeg's tee output takes as it is (no `|`, `[`, `:` or path). */
const PLAIN_NAME = /^[\w.-]+$/;

/**
 * ffmpeg's arguments for a Matroska stream of timed JPEGs on stdin into H.264 at `framerate`,
 * written as a fragmented MP4 `fragmented` and a plain one with its index first `plain` (file
 * names in ffmpeg's folder).
 */
export function encodeArgs(
  framerate: number,
  width: number,
  height: number,
  fragmented: string,
  plain: string,
): string[] {
  for (const name of [fragmented, plain])
    if (!PLAIN_NAME.test(name)) throw new Error(`not a plain file name for ffmpeg: ${name}`);
  const fit = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2`;
  return [
    ...['-hide_banner', '-nostats', '-loglevel', 'info', '-benchmark'],
    ...['-f', 'matroska', '-i', 'pipe:0'],
    // a frame of another size (a resize, another tab) is fitted into the first one's; the fps
    // filter, last, repeats a frame already scaled for each tick it lasts
    ...['-vf', `${fit},format=yuv420p,fps=${framerate}`],
    ...['-c:v', 'libx264', '-preset', 'superfast', '-crf', '26', '-threads', '1'],
    // a keyframe every two seconds: a fragment each, and seeking never decodes far
    ...['-g', String(framerate * 2)],
    ...['-map', '0:v', '-f', 'tee', '-y'],
    `[f=mp4:movflags=+frag_keyframe+empty_moov+default_base_moof]${fragmented}|[f=mp4:movflags=+faststart]${plain}`,
  ];
}

/** CPU time from ffmpeg's `-benchmark` line: `bench: utime=0.123s stime=0.010s rtime=…`. */
export function parseBenchmark(stderr: string): number | undefined {
  const match = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
  if (!match) return undefined;
  return Math.round((Number(match[1]) + Number(match[2])) * 1000);
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('close', (code: number | null) => resolve(code)));
}

/** One recording's encoder: frames flow into ffmpeg from `start` until `finish`. */
export class FrameEncoder {
  private child: ChildProcess | undefined;
  private stderr = '';
  private latest: ScreenFrame | undefined;
  /** Ticks the frames sent cover: the next frame sent is tick `written`'s. */
  private written = 0;
  /** The frame sent last, and the tick it was sent at. */
  private sent: { frame: ScreenFrame; tick: number } | undefined;
  private pictures = 0;
  private size: { width: number; height: number } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly unsubscribe: () => void;
  private failed: Error | undefined;
  private readonly now: () => number;

  constructor(private readonly options: EncoderOptions) {
    this.now = options.now ?? Date.now;
    // the screen need not be painted faster than it is recorded
    this.unsubscribe = options.source.subscribe(
      (frame) => {
        this.latest = frame;
      },
      { maxFps: options.framerate },
    );
    this.latest ??= options.source.latest();
    // ticks at the middle of each frame's time: frame k is written (k + ½) / framerate in
    const period = 1000 / options.framerate;
    this.timer = setTimeout(() => {
      this.tick(this.now());
      this.timer = setInterval(() => this.tick(this.now()), period);
    }, period / 2);
  }

  /** The plain MP4 while ffmpeg writes it, beside the fragmented one. */
  private playing(): string {
    return path.join(
      path.dirname(this.options.output),
      `${path.basename(this.options.playable)}.tmp`,
    );
  }

  /**
   * Frames whose time is half gone by `atMs` (frame k is the screen from k / framerate after the
   * start to k + 1): by the end, the wall time recorded rounded to a frame, never more.
   */
  private due(atMs: number): number {
    return Math.round(((atMs - this.options.startedAtMs) * this.options.framerate) / 1000);
  }

  private spawn(frame: ScreenFrame): ChildProcess {
    const width = even(frame.width);
    const height = even(frame.height);
    this.size = { width, height };
    const child = spawn(
      this.options.ffmpeg,
      encodeArgs(
        this.options.framerate,
        width,
        height,
        path.basename(this.options.output),
        path.basename(this.playing()),
      ),
      { stdio: ['pipe', 'ignore', 'pipe'], cwd: path.dirname(this.options.output) },
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on('error', (error) => (this.failed ??= error));
    // a broken pipe is ffmpeg having died: its exit says why
    child.stdin?.on('error', () => undefined);
    // the encoder gives way to the browser and the telemetry whenever they want the CPU
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // not allowed here: it runs at the server's priority
      }
    }
    child.stdin?.write(mkvHeader(frame.width, frame.height));
    this.child = child;
    return child;
  }

  /**
   * Covers the ticks up to `upTo` with the newest frame: it is sent, at the first tick not yet
   * covered, when it differs from the one sent last or that one was sent `RESEND_S` ago; else the
   * ticks are the last one's, which ffmpeg repeats. Nothing is sent while ffmpeg's input is full:
   * the ticks wait, and the frame newest when there is room shows from the first of them.
   */
  private write(upTo: number): void {
    const frame = this.latest;
    if (!frame || this.failed || this.written >= upTo) return;
    const child = this.child ?? this.spawn(frame);
    const stdin = child.stdin;
    if (!stdin || stdin.destroyed || stdin.writableEnded) return;
    const sent = this.sent;
    const resend = this.options.framerate * RESEND_S;
    if (!sent || sent.frame !== frame || this.written - sent.tick >= resend) {
      if (stdin.writableLength > MAX_QUEUED_BYTES) return;
      // ffmpeg builds its filters anew for a picture of another size, and the picture the old
      // fps filter holds (to repeat it until the next one comes) is lost with them. So the one
      // before is sent again first, at a time the fps filter rounds to this tick: the old filter
      // shows it for every tick before this one, and only that copy is lost, this tick being
      // the new picture's (a test checks each tick's picture through two resizes)
      if (sent && (sent.frame.width !== frame.width || sent.frame.height !== frame.height))
        this.send(stdin, sent.frame, this.written - 0.4);
      this.send(stdin, frame, this.written);
    }
    this.written = upTo;
  }

  /**
   * Sends `frame` at `tick` (ticks from the start, a fraction too); the last frame of the video
   * says it lasts one tick.
   */
  private send(stdin: NodeJS.WritableStream, frame: ScreenFrame, tick: number, last = false): void {
    const period = 1000 / this.options.framerate;
    stdin.write(mkvFrameHead(tick * period, frame.jpeg.length, last ? period : undefined));
    stdin.write(frame.jpeg);
    this.sent = { frame, tick };
    this.pictures += 1;
  }

  private tick(atMs: number): void {
    this.write(this.due(atMs));
  }

  /**
   * Ends the video at `endedAtMs`: it gets the frames up to then (as many as the wall time
   * recorded holds, at the framerate), ffmpeg finishes both files, and the plain one takes its
   * place at `playable`.
   */
  async finish(endedAtMs: number): Promise<EncodeResult> {
    clearInterval(this.timer);
    this.unsubscribe();
    const total = Math.max(1, this.due(endedAtMs));
    // the last ticks may not have been written yet (a busy loop, a frame still to come)
    for (let guard = 0; this.written < total && guard < 1000 && this.latest; guard++) {
      this.write(total);
      if (this.written < total) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const child = this.child;
    if (!child || !this.size || !this.sent)
      throw new Error('no frame of the screen arrived while recording: there is nothing to show');
    // the last tick's frame, saying it lasts one tick: ffmpeg ends the video there, not where a
    // guess from the frames before would
    if (child.stdin && !child.stdin.destroyed)
      this.send(child.stdin, this.sent.frame, this.written - 1, true);
    child.stdin?.end();
    const code = await exited(child);
    if (this.failed) throw this.failed;
    if (code !== 0) {
      await rm(this.playing(), { force: true });
      throw new Error(`ffmpeg exited with code ${code}: ${this.stderr.trim().slice(-600)}`);
    }
    if ((await stat(this.playing())).size === 0) throw new Error('ffmpeg wrote an empty video');
    await rename(this.playing(), this.options.playable);
    return {
      frames: this.written,
      pictures: this.pictures,
      cpuMs: parseBenchmark(this.stderr),
      width: this.size.width,
      height: this.size.height,
    };
  }

  /** Stops at once; the fragmented file is left as it is, the unfinished plain one removed. */
  abort(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    this.child?.kill('SIGKILL');
    void rm(this.playing(), { force: true });
  }
}

/**
 * Rewrites the fragmented MP4 `from` as a plain one at `to`, its index (moov) first
 * (`+faststart`): the stream is copied, not encoded again. Only for a recording cut short by a
 * crash: the copy can lose the last frame's length.
 */
export async function remuxForPlayback(ffmpeg: string, from: string, to: string): Promise<void> {
  const temporary = `${to}.tmp`;
  const child = spawn(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      from,
      '-c',
      'copy',
      '-movflags',
      '+faststart',
    ].concat(['-f', 'mp4', '-y', temporary]),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
  const code = await Promise.race([exited(child), spawnFailed]);
  if (code !== 0) {
    await rm(temporary, { force: true });
    throw new Error(`ffmpeg could not finish the video (code ${code}): ${stderr.trim()}`);
  }
  if ((await stat(temporary)).size === 0) throw new Error('ffmpeg wrote an empty video');
  await rename(temporary, to);
}
