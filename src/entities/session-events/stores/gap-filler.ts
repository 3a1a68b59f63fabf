// Fills the gaps of a live timeline from the session's history, one gap at a time.
import {
  createPagedReadGuard,
  createRequestBudget,
  PagedReadStop,
} from '../../../lib/paged-reader';
import type { HistoryPage, HistoryRequest } from '../api/telemetry-history';
import { fillGap, rfc3339Micros, type HistoryEnvelope } from '../model/gap-fill';
import type { GapItem } from '../model/types';
import type { TelemetryBuffer } from './telemetry-buffer';
import { failureText, isAbort } from './timeline-parts';
import { rekeyed, type TimelineStore } from './timeline-store';

/** How far back the history goes (upstream keeps 30 days): the start of "everything older". */
const HISTORY_KEPT = '720h';

/**
 * Fills gap items from the session's history, one gap at a time: the window read runs from the
 * event before the gap (or as far back as history is kept, for events older than the ring) to
 * the event after it; the seqs the gap stands for are taken from it and put in place, and the
 * store's indexes are translated. A gap evicted meanwhile is left alone; a failure is shown on it.
 */
export function createGapFiller(deps: {
  buffer: TelemetryBuffer;
  store: TimelineStore;
  read: (request: HistoryRequest) => Promise<HistoryPage>;
  /** Hands over what the stream delivered, so the layout sees every item received. */
  beforeLayout: () => void;
  /** Aborted when the view closes: reads under way stop, and queued ones never start. */
  signal: () => AbortSignal;
}): (gap: GapItem) => void {
  const { buffer, store } = deps;
  const busy = new Set<GapItem>();
  let queue: Promise<void> = Promise.resolve();
  // one budget for all the gaps of this timeline: many small reads keep to it too
  const budget = createRequestBudget();
  const changed = (): void => store.setState((state) => ({ version: state.version + 1 }));
  const eventBefore = (gap: GapItem): number | undefined => {
    for (let index = gap.index - 1; index >= buffer.first; index -= 1) {
      const item = buffer.item(index);
      if (item?.kind === 'event' && Number.isFinite(item.tsUs)) return item.tsUs;
    }
    return undefined;
  };
  const putInPlace = (gap: GapItem, found: HistoryEnvelope[]): void => {
    deps.beforeLayout();
    if (buffer.item(gap.index) !== gap) return;
    const map = buffer.rebuild((items) => fillGap(items, gap, found));
    store.setState((state) => rekeyed(state, map.translate));
  };
  const fill = async (gap: GapItem): Promise<void> => {
    const signal = deps.signal();
    const found: HistoryEnvelope[] = [];
    try {
      const before = gap.cause === 'replay-start' ? undefined : eventBefore(gap);
      const since = before === undefined ? HISTORY_KEPT : rfc3339Micros(before);
      const until = rfc3339Micros(gap.tsUs + 1);
      const guard = createPagedReadGuard({ signal, budget });
      // seqs of the gap found, and every event of the window read (seq and time: distinct events)
      const wanted = new Set<number>();
      const seen = new Set<string>();
      let offset: number | undefined;
      for (;;) {
        const wait = guard.wait();
        if (wait) await wait;
        const page = await deps.read({ since, until, offset, signal });
        let added = 0;
        for (const envelope of page.envelopes) {
          const key = `${envelope.seq}@${envelope.event.ts}`;
          if (seen.has(key)) continue;
          seen.add(key);
          added += 1;
          if (envelope.seq < gap.from || envelope.seq > gap.to) continue;
          found.push(envelope);
          wanted.add(envelope.seq);
        }
        if (page.nextOffset === null || wanted.size >= gap.to - gap.from + 1) break;
        guard.afterPage({ next: page.nextOffset, added });
        offset = page.nextOffset;
      }
      putInPlace(gap, found);
    } catch (error) {
      if (buffer.item(gap.index) !== gap) return;
      if (isAbort(error)) delete gap.healing;
      else {
        // what a read that stopped moving found is real: it goes in place, and the gap says why
        // the rest was not read
        if (error instanceof PagedReadStop && found.length > 0) putInPlace(gap, found);
        gap.healing = { failed: failureText(error) };
      }
      changed();
    } finally {
      busy.delete(gap);
    }
  };
  return (gap) => {
    if (busy.has(gap) || buffer.item(gap.index) !== gap) return;
    busy.add(gap);
    gap.healing = 'reading';
    changed();
    queue = queue.then(() => fill(gap));
  };
}
