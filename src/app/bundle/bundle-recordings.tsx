import { useEffect, useState } from 'react';
import { fetchReplayVideo, listReplays } from '../../features/screen/api/replays';
import type { Replay } from '../../features/screen/model/replays';
import type { ApiConnection } from '../../lib/http/request';
import type { RecordingInput } from './write-bundle';

export interface BundleRecordings {
  /** Finished recordings of the session; null before they are listed or without a server. */
  available: number | null;
  include: boolean;
  /** What ticking the box fetched: the recordings and their size, or what is happening. */
  fetched: RecordingInput[] | null;
  note: string | null;
  setInclude: (include: boolean) => void;
}

/**
 * The session's screen recordings for a debug bundle: listed when the form opens; ticking the
 * box fetches the finished ones (with the token), so that their size is known before saving.
 */
export function useBundleRecordings(
  connection: ApiConnection | undefined,
  sessionId: string,
): BundleRecordings {
  // listed once when the form opens; a list that cannot be read offers no recordings
  const [listed, setListed] = useState<Replay[] | null>(null);
  useEffect(() => {
    if (!connection) return;
    const abort = new AbortController();
    listReplays(connection, sessionId, abort.signal).then(
      (list) => setListed(list.replays),
      () => undefined,
    );
    return () => abort.abort();
  }, [connection, sessionId]);
  const finished = (listed ?? []).filter(
    (replay) => replay.finishedAtMs !== null && replay.startedAtMs !== null,
  );
  const [include, setIncludeState] = useState(false);
  const [fetched, setFetched] = useState<RecordingInput[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const setInclude = (next: boolean): void => {
    setIncludeState(next);
    if (!next || fetched || !connection) return;
    setNote('Fetching the recordings…');
    void (async () => {
      const got: RecordingInput[] = [];
      let writing = 0;
      try {
        for (const replay of finished) {
          const answer = await fetchReplayVideo(connection, sessionId, replay.id);
          if (answer.kind === 'writing') {
            writing += 1;
            continue;
          }
          got.push({
            replayId: replay.id,
            startedAt: new Date(replay.startedAtMs ?? 0).toISOString(),
            finishedAt: new Date(replay.finishedAtMs ?? 0).toISOString(),
            bytes: new Uint8Array(await answer.video.arrayBuffer()),
          });
        }
        const bytes = got.reduce((sum, each) => sum + each.bytes.byteLength, 0);
        setFetched(got);
        setNote(
          `${got.length} recording${got.length === 1 ? '' : 's'}, ${(bytes / 1024 / 1024).toFixed(1)} MB` +
            (writing > 0 ? ` (${writing} still being written, left out)` : ''),
        );
      } catch (error) {
        setIncludeState(false);
        setNote(
          `The recordings could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    })();
  };
  return {
    available: listed ? finished.length : null,
    include,
    fetched,
    note,
    setInclude,
  };
}
