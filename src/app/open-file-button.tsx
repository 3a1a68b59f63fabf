import { FilePicker } from '../components/ui/file-picker';
import { LIMITS } from '../config/limits';
import { parseJsonl } from '../entities/session-events/model/jsonl';
import { createFileTimeline } from '../entities/session-events/stores/file-timeline';
import { setFileTimeline } from '../entities/session-events/stores/timeline-registry';

const KINDS = {
  telemetry: {
    label: 'Open an exported telemetry file…',
    accept: '.jsonl,.ndjson,.json,application/x-ndjson,text/plain',
  },
  har: { label: 'Open a HAR file…', accept: '.har,.json,application/json' },
};

/** A HAR file's requests as a timeline shown in its Network view; a reason when it has none. */
async function openHar(file: File, text: string): Promise<string | null> {
  // HAR is read on asking only: its code loads then, not with the page
  const { readHar } = await import('../features/network/model/har');
  const har = readHar(text);
  if (!har || har.envelopes.length === 0) {
    return har
      ? `${file.name} holds no request that could be read${har.problems[0] ? ` (${har.problems[0].reason})` : ''}.`
      : `${file.name} is not a HAR file (JSON with log.entries).`;
  }
  const timeline = createFileTimeline({
    name: file.name,
    envelopes: har.envelopes,
    problems: har.problems,
    capacity: LIMITS.telemetryEventsMax,
  });
  timeline.store.setState({ pane: 'network' });
  setFileTimeline(timeline);
  return null;
}

/** An exported JSON Lines file as a timeline; a reason when it holds no event. */
function openTelemetry(file: File, text: string): string | null {
  const { envelopes, problems, annotations } = parseJsonl(text);
  if (envelopes.length === 0) {
    return `${file.name} holds no telemetry events${problems[0] ? ` (line ${problems[0].line}: ${problems[0].reason})` : ''}.`;
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
  return null;
}

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
  return (
    <FilePicker
      label={KINDS[kind].label}
      accept={KINDS[kind].accept}
      onFile={async (file) => {
        const text = await file.text();
        const problem = kind === 'har' ? await openHar(file, text) : openTelemetry(file, text);
        if (problem === null) onOpened();
        return problem;
      }}
    />
  );
}
