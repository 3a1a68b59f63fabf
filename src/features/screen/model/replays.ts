/**
 * A session's recordings (`GET /browsers/{id}/replays`), as the Screen view and the overview use
 * them: when each started and finished on the wall clock (there is no other key between a replay
 * and the telemetry), checked item by item so one malformed entry does not hide the others.
 */
import { isRecord } from '../../../lib/is-record';

export interface Replay {
  id: string;
  /** Wall clock, ms since the epoch; null when the server did not say. */
  startedAtMs: number | null;
  /** Null while it is still being recorded. */
  finishedAtMs: number | null;
}

export interface ReplayList {
  replays: Replay[];
  /** Entries that could not be read (no replay_id), left out. */
  unreadable: number;
}

function time(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

function decodeReplay(value: unknown): Replay | null {
  if (!isRecord(value) || typeof value.replay_id !== 'string' || value.replay_id === '')
    return null;
  return {
    id: value.replay_id,
    startedAtMs: time(value.started_at),
    finishedAtMs: time(value.finished_at),
  };
}

/** The list as the server sent it, oldest first; anything but an array is an error. */
export function decodeReplayList(value: unknown): ReplayList {
  if (!Array.isArray(value)) throw new Error('the list of recordings is not a JSON array');
  const replays: Replay[] = [];
  let unreadable = 0;
  for (const entry of value) {
    const replay = decodeReplay(entry);
    if (replay) replays.push(replay);
    else unreadable += 1;
  }
  replays.sort((a, b) => (a.startedAtMs ?? 0) - (b.startedAtMs ?? 0));
  return { replays, unreadable };
}

/** Decodes the answer to starting a recording. */
export function decodeStartedReplay(value: unknown): Replay {
  const replay = decodeReplay(value);
  if (!replay) throw new Error('the server’s answer to starting a recording has no replay_id');
  return replay;
}

/** The recording that covers `tsUs` (Unix µs), the newest first; finished ones only. */
export function replayAt(replays: readonly Replay[], tsUs: number): Replay | undefined {
  const ms = tsUs / 1000;
  for (let at = replays.length - 1; at >= 0; at -= 1) {
    const replay = replays[at] as Replay;
    if (replay.startedAtMs === null || replay.finishedAtMs === null) continue;
    if (ms >= replay.startedAtMs && ms <= replay.finishedAtMs) return replay;
  }
  return undefined;
}

/** "1:05" for 65 s; "1:02:03" past an hour. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
