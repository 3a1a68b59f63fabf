// The pieces the live, history and file timelines share: the bounded buffer they fill, the
// filter they re-apply, how a failed read reads, and the loader of envelopes that did not come
// from the live stream.
import { LIMITS } from '../../../config/limits';
import { ApiRequestError } from '../../../lib/http/request';
import type { TelemetryEvent } from '../../../types/api';
import { makeEventItem, readEvent } from '../model/event-item';
import { eventIdentity, Sequencer } from '../model/sequencer';
import type { JsonlAnnotation } from '../model/jsonl';
import { compileTimelineFilter } from '../model/timeline-filter';
import { TelemetryBuffer } from './telemetry-buffer';
import type { TimelineStore } from './timeline-store';

export const nowUs = (): number => Date.now() * 1000;

export function newBuffer(capacity: number): TelemetryBuffer {
  return new TelemetryBuffer(capacity, {
    count: LIMITS.screenshotImages,
    bytes: LIMITS.screenshotImageBytes,
  });
}

/** eventIdentity of the event the buffer holds under seq in its newest epoch, if it holds one. */
export function heldIdentity(buffer: TelemetryBuffer, seq: number): string | undefined {
  const item = buffer.heldEvent(seq);
  return item === undefined ? undefined : eventIdentity(readEvent(item));
}

/**
 * Re-applies the store's filter to the buffer (the counts follow its time range), and tells views
 * the buffer changed.
 */
export function filterApplier(store: TimelineStore, buffer: TelemetryBuffer): () => void {
  return () => {
    const { filter } = store.getState();
    buffer.setRange(filter.range);
    buffer.setFilter(compileTimelineFilter(filter));
    store.setState((state) => ({ version: state.version + 1 }));
  };
}

/**
 * Puts envelopes read from somewhere other than the live stream (a file, the history) into a
 * buffer through a sequencer: duplicates dropped, a separator where seq went back (a restart),
 * and, with `gaps`, an item where seqs are missing. Items without a time of their own take the
 * time of the event before them, keeping the buffer in time order for jumps.
 */
export function createEnvelopeLoader(buffer: TelemetryBuffer, startTs: number, gaps: boolean) {
  const sequencer = new Sequencer<TelemetryEvent>('now', {
    held: (seq) => heldIdentity(buffer, seq),
    of: eventIdentity,
  });
  let lastTs = startTs;
  return {
    get lastTs(): number {
      return lastTs;
    },
    get duplicates(): number {
      return sequencer.duplicates;
    },
    /** Places one event; false when it was a duplicate (dropped). */
    add(seq: number, event: TelemetryEvent): boolean {
      if (Number.isFinite(event.ts)) lastTs = Math.max(lastTs, event.ts);
      const outcome = sequencer.frame(seq, event, lastTs);
      buffer.append(
        gaps ? outcome.before : outcome.before.filter((item) => item.kind === 'marker'),
      );
      if (!outcome.event) return false;
      buffer.append([makeEventItem(seq, event, outcome.event.epoch, lastTs)]);
      return true;
    },
    unreadable(raw: string, reason: string): void {
      buffer.append([{ kind: 'unreadable', raw, reason, tsUs: lastTs, epoch: sequencer.epoch }]);
    },
    /** A note of an export (a mark, a gap, a marker), at its own time. */
    annotated(note: JsonlAnnotation): void {
      const base = { tsUs: note.ts, epoch: sequencer.epoch };
      if (note.kind === 'mark')
        buffer.append([{ ...base, kind: 'marker', marker: 'mark', text: note.text }]);
      else if (note.kind === 'marker')
        buffer.append([{ ...base, kind: 'marker', marker: note.marker, text: note.text }]);
      else if (note.kind === 'unreadable')
        buffer.append([{ ...base, kind: 'unreadable', raw: note.raw, reason: note.reason }]);
      else {
        const { from, to, cause, recovered } = note;
        buffer.append([
          {
            ...base,
            kind: 'gap',
            from,
            to,
            cause,
            ...(recovered === undefined ? {} : { recovered }),
          },
        ]);
      }
    },
  };
}

export function failureText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const { status, statusText, message } = error.failure;
    return [status === 0 ? '' : `${status} ${statusText}`.trim(), message]
      .filter(Boolean)
      .join(': ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** Whether an error is the abort a cancel caused. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
