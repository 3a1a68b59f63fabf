import { useId, useState, type ChangeEvent } from 'react';
import { LIMITS } from '../../../config/limits';
import { parseJsonl } from '../model/jsonl';
import { createFileTimeline } from '../stores/timeline-controller';
import { setFileTimeline } from '../stores/timeline-registry';

/** Opens a JSON Lines export of telemetry events, to view it without any server. */
export function OpenFileButton({ onOpened }: { onOpened: () => void }) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(`Reading ${file.name}…`);
    try {
      const { envelopes, problems, annotations } = parseJsonl(await file.text());
      if (envelopes.length === 0) {
        setMessage(
          `${file.name} holds no telemetry events${problems[0] ? ` (line ${problems[0].line}: ${problems[0].reason})` : ''}.`,
        );
        return;
      }
      setFileTimeline(
        createFileTimeline({
          name: file.name,
          envelopes,
          problems,
          annotations,
          capacity: LIMITS.telemetryEventsMax,
        }),
      );
      setMessage(null);
      onOpened();
    } catch (error) {
      setMessage(
        `Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="inline-flex h-9 w-fit cursor-pointer items-center rounded-md border border-border bg-panel-2 px-3 text-sm font-medium hover:border-muted focus-within:outline-2"
      >
        Open an exported telemetry file…
        <input
          id={id}
          type="file"
          accept=".jsonl,.ndjson,.json,application/x-ndjson,text/plain"
          className="sr-only"
          onChange={(event) => void onChange(event)}
        />
      </label>
      <p role="status" className="text-xs text-muted">
        {message}
      </p>
    </div>
  );
}
