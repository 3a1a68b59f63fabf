import { describe, expect, it } from 'vitest';
import { imageBlob } from '../model/event-item';
import { T0, stubObjectUrlsInEachTest, telemetryEvent } from '../testing/telemetry-test-kit';
import {
  addMark,
  addScreenshotTaken,
  jumpToLatest,
  jumpToTime,
  moveSelection,
  selectAtTime,
  togglePause,
  updateFilter,
} from './timeline-actions';
import { createFileTimeline } from './file-timeline';
import type { Timeline } from './timeline-controller';

const SECOND = 1_000_000;

/**
 * A file timeline: index 0 is the "imported" marker, then seq n at index n with ts T0 + n s.
 * Seqs 2 and 4 are console errors, the others console logs.
 */
function timeline(count = 5): Timeline {
  const envelopes = Array.from({ length: count }, (_, at) => {
    const seq = at + 1;
    const type = seq === 2 || seq === 4 ? 'console_error' : 'console_log';
    return { seq, event: telemetryEvent(seq, { type }) };
  });
  return createFileTimeline({ name: 'x.jsonl', envelopes, problems: [], capacity: 100 });
}

const state = (target: Timeline) => target.store.getState();
const select = (target: Timeline, index: number) => target.store.setState({ selected: index });

function moves(target: Timeline, deltas: number[]): (number | null)[] {
  return deltas.map((delta) => {
    moveSelection(target, delta);
    return state(target).selected;
  });
}

describe('moveSelection', () => {
  it('starts at the top going down and at the bottom going up', () => {
    const down = timeline();
    expect(moves(down, [1])).toEqual([0]);
    const up = timeline();
    expect(moves(up, [-1])).toEqual([5]);
  });

  it('moves one shown item per step and stops at the ends', () => {
    const target = timeline();
    select(target, 1);
    expect(moves(target, [1, 1, -1, 1, 1, 1, 1])).toEqual([2, 3, 2, 3, 4, 5, 5]);
    expect(moves(target, [-5, -1])).toEqual([0, 0]);
  });

  it('brings the new selection into view without opening the detail', () => {
    const target = timeline();
    select(target, 2);
    moveSelection(target, 1);
    expect(state(target)).toMatchObject({
      selected: 3,
      reveal: { key: 3 },
      following: false,
      detailOpen: false,
    });
  });

  it('steps over hidden items when a filter is on', () => {
    const target = timeline();
    updateFilter(target, { errorsOnly: true }); // shows the marker (0), seq 2 and seq 4
    select(target, 2);
    expect(moves(target, [1, 1, -1, -1, -1])).toEqual([4, 4, 2, 0, 0]);
  });

  it('goes to the neighbours of a selected item the filter now hides', () => {
    const target = timeline();
    updateFilter(target, { errorsOnly: true });
    select(target, 3);
    expect(moves(target, [1])).toEqual([4]);
    select(target, 3);
    expect(moves(target, [-1])).toEqual([2]);
  });

  it('does nothing when nothing is shown', () => {
    const target = createFileTimeline({ name: 'x', envelopes: [], problems: [], capacity: 1 });
    target.buffer.setFilter(() => false);
    moveSelection(target, 1);
    expect(state(target).selected).toBeNull();
  });
});

describe('jumpToTime', () => {
  it('reveals the first item at or after the time and stops following', () => {
    const target = timeline();
    jumpToTime(target, T0 + 2.5 * SECOND);
    expect(state(target)).toMatchObject({
      reveal: { key: 3 },
      following: false,
      unfollowedAt: target.buffer.next,
      selected: null,
    });
    jumpToTime(target, T0 + 99 * SECOND);
    expect(state(target).reveal).toEqual({ key: 5, nonce: 2 });
  });

  it('reveals the next shown item when a filter hides the one at that time', () => {
    const target = timeline();
    updateFilter(target, { errorsOnly: true });
    jumpToTime(target, T0 + 3 * SECOND);
    expect(state(target).reveal?.key).toBe(4);
    jumpToTime(target, T0 + 5 * SECOND); // nothing shown after it: the last shown item
    expect(state(target).reveal?.key).toBe(4);
  });
});

