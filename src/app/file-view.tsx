import { OpenFileButton } from '../features/telemetry/components/open-file-button';
import { TelemetryPanel } from '../features/telemetry/components/telemetry-panel';
import { useTimelineRegistry } from '../features/telemetry/stores/timeline-registry';

/** A telemetry file opened from disk, shown with the same timeline as a live session. */
export function FileView({ onOpened }: { onOpened: () => void }) {
  const file = useTimelineRegistry((state) => state.file);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 flex-wrap items-center gap-3 border-b border-border bg-panel px-3 py-1.5 text-sm">
        <span className="font-medium">
          {file && file.origin.kind === 'file' ? file.origin.name : 'No file open'}
        </span>
        <span className="text-xs text-muted">opened from disk: no server involved</span>
        <div className="ml-auto flex flex-wrap gap-x-3">
          <OpenFileButton onOpened={onOpened} />
          <OpenFileButton kind="har" onOpened={onOpened} />
        </div>
      </div>
      {file ? (
        <TelemetryPanel key={file.origin.kind === 'file' ? file.origin.name : ''} timeline={file} />
      ) : (
        <p className="p-6 text-sm text-muted">
          Choose a JSON Lines file saved with Export in a session’s timeline, or a HAR file.
        </p>
      )}
    </div>
  );
}
