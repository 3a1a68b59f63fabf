import type { TelemetryEvent } from '../../../types/api';

interface Envelope {
  seq: number;
  event: TelemetryEvent;
}

/**
 * A page of the history in seq order, so that a page the server sent out of order does not read
 * as missed events and restarts. A restart of the session's event process inside the page stays
 * where it was: an event whose seq is not above the ones before it but which is newer than all of
 * them (a new process counts from 1 again, later) begins a new run, and each run is put in seq
 * order on its own. Within a run, events under the same seq end up next to each other, so the
 * sequencer drops (and counts) the copies.
 */
export function orderPage<E extends Envelope>(envelopes: readonly E[]): E[] {
  const runs: E[][] = [];
  let run: E[] = [];
  let maxSeq = Number.NEGATIVE_INFINITY;
  let maxTs = Number.NEGATIVE_INFINITY;
  let sorted = true;
  for (const envelope of envelopes) {
    const { seq } = envelope;
    const { ts } = envelope.event;
    if (run.length > 0 && seq <= maxSeq) {
      if (Number.isFinite(ts) && ts > maxTs) {
        runs.push(run);
        run = [];
        maxSeq = Number.NEGATIVE_INFINITY;
        maxTs = Number.NEGATIVE_INFINITY;
      } else sorted = false;
    }
    run.push(envelope);
    maxSeq = Math.max(maxSeq, seq);
    if (Number.isFinite(ts)) maxTs = Math.max(maxTs, ts);
  }
  runs.push(run);
  // the usual page is in order already: returned as it came, without sorting
  if (sorted) return [...envelopes];
  // Array.prototype.sort is stable: copies under one seq keep their order
  return runs.flatMap((each) => [...each].sort((a, b) => a.seq - b.seq));
}
