import { create } from 'zustand';
import { FilePicker } from '../../components/ui/file-picker';
import { LIMITS } from '../../config/limits';
import { decodeSavedLines } from '../../features/logs/api/log-decoder';
import { createFileLogTab } from '../../features/logs/stores/log-tab-controller';
import { setFileLogTabs, useLogTabsRegistry } from '../../features/logs/stores/log-tabs-registry';
import { createFileTimeline } from '../../entities/session-events/stores/file-timeline';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import { setFileTimeline } from '../../entities/session-events/stores/timeline-registry';
import type { SavedRecording } from '../../features/screen/components/saved-recordings';
import type { LogTab } from '../../features/logs/stores/log-tab-controller';
import type { BundleFacts, BundleRead, OpenedBundle } from './read-bundle';
import { readBundleFile } from './read-bundle-file';

/** Where an opened bundle's log streams are registered (never a session id: those have no colon). */
export const BUNDLE_LOGS_KEY = ':bundle';

export interface OpenedBundleState {
  /** The opened bundle's timeline (the file view shows the bundle while it is the open file). */
  timeline: Timeline;
  name: string;
  facts: BundleFacts;
  missing: string[];
  /** Its screen recordings, played offline. */
  recordings: SavedRecording[];
}

/** The bundle opened last, if any. */
export const useOpenedBundle = create<OpenedBundleState | null>()(() => null);

let opened = 0;

/**
 * A bundle's timeline and log streams (`key` tells its tabs apart from another bundle's), as the
 * opened-file view and a comparison of two files both show them.
 */
export function bundleRuns(
  name: string,
  bundle: OpenedBundle,
  key: string,
): { timeline: Timeline; tabs: LogTab[] } {
  const timeline = createFileTimeline({
    name,
    envelopes: bundle.envelopes,
    problems: bundle.problems,
    annotations: bundle.annotations,
    capacity: LIMITS.telemetryEventsMax,
  });
  // relative times count from the session's creation, as they did in the session's own view
  const createdMs = Date.parse(bundle.facts.sessionCreated ?? '');
  if (!Number.isNaN(createdMs)) timeline.buffer.anchorOrigin(createdMs * 1000);
  const capacity = useLogTabsRegistry.getState().capacity;
  const tabs = bundle.logs.map((log, at) =>
    createFileLogTab({
      id: `${key}-log-${at + 1}`,
      source: log.source,
      lines: decodeSavedLines(log.lines),
      capacity,
      origin: `saved in ${name}`,
    }),
  );
  return { timeline, tabs };
}

/** Shows a bundle read as the opened file: its timeline, its log streams; a reason when it cannot. */
export function showBundle(name: string, result: BundleRead): string | null {
  if (!result.ok) return `${name} cannot be opened: ${result.reason}.`;
  const { bundle } = result;
  opened += 1;
  const { timeline, tabs } = bundleRuns(name, bundle, `bundle-${opened}`);
  setFileLogTabs(BUNDLE_LOGS_KEY, tabs);
  const recordings = bundle.recordings.map((recording) => ({
    replay: {
      id: recording.replayId,
      startedAtMs: recording.startedAtMs,
      finishedAtMs: recording.finishedAtMs,
    },
    video: new Blob([recording.video as BlobPart], { type: 'video/mp4' }),
  }));
  useOpenedBundle.setState(
    { timeline, name, facts: bundle.facts, missing: bundle.missing, recordings },
    true,
  );
  setFileTimeline(timeline);
  return null;
}

/** "Open a bundle…": a debug bundle saved from a session, shown whole with no server. */
export function OpenBundleButton({ onOpened }: { onOpened: () => void }) {
  return (
    <FilePicker
      label="Open a bundle…"
      accept=".zip,application/zip"
      onFile={async (file) => {
        // unpacked and read off the page's thread; the page only shows the result
        const problem = showBundle(file.name, await readBundleFile(file));
        if (problem === null) onOpened();
        return problem;
      }}
    />
  );
}
