// A timeline read from an exported JSON Lines file: no server, no stream.
import type { TelemetryEvent } from '../../../types/api';
import type { JsonlAnnotationLine } from '../model/jsonl';
import type { TelemetryBuffer } from './telemetry-buffer';
import type { Timeline } from './timeline-controller';
import { createEnvelopeLoader, filterApplier, newBuffer, nowUs } from './timeline-parts';
import { createTimelineStore } from './timeline-store';

export interface FileTimelineOptions {
  name: string;
  /** `line`: where the event was in the file, to place unreadable lines among the events. */
  envelopes: { line?: number; seq: number; event: TelemetryEvent }[];
  problems: { line: number; reason: string; raw: string }[];
  /** The file's notes (marks, gaps, restarts, unreadable frames), where they were. */
  annotations?: JsonlAnnotationLine[];
  capacity: number;
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Fills a buffer from a file, in line order: unreadable lines where they were; an export of a
 * filtered view skips seqs on purpose, so gaps are not shown. Returns how many duplicate events
 * were dropped.
 */
function loadFile(buffer: TelemetryBuffer, options: FileTimelineOptions): number {
  const firstTs = options.envelopes.find((envelope) => Number.isFinite(envelope.event.ts));
  const loader = createEnvelopeLoader(buffer, firstTs?.event.ts ?? nowUs(), false);
  const summary = `Opened ${options.name}: ${plural(options.envelopes.length, 'event')}${
    options.problems.length > 0 ? `, ${plural(options.problems.length, 'unreadable line')}` : ''
  }`;
  buffer.append([
    { kind: 'marker', marker: 'imported', text: summary, tsUs: loader.lastTs, epoch: 0 },
  ]);
  let problem = 0;
  let note = 0;
  const annotations = options.annotations ?? [];
  const before = (line: number): void => {
    for (;;) {
      const nextProblem = options.problems[problem];
      const nextNote = annotations[note];
      if (!nextProblem && !nextNote) return;
      const problemLine = nextProblem?.line ?? Number.POSITIVE_INFINITY;
      const noteLine = nextNote?.line ?? Number.POSITIVE_INFINITY;
      if (Math.min(problemLine, noteLine) > line) return;
      if (nextProblem && problemLine <= noteLine) {
        loader.unreadable(nextProblem.raw, `line ${nextProblem.line}: ${nextProblem.reason}`);
        problem += 1;
      } else if (nextNote) {
        loader.annotated(nextNote.annotation);
        note += 1;
      }
    }
  };
  options.envelopes.forEach(({ line, seq, event }, position) => {
    before(line ?? position + 1);
    loader.add(seq, event);
  });
  before(Number.POSITIVE_INFINITY);
  return loader.duplicates;
}

/** A timeline read from an exported JSON Lines file: no server, no stream. */
export function createFileTimeline(options: FileTimelineOptions): Timeline {
  const store = createTimelineStore({
    status: { kind: 'ended', reason: `opened from ${options.name}` },
  });
  // every line, plus a separator per restart at most, plus the "opened" marker: nothing evicted
  const lines = options.envelopes.length + options.problems.length;
  const buffer = newBuffer(Math.max(options.capacity, lines + options.envelopes.length + 1));
  const duplicates = loadFile(buffer, options);
  const applyFilter = filterApplier(store, buffer);
  applyFilter();
  return {
    store,
    buffer,
    origin: { kind: 'file', name: options.name },
    applyFilter,
    duplicates: () => duplicates,
  };
}