describe('pause and follow', () => {
  it('pauses at the current item count, and resumes following', () => {
    const target = timeline();
    target.store.setState({ following: false, unfollowedAt: 2 });
    togglePause(target);
    expect(state(target).pausedAt).toBe(target.buffer.next);
    togglePause(target);
    expect(state(target)).toMatchObject({ pausedAt: null, following: true, unfollowedAt: null });
  });

  it('jumps back to the latest events after a jump in time', () => {
    const target = timeline();
    jumpToTime(target, T0);
    jumpToLatest(target);
    expect(state(target)).toMatchObject({ following: true, unfollowedAt: null, pausedAt: null });
  });
});

describe('updateFilter', () => {
  it('merges the change into the filter and applies it to the view', () => {
    const target = timeline();
    const version = state(target).version;
    updateFilter(target, { errorsOnly: true });
    expect(target.buffer.viewCount).toBe(3);
    updateFilter(target, { text: 'event 4' });
    expect(state(target).filter).toMatchObject({ errorsOnly: true, text: 'event 4' });
    expect(target.buffer.viewCount).toBe(2); // the marker and seq 4
    expect(state(target).version).toBeGreaterThan(version);
    updateFilter(target, { errorsOnly: false, text: '' });
    expect(target.buffer.viewCount).toBe(6);
  });
});

describe('addMark', () => {
  const listed = (target: Timeline): string[] => {
    const out: string[] = [];
    target.buffer.forEach((item) =>
      out.push(
        item.kind === 'event'
          ? String(item.seq)
          : `${item.kind}:${item.kind === 'marker' ? item.marker : ''}`,
      ),
    );
    return out;
  };

  it('puts a mark named after events arrived in its place by time, keeping what was selected', () => {
    const target = timeline();
    // the moment was taken at T0 + 2.5 s; seqs 3 to 5 arrived while it was being named
    select(target, 4);
    addMark(target, 'before the second error', T0 + 2.5 * SECOND);
    expect(listed(target)).toEqual(['marker:imported', '1', '2', 'marker:mark', '3', '4', '5']);
    const mark = target.buffer.item(target.buffer.first + 3);
    expect(mark).toMatchObject({ kind: 'marker', marker: 'mark', text: 'before the second error' });
    expect(target.buffer.marks.length).toBe(1);
    // seq 4, which was selected, is still the one selected under its new index
    const selected = target.buffer.item(state(target).selected ?? -1);
    expect(selected?.kind === 'event' && selected.seq).toBe(4);
  });

  it('appends a mark at or after the last item’s time', () => {
    const target = timeline();
    addMark(target, 'now', T0 + 5 * SECOND);
    expect(listed(target).slice(-2)).toEqual(['5', 'marker:mark']);
  });
});

describe('addScreenshotTaken', () => {
  stubObjectUrlsInEachTest();

  it('puts a screenshot asked for from the dashboard at its moment, with its image, as a monitor screenshot', () => {
    const target = timeline();
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    addScreenshotTaken(target, png, T0 + 3.5 * SECOND);
    const { buffer } = target;
    expect(buffer.screenshots.length).toBe(1);
    const shot = buffer.item(buffer.screenshots.at(0) ?? -1);
    expect(shot).toMatchObject({
      kind: 'event',
      seq: 0,
      type: 'monitor_screenshot',
      tsUs: T0 + 3.5 * SECOND,
      screenshot: { url: 'blob:test/1', bytes: 4 },
    });
    // in its place by time: after seq 3, before seq 4
    const order: string[] = [];
    buffer.forEach((item) => order.push(item.kind === 'event' ? item.type + item.seq : item.kind));
    expect(order.slice(3, 6)).toEqual(['console_log3', 'monitor_screenshot0', 'console_error4']);
    expect(imageBlob('blob:test/1')).toBe(png);
  });
});

describe('selectAtTime', () => {
  it('selects the last shown item at or before the moment, without opening the details', () => {
    const target = timeline();
    const at = selectAtTime(target, T0 + 3.4 * SECOND);
    const item = target.buffer.item(at ?? -1);
    expect(item?.kind === 'event' && item.seq).toBe(3);
    expect(state(target).selected).toBe(at);
    expect(state(target).detailOpen).toBe(false);
    // with errors only shown, the last error at or before the moment
    updateFilter(target, { errorsOnly: true });
    const error = target.buffer.item(selectAtTime(target, T0 + 3.4 * SECOND) ?? -1);
    expect(error?.kind === 'event' && error.seq).toBe(2);
    // before the first shown item: the first one (the file's "imported" marker)
    const early = target.buffer.item(selectAtTime(target, T0) ?? -1);
    expect(early?.kind === 'marker' && early.marker).toBe('imported');
  });
});
