import type { OverviewExtraLane } from '../entities/session-events/model/overview';
import type { Replay } from '../features/screen/model/replays';

/** A recording is drawn as moments this far apart (at most `MAX_MOMENTS` in all). */
const MOMENT_MS = 50;
const MAX_MOMENTS = 20_000;

/**
 * The session's recordings as a lane of the overview: a band over the time each one covers (up
 * to now for one still recording), on the same axis as the events and log lines.
 */
export function replayLane(replays: readonly Replay[], nowMs: number): OverviewExtraLane {
  return {
    id: 'replays',
    label: 'Recordings',
    colorVar: '--cat-screenshot',
    forEach(visit) {
      const spans = replays.flatMap((replay) =>
        replay.startedAtMs === null
          ? []
          : [[replay.startedAtMs, Math.max(replay.startedAtMs, replay.finishedAtMs ?? nowMs)]],
      );
      const total = spans.reduce((sum, [from = 0, to = 0]) => sum + (to - from), 0);
      const step = Math.max(MOMENT_MS, total / MAX_MOMENTS);
      for (const [from = 0, to = 0] of spans)
        for (let ms = from; ms <= to; ms += step) visit(ms * 1000, false);
    },
  };
}
