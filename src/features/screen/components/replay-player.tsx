import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { selectAtTime } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import type { ApiConnection } from '../../../lib/http/request';
import { formatTimestamp } from '../../../lib/time-format';
import { fetchReplayVideo } from '../api/replays';
import { playhead } from '../stores/playhead';
import { formatClock, type Replay } from '../model/replays';

/** Playback speeds offered, slowest first. */
export const SPEEDS = [0.5, 1, 1.5, 2, 4] as const;
/** One frame of a recording at the reference server's default 10 frames a second. */
export const FRAME_SECONDS = 0.1;
/** The views follow the playhead at most this often. */
const FOLLOW_MS = 100;

type Load =
  | { kind: 'loading' }
  | { kind: 'writing'; retryAt: number }
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; message: string };

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Loads a recording, asking again as the server says while it is still being written; one saved
 * in a bundle (`saved`) is played as it is.
 */
function useReplayVideo(
  connection: ApiConnection | null,
  sessionId: string,
  replayId: string,
  saved: Blob | undefined,
): Load {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const savedUrl = useMemo(() => (saved ? URL.createObjectURL(saved) : null), [saved]);
  useEffect(
    () => () => {
      if (savedUrl) URL.revokeObjectURL(savedUrl);
    },
    [savedUrl],
  );
  useEffect(() => {
    if (saved || !connection) return;
    const abort = new AbortController();
    let url: string | null = null;
    void (async () => {
      while (!abort.signal.aborted) {
        try {
          const answer = await fetchReplayVideo(connection, sessionId, replayId, abort.signal);
          if (abort.signal.aborted) return;
          if (answer.kind === 'ready') {
            url = URL.createObjectURL(answer.video);
            setLoad({ kind: 'ready', url });
            return;
          }
          setLoad({ kind: 'writing', retryAt: Date.now() + answer.retryAfterMs });
          await wait(answer.retryAfterMs, abort.signal);
        } catch (error) {
          if (abort.signal.aborted) return;
          setLoad({
            kind: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
          return;
        }
      }
    })();
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [connection, sessionId, replayId, saved]);
  if (savedUrl) return { kind: 'ready', url: savedUrl };
  if (!connection) return { kind: 'failed', message: 'the recording was not saved' };
  return load;
}

export interface ReplayPlayerProps {
  /** Where to fetch the recording from; null for one saved in a bundle (`video`). */
  connection: ApiConnection | null;
  sessionId: string;
  replay: Replay & { startedAtMs: number };
  timeline: Timeline | undefined;
  /** The recording itself, when it was saved in a bundle. */
  video?: Blob;
}

/**
 * One recording, played on the session's time axis: while it plays, the timeline selects the
 * event of the moment shown (and the views that follow the selection with it); choosing an event
 * in the recording's time seeks to it. With a time range chosen, play stays within it. Keys, with
 * the player focused: `,` and `.` step a frame back and on, `<` and `>` slow down and speed up.
 */
export function ReplayPlayer({
  connection,
  sessionId,
  replay,
  timeline,
  video: saved,
}: ReplayPlayerProps) {
  const load = useReplayVideo(connection, sessionId, replay.id, saved);
  const video = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState(1);
  const [nowMs, setNowMs] = useState(replay.startedAtMs);
  // the index the player itself selected last: a different selection is a person's, to seek to
  const own = useRef<number | null>(null);
  // while the player itself selects, the selection it makes is not a person's choice
  const selecting = useRef(false);
  // a seek to a person's choice: the moment it lands on keeps that choice selected
  const chosenSeek = useRef(false);

  // a millisecond's allowance: a seek to an event's moment, read back in seconds, can land a
  // hair before it, and must still select that event rather than the one before
  const momentUs = (element: HTMLVideoElement): number =>
    Math.round((replay.startedAtMs + element.currentTime * 1000) * 1000) + 1000;

  // while playing: the views follow the playhead, and a time range bounds it
  useEffect(() => {
    const element = video.current;
    if (!element || load.kind !== 'ready') return;
    let frame = 0;
    let last = 0;
    const follow = (): void => {
      const tsUs = momentUs(element);
      setNowMs(tsUs / 1000);
      playhead.setState({ sessionId, tsUs });
      if (!timeline) return;
      if (chosenSeek.current) {
        chosenSeek.current = false;
        return;
      }
      const range = timeline.store.getState().filter.range;
      if (range && tsUs > range.toUs && !element.paused) element.pause();
      selecting.current = true;
      try {
        own.current = selectAtTime(timeline, tsUs);
      } finally {
        selecting.current = false;
      }
    };
    const tick = (time: number): void => {
      if (time - last >= FOLLOW_MS) {
        last = time;
        follow();
      }
      if (!element.paused) frame = requestAnimationFrame(tick);
    };
    const onPlay = (): void => {
      const range = timeline?.store.getState().filter.range;
      if (range) {
        const fromS = (range.fromUs / 1000 - replay.startedAtMs) / 1000;
        const toS = (range.toUs / 1000 - replay.startedAtMs) / 1000;
        if (element.currentTime < fromS || element.currentTime >= toS)
          element.currentTime = Math.max(0, fromS);
      }
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    element.addEventListener('play', onPlay);
    element.addEventListener('seeked', follow);
    element.addEventListener('pause', follow);
    return () => {
      cancelAnimationFrame(frame);
      playhead.setState({ sessionId: null, tsUs: null });
      element.removeEventListener('play', onPlay);
      element.removeEventListener('seeked', follow);
      element.removeEventListener('pause', follow);
    };
    // momentUs reads the replay only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load.kind, timeline, replay.startedAtMs, sessionId]);

  // an event chosen in the views (a row, the overview, a filmstrip) seeks the recording to it
  useEffect(() => {
    if (!timeline || load.kind !== 'ready') return;
    return timeline.store.subscribe((state, previous) => {
      const element = video.current;
      if (!element || selecting.current) return;
      const chosen =
        state.selected !== previous.selected
          ? state.selected
          : state.reveal !== previous.reveal
            ? (state.reveal?.key ?? null)
            : null;
      if (chosen === null || chosen === own.current) return;
      const item = timeline.buffer.item(chosen);
      if (!item) return;
      const seconds = (item.tsUs / 1000 - replay.startedAtMs) / 1000;
      if (seconds < 0 || (Number.isFinite(element.duration) && seconds > element.duration)) return;
      own.current = chosen;
      chosenSeek.current = true;
      element.currentTime = seconds;
    });
  }, [timeline, load.kind, replay.startedAtMs]);

  // a moment chosen outside the timeline (a log line) seeks the recording too
  useEffect(() => {
    if (load.kind !== 'ready') return;
    return playhead.subscribe(({ seek }, previous) => {
      const element = video.current;
      if (!element || !seek || seek === previous.seek || seek.sessionId !== sessionId) return;
      const seconds = (seek.tsUs / 1000 - replay.startedAtMs) / 1000;
      if (seconds < 0 || (Number.isFinite(element.duration) && seconds > element.duration)) return;
      element.currentTime = seconds;
    });
  }, [load.kind, sessionId, replay.startedAtMs]);

  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed, load.kind]);

  const step = (frames: number): void => {
    const element = video.current;
    if (!element) return;
    element.pause();
    element.currentTime = Math.max(0, element.currentTime + frames * FRAME_SECONDS);
  };
  const changeSpeed = (by: 1 | -1): void => {
    const at = SPEEDS.indexOf(speed as (typeof SPEEDS)[number]);
    setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, at + by))] ?? 1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = {
      ',': () => step(-1),
      '.': () => step(1),
      '<': () => changeSpeed(-1),
      '>': () => changeSpeed(1),
    }[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  if (load.kind === 'loading') return <p className="text-xs text-muted">Loading the recording…</p>;
  if (load.kind === 'writing')
    return (
      <p role="status" className="text-xs text-muted">
        This recording is still being written; it becomes playable when it is done (asking again at{' '}
        {formatTimestamp(load.retryAt, 'local', 0)}).
      </p>
    );
  if (load.kind === 'failed')
    return (
      <p role="alert" className="text-xs text-danger">
        The recording could not be loaded: <UntrustedText text={load.message} />
      </p>
    );
  const offset = (nowMs - replay.startedAtMs) / 1000;
  return (
    <div
      role="group"
      aria-label="Recording player"
      aria-keyshortcuts=", . < >"
      onKeyDown={onKeyDown}
      className="space-y-1"
    >
      <video
        ref={video}
        src={load.url}
        controls
        muted
        playsInline
        preload="auto"
        aria-label={`Recording from ${formatTimestamp(replay.startedAtMs, 'local', 0)}`}
        className="w-full bg-black"
      />
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Button
          size="sm"
          onClick={() => step(-1)}
          title="One frame back (,)"
          aria-label="One frame back"
        >
          ◂|
        </Button>
        <Button
          size="sm"
          onClick={() => step(1)}
          title="One frame on (.)"
          aria-label="One frame on"
        >
          |▸
        </Button>
        <label className="flex items-center gap-1 text-muted">
          Speed
          <select
            value={speed}
            onChange={(event) => setSpeed(Number(event.target.value))}
            title="Slower (<), faster (>)"
            className="rounded border border-border bg-panel px-1 py-0.5 text-fg"
          >
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </select>
        </label>
        <span className="ml-auto font-mono text-muted" data-testid="replay-clock">
          {formatTimestamp(nowMs, 'local', 0)} · {formatClock(offset)}
        </span>
      </div>
    </div>
  );
}
