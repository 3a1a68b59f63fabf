// The server's video recordings of its sessions' screens: started and stopped on demand, several
// at once per session and each on its own, stopped by themselves at their maximum duration and
// when their session ends or the server stops. A recording a crash cut short is finished from what
// was written the first time anyone asks for it.
import { rm, stat } from 'node:fs/promises';
import { HttpError } from '../../shared/http.ts';
import type { ScreenSource } from '../browser/screen-source.ts';
import { findFfmpeg, type FfmpegLookup } from './ffmpeg-binary.ts';
import { FrameEncoder, remuxForPlayback } from './frame-encoder.ts';
import { newReplayId, ReplayFolder, type ReplayMeta } from './replay-folder.ts';
import { rotateRecordings, type Rotation, type RotationOptions } from './rotation.ts';

/** Recordings one session may have going at once. */
export const MAX_ACTIVE_PER_SESSION = 4;
/** What a client asking for a video still being recorded, or written, is told to wait (s). */
export const RETRY_WHILE_RECORDING_S = 5;
export const RETRY_WHILE_FINISHING_S = 1;

/** What the recorder needs of a session. */
export interface RecordableSession {
  id: string;
  /** The session's screen, when it has a browser. */
  readonly screen: ScreenSource | undefined;
  /** Why it has no screen to record, when it has none. */
  readonly unavailableReason: string | undefined;
}

export interface StartOptions {
  framerate: number;
  maxDurationS: number;
}

export type VideoState =
  | { state: 'recording' | 'finishing'; retryAfterS: number }
  | { state: 'ready'; file: string; size: number }
  | { state: 'failed'; message: string };

interface Active {
  sessionId: string;
  folder: ReplayFolder;
  meta: ReplayMeta;
  encoder: FrameEncoder;
  limit: ReturnType<typeof setTimeout>;
  finishing: Promise<ReplayMeta> | undefined;
}

export interface ReplaysOptions {
  /** REFERENCE_FFMPEG: `off`, a path, or undefined for the lookup (done on first use). */
  ffmpeg: string | undefined;
  /** Where a session's recordings are kept. */
  folderOf(sessionId: string): string;
  now?: () => number;
}

