import { useId, useState, type ChangeEvent } from 'react';
import { LIMITS } from '../../../config/limits';
import { readHar } from '../model/har';
import { parseJsonl } from '../model/jsonl';
import { createFileTimeline } from '../stores/timeline-controller';
import { setFileTimeline } from '../stores/timeline-registry';

const KINDS = {
  telemetry: {
    label: 'Open an exported telemetry file…',
    accept: '.jsonl,.ndjson,.json,application/x-ndjson,text/plain',
  },
  har: { label: 'Open a HAR file…', accept: '.har,.json,application/json' },
};

/**
 * Opens a JSON Lines export of telemetry events, or a HAR file (shown in the Network view), to
 * view it without any server.
 */
export function OpenFileButton({
  onOpened,
  kind = 'telemetry',
}: {
  onOpened: () => void;
  kind?: keyof typeof KINDS;
}) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(`Reading ${file.name}…`);
    try {
      const text = await file.text();
      if (kind === 'har') {
        const har = readHar(text);
        if (!har || har.envelopes.length === 0) {
          setMessage(
            har
              ? `${file.name} holds no request that could be read${har.problems[0] ? ` (${har.problems[0].reason})` : ''}.`
              : `${file.name} is not a HAR file (JSON with log.entries).`,
          );
          return;
        }
        const timeline = createFileTimeline({
          name: file.name,
          envelopes: har.envelopes,
          problems: har.problems,
          capacity: LIMITS.telemetryEventsMax,
        });
        timeline.store.setState({ pane: 'network' });
        setFileTimeline(timeline);
        setMessage(null);
        onOpened();
        return;
      }
      const { envelopes, problems, annotations } = parseJsonl(text);
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
        {KINDS[kind].label}
        <input
          id={id}
          type="file"
          accept={KINDS[kind].accept}
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
