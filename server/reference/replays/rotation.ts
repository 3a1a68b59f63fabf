// A recording kept going for a session (the demo session's): a new one every `everyMs`, the newest
// `keep` finished ones kept and older ones deleted, until the session ends or the server stops.

/** What a rotation asks of the recorder (replays.ts). */
export interface Recorder<S extends { id: string }> {
  start(
    session: S,
    options: { framerate: number; maxDurationS: number },
  ): Promise<{ replay_id: string }>;
  stop(sessionId: string, replayId: string): Promise<unknown>;
  list(sessionId: string): Promise<{ replay_id: string; finished_at: string | null }[]>;
  remove(sessionId: string, replayId: string): Promise<void>;
}

export interface RotationOptions {
  /** How long each recording runs before the next one starts. */
  everyMs: number;
  /** Finished recordings kept besides the one going. */
  keep: number;
  framerate: number;
}

export interface Rotation {
  /** Stops turning; resolves once a turn under way is over (what it started is then stopped). */
  stop(): Promise<void>;
}

export function rotateRecordings<S extends { id: string }>(
  replays: Recorder<S>,
  session: S,
  options: RotationOptions,
): Rotation {
  let stopped = false;
  let current: string | undefined;
  let warned = false;
  let turning = Promise.resolve();

  const prune = async (): Promise<void> => {
    const finished = (await replays.list(session.id)).filter(
      (meta) => meta.finished_at !== null && meta.replay_id !== current,
    );
    for (const meta of finished.slice(0, Math.max(0, finished.length - options.keep)))
      await replays.remove(session.id, meta.replay_id);
  };

  const turn = async (): Promise<void> => {
    const previous = current;
    current = undefined;
    if (previous) await replays.stop(session.id, previous).catch(() => undefined);
    if (stopped) return;
    try {
      // a little longer than the turn: the next turn stops it, not its limit
      const maxDurationS = Math.ceil(options.everyMs / 1000) + 60;
      current = (await replays.start(session, { framerate: options.framerate, maxDurationS }))
        .replay_id;
      warned = false;
      if (stopped) {
        await replays.stop(session.id, current);
        return;
      }
    } catch (error) {
      if (!warned)
        console.warn(
          `reference server: session ${session.id}: no recording kept: ${(error as Error).message}`,
        );
      warned = true;
    }
    await prune().catch(() => undefined);
  };

  const next = (): void => {
    turning = turning.then(turn);
  };
  next();
  const timer = setInterval(next, options.everyMs);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      return turning;
    },
  };
}