export class Replays {
  private readonly active = new Map<string, Active>();
  private readonly recovering = new Map<string, Promise<ReplayMeta>>();
  private readonly rotations = new Map<string, Rotation>();
  private lookup: FfmpegLookup | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ReplaysOptions) {
    this.now = options.now ?? Date.now;
  }

  /** ffmpeg's path, or why there is none. */
  ffmpeg(): FfmpegLookup {
    this.lookup ??= findFfmpeg(this.options.ffmpeg);
    return this.lookup;
  }

  private requireFfmpeg(): string {
    const found = this.ffmpeg();
    if (found.path === undefined) throw new HttpError(501, 'not_implemented', found.reason);
    return found.path;
  }

  private folder(sessionId: string): ReplayFolder {
    return new ReplayFolder(this.options.folderOf(sessionId));
  }

  /** Starts recording the session's screen. */
  async start(session: RecordableSession, options: StartOptions): Promise<ReplayMeta> {
    const ffmpeg = this.requireFfmpeg();
    const screen = session.screen;
    if (!screen)
      throw new HttpError(
        409,
        'conflict',
        `the session has no screen to record: ${session.unavailableReason ?? 'it has no browser'}`,
      );
    const going = [...this.active.values()].filter(
      (active) => active.sessionId === session.id && !active.finishing,
    );
    if (going.length >= MAX_ACTIVE_PER_SESSION)
      throw new HttpError(
        409,
        'conflict',
        `the session already has ${going.length} recordings going (at most ${MAX_ACTIVE_PER_SESSION} at once): stop one first`,
      );
    const folder = this.folder(session.id);
    const startedAtMs = this.now();
    const meta: ReplayMeta = {
      replay_id: newReplayId(),
      started_at: new Date(startedAtMs).toISOString(),
      finished_at: null,
      framerate: options.framerate,
      max_duration_in_seconds: options.maxDurationS,
      view_token: newReplayId().slice(3),
    };
    await folder.write(meta);
    const encoder = new FrameEncoder({
      ffmpeg,
      source: screen,
      framerate: options.framerate,
      output: folder.partFile(meta.replay_id),
      playable: folder.videoFile(meta.replay_id),
      startedAtMs,
      now: this.now,
    });
    const maxMs = options.maxDurationS * 1000;
    const active: Active = {
      sessionId: session.id,
      folder,
      meta,
      encoder,
      // stopped at its maximum duration, the video exactly that long
      limit: setTimeout(() => void this.finish(active, startedAtMs + maxMs), maxMs),
      finishing: undefined,
    };
    this.active.set(meta.replay_id, active);
    return meta;
  }

  private finish(active: Active, endedAtMs: number): Promise<ReplayMeta> {
    active.finishing ??= (async () => {
      clearTimeout(active.limit);
      const { folder } = active;
      const id = active.meta.replay_id;
      const meta: ReplayMeta = { ...active.meta, finished_at: new Date(endedAtMs).toISOString() };
      active.meta = meta;
      try {
        const result = await active.encoder.finish(endedAtMs);
        await rm(folder.partFile(id), { force: true });
        meta.frames = result.frames;
        meta.pictures = result.pictures;
        meta.width = result.width;
        meta.height = result.height;
        if (result.cpuMs !== undefined) meta.encode_cpu_ms = result.cpuMs;
        const size = await folder.videoSize(id);
        if (size !== undefined) meta.bytes = size;
      } catch (error) {
        active.encoder.abort();
        meta.error = `the recording could not be finished: ${(error as Error).message}`;
      }
      await folder
        .write(meta)
        .catch((error: unknown) =>
          console.warn(`reference server: replay ${id}: not saved: ${String(error)}`),
        );
      this.active.delete(id);
      return meta;
    })();
    return active.finishing;
  }

  private activeOf(sessionId: string, replayId: string): Active | undefined {
    const active = this.active.get(replayId);
    return active?.sessionId === sessionId ? active : undefined;
  }

  /**
   * A recording that is not going in this process but was never finished: the server stopped
   * while it ran. Its fragmented video is finished from what was written (once, however many ask).
   */
  private recover(folder: ReplayFolder, meta: ReplayMeta): Promise<ReplayMeta> {
    const key = folder.metaFile(meta.replay_id);
    let recovery = this.recovering.get(key);
    if (!recovery) {
      recovery = (async () => {
        const id = meta.replay_id;
        const part = folder.partFile(id);
        const recovered: ReplayMeta = { ...meta, finished_at: meta.started_at };
        try {
          recovered.finished_at = (await stat(part)).mtime.toISOString();
          const ffmpeg = this.ffmpeg().path;
          if (ffmpeg === undefined) throw new Error('ffmpeg is not available');
          // the plain video ffmpeg was writing beside it is unfinished: made again from this
          await rm(`${folder.videoFile(id)}.tmp`, { force: true });
          await remuxForPlayback(ffmpeg, part, folder.videoFile(id));
          await rm(part, { force: true });
          const size = await folder.videoSize(id);
          if (size !== undefined) recovered.bytes = size;
        } catch (error) {
          recovered.error = `the recording was cut short when the server stopped, and what was written could not be recovered: ${(error as Error).message}`;
        }
        await folder.write(recovered);
        return recovered;
      })().finally(() => this.recovering.delete(key));
      this.recovering.set(key, recovery);
    }
    return recovery;
  }

  private async current(sessionId: string, folder: ReplayFolder, meta: ReplayMeta) {
    const active = this.activeOf(sessionId, meta.replay_id);
    if (active) return active.meta;
    return meta.finished_at === null ? this.recover(folder, meta) : meta;
  }

  /** Every recording of the session, oldest first, ended sessions' too. */
  async list(sessionId: string): Promise<ReplayMeta[]> {
    const folder = this.folder(sessionId);
    return Promise.all((await folder.list()).map((meta) => this.current(sessionId, folder, meta)));
  }

  /** One recording, or 404. */
  async get(sessionId: string, replayId: string): Promise<ReplayMeta> {
    const active = this.activeOf(sessionId, replayId);
    if (active) return active.meta;
    const folder = this.folder(sessionId);
    const meta = await folder.read(replayId);
    if (!meta)
      throw new HttpError(404, 'not_found', `replay ${replayId} not found in session ${sessionId}`);
    return this.current(sessionId, folder, meta);
  }

  /** Stops a recording and waits until its video is written; a finished one is left as it is. */
  async stop(sessionId: string, replayId: string): Promise<ReplayMeta> {
    const active = this.activeOf(sessionId, replayId);
    if (active) return this.finish(active, this.now());
    return this.get(sessionId, replayId);
  }

  /** Whether the video can be had now, and where. */
  async video(sessionId: string, replayId: string): Promise<VideoState> {
    const active = this.activeOf(sessionId, replayId);
    if (active)
      return active.finishing
        ? { state: 'finishing', retryAfterS: RETRY_WHILE_FINISHING_S }
        : { state: 'recording', retryAfterS: RETRY_WHILE_RECORDING_S };
    const meta = await this.get(sessionId, replayId);
    if (meta.error) return { state: 'failed', message: meta.error };
    const folder = this.folder(sessionId);
    const size = await folder.videoSize(replayId);
    if (size === undefined) return { state: 'failed', message: 'the video file is missing' };
    return { state: 'ready', file: folder.videoFile(replayId), size };
  }

  /** Deletes a recording (stopping it first when it is going). */
  async remove(sessionId: string, replayId: string): Promise<void> {
    await this.stop(sessionId, replayId);
    await this.folder(sessionId).remove(replayId);
  }

  /** Keeps a recording of the session going: a new one every so often, the newest few kept. */
  keepRecording(session: RecordableSession, options: RotationOptions): void {
    void this.rotations.get(session.id)?.stop();
    this.rotations.set(session.id, rotateRecordings(this, session, options));
  }

  /** The session is ending: its recordings stop and are written before it goes. */
  async sessionEnded(sessionId: string): Promise<void> {
    const rotation = this.rotations.get(sessionId);
    this.rotations.delete(sessionId);
    await rotation?.stop();
    const going = [...this.active.values()].filter((active) => active.sessionId === sessionId);
    await Promise.all(going.map((active) => this.finish(active, this.now())));
  }

  /** The server stops: every recording is finished and written. */
  async close(): Promise<void> {
    const rotations = [...this.rotations.values()];
    this.rotations.clear();
    await Promise.all(rotations.map((rotation) => rotation.stop()));
    const now = this.now();
    await Promise.all([...this.active.values()].map((active) => this.finish(active, now)));
    await Promise.all(
      [...this.recovering.values()].map((recovery) => recovery.catch(() => undefined)),
    );
  }
}
