import type { TelemetryEvent } from '../../../types/api';
import { imageFromBlob, makeEventItem } from '../model/event-item';
import type { TimelineFilter } from '../model/timeline-filter';
import type { TimelineItem } from '../model/types';
import type { NewItem } from './telemetry-buffer';
import type { Timeline } from './timeline-controller';
import { rekeyed, revealItem } from './timeline-store';

export function togglePause(timeline: Timeline): void {
  const { pausedAt } = timeline.store.getState();
  if (pausedAt === null) timeline.store.setState({ pausedAt: timeline.buffer.next });
  else jumpToLatest(timeline);
}

/** Leaves pause and scrolled-up reading, back to following the newest events. */
export function jumpToLatest(timeline: Timeline): void {
  timeline.store.setState({ pausedAt: null, following: true, unfollowedAt: null });
}

export function updateFilter(timeline: Timeline, change: Partial<TimelineFilter>): void {
  timeline.store.setState((state) => ({ filter: { ...state.filter, ...change } }));
  timeline.applyFilter();
}

export function selectItem(timeline: Timeline, index: number, open: boolean): void {
  timeline.store.setState((state) => ({
    selected: index,
    detailOpen: open || state.detailOpen,
  }));
}

/** Moves the selection by `delta` shown items (j/k, arrows), bringing it into view. */
export function moveSelection(timeline: Timeline, delta: number): void {
  const { buffer, store } = timeline;
  const count = buffer.viewCount;
  if (count === 0) return;
  const { selected } = store.getState();
  let position: number;
  if (selected === null || buffer.item(selected) === undefined) {
    position = delta > 0 ? 0 : count - 1;
  } else {
    const current = buffer.viewIndexOf(selected);
    const exact = buffer.viewItem(current)?.index === selected;
    position = Math.max(0, Math.min(count - 1, current + (exact || delta < 0 ? delta : 0)));
  }
  const item = buffer.viewItem(position);
  if (item) revealItem(store, item.index, buffer.next, false);
}

/** Brings the first shown item at or after a time into view (overview strip, filmstrip). */
export function jumpToTime(timeline: Timeline, tsUs: number): void {
  const index = timeline.buffer.indexAtTime(tsUs);
  if (index === null) return;
  const position = Math.min(timeline.buffer.viewCount - 1, timeline.buffer.viewIndexOf(index));
  const item = timeline.buffer.viewItem(Math.max(0, position));
  if (!item) return;
  timeline.store.setState((state) => ({
    reveal: { key: item.index, nonce: (state.reveal?.nonce ?? 0) + 1 },
    following: false,
    unfollowedAt: state.unfollowedAt ?? timeline.buffer.next,
  }));
}

/**
 * Selects the last shown item at or before a time and brings it into view, without opening the
 * details (a replay's playhead moving through the session). Returns its index, null when nothing
 * is shown.
 */
export function selectAtTime(timeline: Timeline, tsUs: number): number | null {
  const { buffer, store } = timeline;
  const first = buffer.indexAtTime(tsUs);
  if (first === null || buffer.viewCount === 0) return null;
  let position = Math.min(buffer.viewCount - 1, buffer.viewIndexOf(first));
  let item = buffer.viewItem(position);
  while (item && item.tsUs > tsUs && position > 0) {
    position -= 1;
    item = buffer.viewItem(position);
  }
  if (!item) return null;
  if (store.getState().selected !== item.index) revealItem(store, item.index, buffer.next, false);
  return item.index;
}

/** Where an item of time `tsUs` goes among `items`: after the last one at or before its time. */
function placeOf(items: readonly TimelineItem[], tsUs: number): number {
  let at = items.length;
  while (at > 0 && (items[at - 1] as TimelineItem).tsUs > tsUs) at -= 1;
  return at;
}

/**
 * Puts an item made here (not received) in its place by time: events may have arrived since its
 * moment, so it goes among them (the timeline laid out again, indexes translated), not below them.
 */
function insertAtTime(timeline: Timeline, tsUs: number, make: (epoch: number) => NewItem): void {
  const { buffer, store } = timeline;
  const last = buffer.item(buffer.next - 1);
  if (last === undefined || !(last.tsUs > tsUs)) {
    buffer.append([make(last?.epoch ?? 0)]);
    store.setState((state) => ({ version: state.version + 1 }));
    return;
  }
  const map = buffer.rebuild((items) => {
    const at = placeOf(items, tsUs);
    const epoch = items[at - 1]?.epoch ?? items[at]?.epoch ?? 0;
    return [...items.slice(0, at), make(epoch), ...items.slice(at)];
  });
  store.setState((state) => rekeyed(state, map.translate));
}

/** Sets a named mark at `tsUs` (a person's "Mark now"): a row of the timeline and a flag. */
export function addMark(timeline: Timeline, name: string, tsUs: number): void {
  insertAtTime(timeline, tsUs, (epoch) => ({
    kind: 'marker',
    marker: 'mark',
    text: name,
    tsUs,
    epoch,
  }));
}

/**
 * A screenshot taken from the dashboard ("Screenshot now", `POST …/computer/screenshot`) as a
 * `monitor_screenshot` of the timeline at the moment it was asked for: in the filmstrip, the
 * overview and the export like those the browser's monitor takes. It has no sequence number (0):
 * the server never sent it.
 */
export function addScreenshotTaken(timeline: Timeline, png: Blob, tsUs: number): void {
  const screenshot = imageFromBlob(png);
  if (!screenshot) return;
  const event: TelemetryEvent = {
    ts: tsUs,
    type: 'monitor_screenshot',
    category: 'screenshot',
    source: { kind: 'kernel_api', event: 'computer_screenshot' },
    data: { trigger: 'screenshot_now', bytes: png.size },
  };
  insertAtTime(timeline, tsUs, (epoch) => ({
    ...makeEventItem(0, event, epoch, tsUs),
    screenshot,
  }));
}

/** Selects and shows one item (error group occurrence, banner link, filmstrip). */
export function showItem(timeline: Timeline, index: number): void {
  revealItem(timeline.store, index, timeline.buffer.next, true);
}
