import type { TelemetryEvent } from '../../../types/api';
import { makeEventItem } from './event-item';
import type { GapItem, TimelineItem } from './types';

export interface HistoryEnvelope {
  seq: number;
  event: TelemetryEvent;
}

type Unindexed<T> = T extends TimelineItem ? Omit<T, 'index'> : never;
/** An item as laid out again: one already held, or a new one (the buffer gives it its index). */
export type LaidItem = TimelineItem | Unindexed<TimelineItem>;

/**
 * The items with the events `found` in the history put in place of a gap: the gap item stays
 * where it was (the same item, so views holding it keep it), now saying how many were recovered
 * and at the time of the first of them, and the recovered events follow it in seq order. Only
 * seqs the gap stands for are taken, each once; the rest of `found` (the window read may hold
 * neighbours) is left out. The gap item is updated in place: call this within a rebuild of the
 * buffer holding it, which counts it again.
 */
export function fillGap(
  items: readonly TimelineItem[],
  gap: GapItem,
  found: HistoryEnvelope[],
): LaidItem[] {
  const at = items.indexOf(gap);
  if (at < 0) return [...items];
  const bySeq = new Map<number, TelemetryEvent>();
  for (const { seq, event } of found)
    if (seq >= gap.from && seq <= gap.to && !bySeq.has(seq)) bySeq.set(seq, event);
  const seqs = [...bySeq.keys()].sort((a, b) => a - b);
  const recovered = seqs.map((seq) => {
    const event = bySeq.get(seq) as TelemetryEvent;
    return makeEventItem(seq, event, gap.epoch, Number.isFinite(event.ts) ? event.ts : gap.tsUs);
  });
  gap.recovered = (gap.recovered ?? 0) + recovered.length;
  gap.tsUs = recovered[0]?.tsUs ?? gap.tsUs;
  delete gap.healing;
  return [...items.slice(0, at), gap, ...recovered, ...items.slice(at + 1)];
}

/** `2026-11-23T17:28:57.193204Z`: an instant in µs as RFC 3339 with every digit it has. */
export function rfc3339Micros(us: number): string {
  const ms = Math.floor(us / 1000);
  const micros = String(Math.floor(us - ms * 1000)).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${micros}Z`);
}

/**
 * What reading the history did for a gap, for a sentence: `reading the history…`, `all 1,000
 * recovered from the history`, `600 recovered from the history, 400 still missing`, or why the
 * reading failed or stopped (after what it recovered, if anything); null when nobody has looked.
 */
export function describeFill(
  gap: Pick<GapItem, 'from' | 'to' | 'recovered' | 'healing'>,
): string | null {
  if (gap.healing === 'reading') return 'reading the history…';
  const total = gap.to - gap.from + 1;
  const count = (n: number): string => n.toLocaleString('en-US');
  if (gap.healing !== undefined) {
    // a read that stopped part way put in place what it had found
    if (!gap.recovered) return `the history could not be read: ${gap.healing.failed}`;
    const rest = count(total - gap.recovered);
    return `${count(gap.recovered)} recovered from the history, ${rest} still missing; the rest could not be read: ${gap.healing.failed}`;
  }
  if (gap.recovered === undefined) return null;
  const missing = total - gap.recovered;
  if (missing === 0)
    return `${total === 1 ? 'it was' : `all ${count(total)}`} recovered from the history`;
  if (gap.recovered === 0) return 'the history does not have them either';
  return `${count(gap.recovered)} recovered from the history, ${count(missing)} still missing`;
}
