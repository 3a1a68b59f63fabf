import { useState } from 'react';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { cn } from '../../../lib/cn';
import { formatTimestamp } from '../../../lib/time-format';
import { formatClock, type Replay } from '../model/replays';
import { ReplayPlayer } from './replay-player';

export interface SavedRecording {
  replay: Replay & { startedAtMs: number };
  video: Blob;
}

/**
 * The recordings saved in a debug bundle, played offline on the bundle's time axis as a
 * session's are (the timeline follows the playhead, an event seeks it).
 */
export function SavedRecordings({
  name,
  recordings,
  timeline,
}: {
  name: string;
  recordings: readonly SavedRecording[];
  timeline: Timeline;
}) {
  const [chosen, setChosen] = useState<string | null>(recordings[0]?.replay.id ?? null);
  const selected = recordings.find((each) => each.replay.id === chosen);
  return (
    <section aria-label="Recordings" className="space-y-2 p-2">
      <h2 className="text-sm font-semibold">Recordings ({recordings.length})</h2>
      <ul className="space-y-0.5">
        {recordings.map(({ replay, video }) => (
          <li key={replay.id}>
            <button
              type="button"
              aria-pressed={replay.id === chosen}
              onClick={() => setChosen(replay.id === chosen ? null : replay.id)}
              className={cn(
                'w-full rounded px-2 py-0.5 text-left font-mono text-xs hover:bg-panel-2',
                replay.id === chosen && 'bg-accent/15',
              )}
            >
              {formatTimestamp(replay.startedAtMs, 'local', 0)}
              {replay.finishedAtMs !== null
                ? ` · ${formatClock((replay.finishedAtMs - replay.startedAtMs) / 1000)}`
                : ''}{' '}
              · {(video.size / 1024 / 1024).toFixed(1)} MB
            </button>
          </li>
        ))}
      </ul>
      {selected && (
        <ReplayPlayer
          key={selected.replay.id}
          connection={null}
          sessionId={name}
          replay={selected.replay}
          timeline={timeline}
          video={selected.video}
        />
      )}
    </section>
  );
}
