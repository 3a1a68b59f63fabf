// A session's recordings on disk, in its history folder (so they follow the telemetry history's
// retention and a restart finds them): per recording `<replay_id>.json` (what it is, when it ran),
// `<replay_id>.part.mp4` while it is written (fragmented, readable after a crash) with
// `<replay_id>.mp4.tmp` beside it, and `<replay_id>.mp4` once finished.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isRecord } from '../../shared/http.ts';

/** What a replay id looks like (never a path: it names files). */
export const REPLAY_ID = /^rp_[a-z0-9]{20}$/;

export function newReplayId(): string {
  return `rp_${randomBytes(15)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')
    .slice(0, 20)}`;
}

/** One recording as kept: the API's fields, how it was made, and how it went. */
export interface ReplayMeta {
  replay_id: string;
  started_at: string;
  /** Null while recording. */
  finished_at: string | null;
  framerate: number;
  max_duration_in_seconds: number;
  /** The secret in `replay_view_url` that lets a <video> fetch this one recording. */
  view_token: string;
  /** Why there is no video, when the recording could not be finished. */
  error?: string;
  frames?: number;
  /** JPEGs ffmpeg decoded for them (a screen that stays still is sent once in two seconds). */
  pictures?: number;
  width?: number;
  height?: number;
  /** ffmpeg's CPU time for the encoding. */
  encode_cpu_ms?: number;
  bytes?: number;
}

function isMeta(value: unknown): value is ReplayMeta {
  return (
    isRecord(value) &&
    typeof value.replay_id === 'string' &&
    REPLAY_ID.test(value.replay_id) &&
    typeof value.started_at === 'string' &&
    (value.finished_at === null || typeof value.finished_at === 'string') &&
    typeof value.view_token === 'string'
  );
}

export class ReplayFolder {
  constructor(readonly dir: string) {}

  metaFile(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  partFile(id: string): string {
    return path.join(this.dir, `${id}.part.mp4`);
  }

  videoFile(id: string): string {
    return path.join(this.dir, `${id}.mp4`);
  }

  async write(meta: ReplayMeta): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = this.metaFile(meta.replay_id);
    await writeFile(`${file}.tmp`, JSON.stringify(meta));
    await rename(`${file}.tmp`, file);
  }

  async read(id: string): Promise<ReplayMeta | undefined> {
    if (!REPLAY_ID.test(id)) return undefined;
    try {
      const parsed: unknown = JSON.parse(await readFile(this.metaFile(id), 'utf8'));
      return isMeta(parsed) && parsed.replay_id === id ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every recording kept, oldest first. */
  async list(): Promise<ReplayMeta[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const metas = await Promise.all(
      names.filter((name) => name.endsWith('.json')).map((name) => this.read(name.slice(0, -5))),
    );
    return metas
      .filter((meta): meta is ReplayMeta => meta !== undefined)
      .sort(
        (a, b) =>
          a.started_at.localeCompare(b.started_at) || a.replay_id.localeCompare(b.replay_id),
      );
  }

  /** The finished video's size, or undefined when there is none. */
  async videoSize(id: string): Promise<number | undefined> {
    try {
      return (await stat(this.videoFile(id))).size;
    } catch {
      return undefined;
    }
  }

  async remove(id: string): Promise<void> {
    await Promise.all(
      [this.metaFile(id), this.partFile(id), this.videoFile(id), `${this.videoFile(id)}.tmp`].map(
        (file) => rm(file, { force: true }),
      ),
    );
  }
}
