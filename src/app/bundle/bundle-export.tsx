import { useCallback, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { logSourceLabel } from '../../features/logs/api/log-stream';
import { useSessionLogs } from '../../features/logs/stores/log-tabs-registry';
import type { LogTab } from '../../features/logs/stores/log-tab-controller';
import { imageBlob } from '../../entities/session-events/model/event-item';
import { computeNetworkRows } from '../../entities/session-events/model/network-table';
import { computePages } from '../../entities/session-events/model/pages';
import type { EventItem, TimelineItem } from '../../entities/session-events/model/types';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import { downloadBlob } from '../../lib/download';
import { leftOutNote, screenshotsNotHeld } from './bundle-screenshots';
import { useBundleRecordings } from './bundle-recordings';
import type { ApiConnection } from '../../lib/http/request';
import type { BundleLogInput } from './write-bundle';

export interface BundleExportProps {
  /** The session's id (or the opened bundle's), named in the manifest and the file name. */
  sessionId: string;
  /** Where the session's log tabs are registered. */
  logsKey: string;
  timeline: Timeline;
  params: URLSearchParams;
  createdAt: string | null;
  endedAt: string | null;
  /** Where the session's recordings are listed and fetched from; absent without a server. */
  connection?: ApiConnection;
}

async function imageBytes(item: EventItem): Promise<Uint8Array | null> {
  const url = item.screenshot?.url;
  const blob = url ? imageBlob(url) : undefined;
  return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
}

function logInput(tab: LogTab): BundleLogInput {
  const state = tab.store.getState();
  return {
    source: tab.source,
    label: logSourceLabel(tab.source),
    lines: tab.buffer.lines(false),
    filters: {
      include: state.include.text,
      exclude: state.exclude.text,
      search: state.search.text,
      hidden_levels: [...state.hiddenLevels],
      time_source: state.timeSource,
    },
  };
}

/** Lets the page draw (the progress line) between the parts of a long write. */
const breathe = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * "Debug bundle…": one .zip for a bug report with the telemetry, every open log stream, the HAR,
 * the screenshots, the marks and a manifest (bundle-format.ts). Secrets are masked unless asked
 * for; screenshots can be left out. The form is a dialog over the page (it would otherwise hang
 * over the view's toolbar): Escape or a click beside it closes it, back to this button.
 */
export function BundleExport(props: BundleExportProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((): void => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <div className="mb-1">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label="Debug bundle…"
        title="Save everything shown of this session as one .zip for a bug report"
        onClick={() => (open ? close() : setOpen(true))}
        className="rounded-md px-2 py-0.5 text-xs whitespace-nowrap text-muted hover:bg-panel-2 hover:text-fg"
      >
        <span className="sm:hidden">Bundle…</span>
        <span className="hidden sm:inline">Debug bundle…</span>
      </button>
      {open && <BundleForm {...props} onClose={close} />}
    </div>
  );
}

function BundleForm({
  sessionId,
  logsKey,
  timeline,
  params,
  createdAt,
  endedAt,
  connection,
  onClose,
}: BundleExportProps & { onClose: () => void }) {
  const logs = useSessionLogs(logsKey);
  const recordings = useBundleRecordings(connection, sessionId);
  const [screenshots, setScreenshots] = useState(true);
  const [reveal, setReveal] = useState(false);
  const [state, setState] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  // the counts follow the stream while the form is open
  useStore(timeline.store, (store) => store.version);
  const shots = timeline.buffer.retainedImages;
  const leftOut = screenshots
    ? leftOutNote(
        screenshotsNotHeld(timeline.buffer.screenshots, (index) => timeline.buffer.item(index)),
      )
    : null;

  const save = async (): Promise<void> => {
    setBusy(true);
    setState('Gathering…');
    try {
      await breathe();
      const items: TimelineItem[] = [];
      timeline.buffer.forEach((item) => items.push(item));
      const rows = computeNetworkRows(timeline.buffer, (item) =>
        timeline.buffer.network.exchangeOf(item),
      );
      const created = new Date();
      // HAR and the bundle's zip are written on asking only: their code loads then, not with the
      // page (the zip library alone is about 8 KB of the page's gzipped script)
      const { buildHar } = await import('../../features/network/model/har');
      const { bundleFileName, writeBundle } = await import('./write-bundle');
      const blob = await writeBundle({
        session: { id: sessionId, created_at: createdAt, ended_at: endedAt },
        app: { name: 'Session Console', version: __APP_VERSION__ },
        created,
        items,
        imageBytes,
        har: buildHar(rows, computePages(timeline.buffer), { reveal, version: __APP_VERSION__ }),
        logs: logs.tabs.map(logInput),
        view: params.toString(),
        reveal,
        screenshots,
        recordings: recordings.include ? (recordings.fetched ?? []) : [],
        progress: async (text) => {
          setState(text);
          await breathe();
        },
      });
      downloadBlob(blob, bundleFileName(sessionId, created));
      setState(`Saved ${(blob.size / 1024 / 1024).toFixed(1)} MB`);
    } catch (error) {
      setState(
        `The bundle could not be made: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={onClose}>
      <p id={`${id}-title`} className="font-medium">
        Debug bundle
      </p>
      <p className="text-xs text-muted">
        One .zip to attach to a bug report: the timeline (
        {timeline.buffer.size.toLocaleString('en-US')} rows),{' '}
        {logs.tabs.length === 1 ? '1 log stream' : `${logs.tabs.length} log streams`}, the requests
        as HAR, marks, gaps and a manifest. Opens again with “Open a bundle…”.
      </p>
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          checked={screenshots}
          // opened at a person's request: the first choice takes the keyboard
          autoFocus
          aria-describedby={leftOut ? `${id}-left-out` : undefined}
          onChange={(event) => setScreenshots(event.target.checked)}
        />
        Screenshots ({shots.toLocaleString('en-US')})
      </label>
      {leftOut && (
        <p id={`${id}-left-out`} className="text-xs text-warn">
          {leftOut}
        </p>
      )}
      {recordings.available !== null && recordings.available > 0 && (
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            checked={recordings.include}
            onChange={(event) => recordings.setInclude(event.target.checked)}
          />
          Recordings of the screen ({recordings.available})
          {recordings.include && recordings.note ? `: ${recordings.note}` : ''}
        </label>
      )}
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          checked={reveal}
          onChange={(event) => setReveal(event.target.checked)}
        />
        Include secrets (Authorization, cookies, API keys); log lines are always as written
      </label>
      <div className="flex items-center justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
        {/* aria-disabled, not disabled, while saving: the button keeps the keyboard (Escape) */}
        <Button
          size="sm"
          variant="primary"
          aria-disabled={busy}
          onClick={() => {
            // recordings asked for are fetched first, so that their size was shown before saving
            if (!busy && !(recordings.include && recordings.fetched === null)) void save();
          }}
        >
          Save bundle
        </Button>
      </div>
      <p aria-live="polite" className="min-h-4 text-xs text-muted">
        {state}
      </p>
    </ModalDialog>
  );
}
