import { formatDateTime } from '../lib/time-format';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { UntrustedText } from '../components/ui/untrusted-text';
import { SavedLogsPanel } from '../features/logs/components/logs-panel';
import { OpenFileButton } from './open-file-button';
import { TelemetryPanel } from './events-panel/telemetry-panel';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import { useTimelineRegistry } from '../entities/session-events/stores/timeline-registry';
import { BundleExport } from './bundle/bundle-export';
import {
  BUNDLE_LOGS_KEY,
  OpenBundleButton,
  useOpenedBundle,
  type OpenedBundleState,
} from './bundle/open-bundle';
import { SessionWorkspace } from './session-workspace';
import { SavedRecordings } from '../features/screen/components/saved-recordings';

function OpenButtons({ onOpened }: { onOpened: () => void }) {
  return (
    <div className="ml-auto flex flex-wrap gap-x-3">
      <OpenBundleButton onOpened={onOpened} />
      <OpenFileButton onOpened={onOpened} />
      <OpenFileButton kind="har" onOpened={onOpened} />
    </div>
  );
}

/** What the bundle is: the session, when it was saved, secrets, and every part it lacks. */
function BundleFactsLine({
  bundle,
  onApplyView,
}: {
  bundle: OpenedBundleState;
  onApplyView: (() => void) | null;
}) {
  const { facts, missing } = bundle;
  const created = facts.created ? new Date(facts.created) : null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
      <span>
        Session{' '}
        <span className="font-mono text-fg">
          <UntrustedText text={facts.sessionId ?? 'unknown'} />
        </span>
      </span>
      {created && !Number.isNaN(created.getTime()) && <span>saved {formatDateTime(created)}</span>}
      {facts.secrets && <span>secrets {facts.secrets === 'masked' ? 'masked' : 'included'}</span>}
      {facts.screenshotsIncluded === false && <span>saved without screenshots</span>}
      {missing.length > 0 && (
        <details className="text-warn">
          <summary className="cursor-pointer">
            {missing.length === 1 ? '1 part missing' : `${missing.length} parts missing`}
          </summary>
          <ul className="list-disc pl-5">
            {missing.map((text) => (
              <li key={text}>
                <UntrustedText text={text} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {onApplyView && (
        <Button size="sm" variant="ghost" onClick={onApplyView}>
          Show it as it was saved (filters, range, view)
        </Button>
      )}
    </div>
  );
}

/** A debug bundle: its timeline, saved log streams and the All view, like a session's. */
function BundleWorkspace({ bundle, timeline }: { bundle: OpenedBundleState; timeline: Timeline }) {
  const [params, setParams] = useState(() => new URLSearchParams());
  const saved = bundle.facts.view;
  return (
    <>
      <div className="shrink-0 border-b border-border bg-panel px-3 py-1">
        <BundleFactsLine
          bundle={bundle}
          onApplyView={
            saved && saved !== params.toString()
              ? () => setParams(new URLSearchParams(saved))
              : null
          }
        />
      </div>
      <div className="flex flex-1 flex-col lg:min-h-0 lg:flex-row">
        <SessionWorkspace
          logsKey={BUNDLE_LOGS_KEY}
          timeline={timeline}
          linkedSeq={null}
          params={params}
          onParamsChange={setParams}
          logsPanel={
            <SavedLogsPanel logsKey={BUNDLE_LOGS_KEY} name={bundle.facts.sessionId ?? 'bundle'} />
          }
          actions={
            <BundleExport
              sessionId={bundle.facts.sessionId ?? 'bundle'}
              logsKey={BUNDLE_LOGS_KEY}
              timeline={timeline}
              params={params}
              createdAt={null}
              endedAt={null}
            />
          }
        />
        {bundle.recordings.length > 0 && (
          <aside
            aria-label="Saved recordings"
            className="shrink-0 overflow-y-auto border-t border-border bg-panel lg:w-[28%] lg:border-t-0 lg:border-l"
          >
            <SavedRecordings
              name={bundle.facts.sessionId ?? 'bundle'}
              recordings={bundle.recordings}
              timeline={timeline}
            />
          </aside>
        )}
      </div>
    </>
  );
}

/** A telemetry file, HAR or debug bundle opened from disk, shown like a session. */
export function FileView({ onOpened }: { onOpened: () => void }) {
  const file = useTimelineRegistry((state) => state.file);
  const opened = useOpenedBundle();
  const bundle = opened && opened.timeline === file ? opened : null;
  const name = file && file.origin.kind === 'file' ? file.origin.name : null;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:overflow-hidden">
      <div className="flex shrink-0 flex-wrap items-center gap-3 border-b border-border bg-panel px-3 py-1.5 text-sm">
        <span className="font-medium">{name ? <UntrustedText text={name} /> : 'No file open'}</span>
        <span className="text-xs text-muted">opened from disk: no server involved</span>
        <OpenButtons onOpened={onOpened} />
      </div>
      {file && bundle ? (
        <BundleWorkspace key={name ?? ''} bundle={bundle} timeline={file} />
      ) : file ? (
        <TelemetryPanel key={name ?? ''} timeline={file} />
      ) : (
        <p className="p-6 text-sm text-muted">
          Choose a debug bundle (.zip) or a JSON Lines file saved with Export in a session’s
          timeline, or a HAR file.
        </p>
      )}
    </div>
  );
}
