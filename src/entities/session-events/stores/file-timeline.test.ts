import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '../model/types';
import { T0, telemetryEvent, type EventSpec } from '../testing/telemetry-test-kit';
import { createFileTimeline, type FileTimelineOptions } from './file-timeline';
import type { Timeline } from './timeline-controller';

const SECOND = 1_000_000;

type Line = number | [seq: number, spec: EventSpec];

function open(lines: Line[], extra: Partial<FileTimelineOptions> = {}): Timeline {
  const envelopes = lines.map((line) => {
    const [seq, spec] = typeof line === 'number' ? [line, {}] : line;
    return { seq, event: telemetryEvent(seq, spec) };
  });
  return createFileTimeline({
    name: 'run.jsonl',
    envelopes,
    problems: [],
    capacity: 100,
    ...extra,
  });
}

function items(timeline: Timeline): TimelineItem[] {
  const all: TimelineItem[] = [];
  timeline.buffer.forEach((item) => all.push(item));
  return all;
}

/** `5` for event seq 5 (`5@1` in epoch 1), `gap`, `marker:kind`, `?` for an unreadable line. */
function shape(timeline: Timeline): string[] {
  return items(timeline).map((item) => {
    if (item.kind === 'event') return item.epoch > 0 ? `${item.seq}@${item.epoch}` : `${item.seq}`;
    if (item.kind === 'marker') return `marker:${item.marker}`;
    return item.kind === 'gap' ? 'gap' : '?';
  });
}

const problem = (line: number, raw = '{"seq":') => ({ line, reason: 'not JSON: cut', raw });

describe('createFileTimeline', () => {
  it('opens with a marker naming the file and what it holds', () => {
    const timeline = open([1, 2, 3], { problems: [problem(4), problem(7)] });
    expect(items(timeline)[0]).toMatchObject({
      kind: 'marker',
      marker: 'imported',
      text: 'Opened run.jsonl: 3 events, 2 unreadable lines',
      tsUs: T0 + SECOND,
    });
    expect(timeline.origin).toEqual({ kind: 'file', name: 'run.jsonl' });
    expect(timeline.store.getState().status).toEqual({
      kind: 'ended',
      reason: 'opened from run.jsonl',
    });
  });

  it('uses the singular for one event and one bad line', () => {
    const timeline = open([1], { problems: [problem(2)] });
    expect(items(timeline)[0]).toMatchObject({
      text: 'Opened run.jsonl: 1 event, 1 unreadable line',
    });
  });

  it('shows unreadable lines as items with their line number and raw text', () => {
    const timeline = open([1, 2], { problems: [problem(3, '{"seq": 3, "ev')] });
    // where the line was in the file: after the events of lines 1 and 2
    expect(shape(timeline)).toEqual(['marker:imported', '1', '2', '?']);
    expect(items(timeline)[3]).toMatchObject({
      kind: 'unreadable',
      raw: '{"seq": 3, "ev',
      reason: 'line 3: not JSON: cut',
    });
  });

  it('puts the notes of an export back where they were: marks, gaps with what healed, markers', () => {
    const timeline = open([1, 2, 5], {
      annotations: [
        { line: 2, annotation: { kind: 'mark', ts: T0 + 1, text: 'before checkout' } },
        {
          line: 4,
          annotation: {
            kind: 'gap',
            ts: T0 + 2,
            from: 3,
            to: 4,
            cause: 'mid-stream',
            recovered: 0,
          },
        },
        { line: 9, annotation: { kind: 'marker', marker: 'ended', ts: T0 + 3, text: 'Ended.' } },
      ],
    });
    // envelopes are on lines 1, 2, 3 (no line given): notes go before the event of their line
    expect(shape(timeline)).toEqual([
      'marker:imported',
      '1',
      'marker:mark',
      '2',
      '5',
      'gap',
      'marker:ended',
    ]);
    expect(timeline.buffer.marks.length).toBe(1);
    expect(items(timeline)[5]).toMatchObject({ kind: 'gap', from: 3, to: 4, recovered: 0 });
  });

  it('adds no gap items for seqs the file skips (an export of a filtered view)', () => {
    const timeline = open([3, 4, 9, 20]);
    expect(shape(timeline)).toEqual(['marker:imported', '3', '4', '9', '20']);
    expect(timeline.buffer.missed).toBe(0);
  });

  it('shows a restart where seq goes back, and keeps both runs', () => {
    const timeline = open([1, 2, 3, [1, { ts: T0 + 60 * SECOND }], [4, { ts: T0 + 61 * SECOND }]]);
    expect(shape(timeline)).toEqual([
      'marker:imported',
      '1',
      '2',
      '3',
      'marker:restarted',
      '1@1',
      '4@1',
    ]);
    expect(items(timeline)[4]).toMatchObject({
      text: expect.stringContaining('seq went back from 3 to 1'),
    });
  });

  it('drops duplicate lines', () => {
    const timeline = open([1, 2, 2, 3, 1]);
    expect(shape(timeline)).toEqual(['marker:imported', '1', '2', '3']);
    expect(timeline.duplicates()).toBe(2);
  });

  it('holds a file bigger than the capacity asked for', () => {
    const timeline = open([1, 2, 3, 4, 5], { capacity: 2, problems: [problem(6)] });
    expect(timeline.buffer.size).toBe(7);
    expect(timeline.buffer.evicted).toBe(0);
  });

  it('keeps every line when the file also holds a restart', () => {
    const timeline = open([1, 2, [1, { ts: T0 + 60 * SECOND }]], { capacity: 1 });
    expect(timeline.buffer.evicted).toBe(0);
    expect(shape(timeline)).toEqual(['marker:imported', '1', '2', 'marker:restarted', '1@1']);
  });

  it('jumps to the event at a time even when the file had unreadable lines', () => {
    const problems = [problem(4), problem(5), problem(6), problem(7)];
    const timeline = open([1, 2, 3], { problems });
    const index = timeline.buffer.indexAtTime(T0 + 2 * SECOND);
    expect(index === null ? null : timeline.buffer.item(index)).toMatchObject({ seq: 2 });
  });

  it('jumps to the event at a time after a restart', () => {
    const timeline = open([
      1,
      2,
      [1, { ts: T0 + 10 * SECOND }],
      [2, { ts: T0 + 11 * SECOND }],
      [3, { ts: T0 + 12 * SECOND }],
    ]);
    const index = timeline.buffer.indexAtTime(T0 + 11 * SECOND);
    expect(index === null ? null : timeline.buffer.item(index)).toMatchObject({ seq: 2, epoch: 1 });
  });

  it('applies the filter from its store', () => {
    const timeline = open([1, [2, { type: 'console_error' }], 3]);
    timeline.store.setState((state) => ({ filter: { ...state.filter, errorsOnly: true } }));
    timeline.applyFilter();
    expect(timeline.buffer.viewCount).toBe(2); // the marker and the error
  });
});
