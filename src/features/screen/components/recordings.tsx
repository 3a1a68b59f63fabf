import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { isOperationNotOffered } from '../../../lib/http/not-offered';
import { ApiRequestError, type ApiConnection } from '../../../lib/http/request';
import { cn } from '../../../lib/cn';
import { formatTimestamp } from '../../../lib/time-format';
import { replaysQuery, startReplay, stopReplay } from '../api/replays';
import { formatClock, type Replay } from '../model/replays';
import { ReplayPlayer } from './replay-player';

export interface RecordingsProps {
  connection: ApiConnection;
  sessionId: string;
  ended: boolean;
  timeline: Timeline | undefined;
}

function describe(replay: Replay): string {
  if (replay.startedAtMs === null) return 'start time unknown';
  const start = formatTimestamp(replay.startedAtMs, 'local', 0);
  if (replay.finishedAtMs === null) return `${start} · recording…`;
  return `${start} · ${formatClock((replay.finishedAtMs - replay.startedAtMs) / 1000)}`;
}

/**
 * The session's recordings (replays): Record and Stop, the list, and the chosen one played on the
 * session's time axis. An ended session's recordings play the same way.
 */
export function Recordings({ connection, sessionId, ended, timeline }: RecordingsProps) {
  const client = useQueryClient();
  const query = replaysQuery(connection, sessionId, ended);
  const list = useQuery(query);
  const [chosen, setChosen] = useState<string | null>(null);
  const refresh = (): void => void client.invalidateQueries({ queryKey: query.queryKey });
  const start = useMutation({
    mutationFn: () => startReplay(connection, sessionId),
    onSettled: refresh,
    retry: false,
  });
  const stop = useMutation({
    mutationFn: (replayId: string) => stopReplay(connection, sessionId, replayId),
    onSettled: refresh,
    retry: false,
  });

  if (list.isError) {
    const error = list.error;
    const notOffered = error instanceof ApiRequestError && isOperationNotOffered(error.failure);
    return (
      <p className="text-xs text-muted">
        {notOffered ? (
          'This server does not offer recordings of the screen.'
        ) : (
          <>
            The recordings could not be listed: <UntrustedText text={error.message} />
          </>
        )}
      </p>
    );
  }
  const replays = list.data?.replays ?? [];
  const recording = replays.find((replay) => replay.finishedAtMs === null);
  const selected = replays.find((replay) => replay.id === chosen);
  const failed = start.error ?? stop.error;
  return (
    <section aria-label="Recordings" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto text-xs font-semibold text-muted uppercase">
          Recordings{list.data ? ` (${replays.length})` : ''}
        </h3>
        {!ended &&
          (recording ? (
            <Button
              size="sm"
              disabled={stop.isPending}
              onClick={() => stop.mutate(recording.id)}
              title="Stop the recording; it becomes playable when it is written"
            >
              ■ Stop
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={start.isPending}
              onClick={() => start.mutate()}
              title="Record the session's screen until Stop (or the server's longest recording)"
            >
              ● Record
            </Button>
          ))}
      </div>
      {failed && (
        <p role="alert" className="text-xs text-danger">
          <UntrustedText text={failed.message} />
        </p>
      )}
      {list.data && list.data.unreadable > 0 && (
        <p className="text-xs text-warn">
          {list.data.unreadable} recording{list.data.unreadable === 1 ? '' : 's'} in the server’s
          list could not be read (no replay_id) and {list.data.unreadable === 1 ? 'is' : 'are'} left
          out.
        </p>
      )}
      {list.isPending ? (
        <p className="text-xs text-muted">Listing the recordings…</p>
      ) : replays.length === 0 ? (
        <p className="text-xs text-muted">
          No recordings of this session{ended ? '.' : ' yet. Record starts one.'}
        </p>
      ) : (
        <ul className="space-y-0.5">
          {replays.map((replay) => (
            <li key={replay.id}>
              <button
                type="button"
                aria-pressed={replay.id === chosen}
                disabled={replay.startedAtMs === null}
                onClick={() => setChosen(replay.id === chosen ? null : replay.id)}
                className={cn(
                  'w-full rounded px-2 py-0.5 text-left font-mono text-xs hover:bg-panel-2',
                  replay.id === chosen && 'bg-accent/15',
                )}
              >
                {describe(replay)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected && selected.startedAtMs !== null && (
        <ReplayPlayer
          // the recording's state decides whether it loads: asked again when it has finished
          key={`${selected.id}:${selected.finishedAtMs !== null}`}
          connection={connection}
          sessionId={sessionId}
          replay={{ ...selected, startedAtMs: selected.startedAtMs }}
          timeline={timeline}
        />
      )}
    </section>
  );
}
