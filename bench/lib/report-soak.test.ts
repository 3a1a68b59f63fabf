import { describe, expect, it } from 'vitest';
import { fittedLine, soakGoals } from './report-soak.ts';
import type { SoakResult, SoakSample } from './results.ts';

type Measure = (minute: number) => number;

/** A soak of `minutes` whose measures follow the given functions of the minute. */
function soak(
  minutes: number,
  measures: { heap?: Measure; events?: Measure; dom?: Measure; rss?: Measure } = {},
  timelineKeep?: number,
): SoakResult {
  const { heap = () => 20, events = () => 0, dom = () => 3_000, rss = () => 200 } = measures;
  return {
    minutes,
    ...(timelineKeep === undefined ? {} : { timelineKeep }),
    sessionId: 'demo',
    logPath: '/var/log/bench/service.log',
    samples: Array.from({ length: minutes + 1 }, (_, minute): SoakSample => ({
      minute,
      heapMb: heap(minute),
      domNodes: dom(minute),
      serverRssMb: rss(minute),
      descendantsRssMb: 900 + minute * 10,
      logLines: 500 + minute * 60,
      logBytesMb: 0,
      timelineEvents: Math.round(events(minute) * 1_500),
      timelineBytesMb: events(minute),
      liveViewFrames: minute * 600,
    })),
  };
}

describe('fittedLine', () => {
  it('reads the least-squares line at the first point it uses and the last', () => {
    const points: [number, number][] = [
      [0, 50],
      [5, 10],
      [6, 11],
      [7, 12],
      [8, 13],
    ];
    expect(fittedLine(points, 5)).toEqual({ from: 5, to: 8, first: 10, last: 13 });
  });

  it('is not moved much by one high sample, and needs three points', () => {
    const points: [number, number][] = Array.from({ length: 26 }, (_, i) => [
      i + 5,
      i === 12 ? 30 : 20,
    ]);
    const line = fittedLine(points, 5);
    expect(line && line.last / line.first).toBeLessThan(1.05);
    expect(fittedLine(points.slice(0, 2), 5)).toBeNull();
  });
});

describe('the soak goal', () => {
  it('is met when everything stays flat after the fifth minute, whatever came before', () => {
    const [goal] = soakGoals(soak(30, { heap: (minute) => (minute < 5 ? 5 + minute * 3 : 20) }));
    expect(goal?.met).toBe(true);
    expect(goal?.measured).toContain('minute 5 to 30');
  });

  it('is missed by a heap that keeps growing, with what the page gained meanwhile beside it', () => {
    // 1.8 MB of events a minute held at 0.55 MB of heap per MB
    const events: Measure = (minute) => minute * 1.8;
    const [goal] = soakGoals(soak(30, { heap: (minute) => 12 + events(minute) * 0.55, events }));
    expect(goal?.met).toBe(false);
    expect(goal?.measured).toContain(
      'the session sent 67,500 events (45.0 MB of JSON), which the timeline keeps up to its cap: the heap gained 0.55 MB per MB of them',
    );
  });

  it('is judged from the minute the timeline holds its cap, when that leaves three samples', () => {
    // 1,500 events a minute against a cap of 30,000: held from minute 20 on
    const events: Measure = (minute) => minute;
    const grows = (minute: number) => 12 + Math.min(minute, 20) * 0.8;
    const [capped] = soakGoals(soak(30, { heap: grows, events }, 30_000));
    expect(capped?.met).toBe(true);
    expect(capped?.measured).toContain('minute 20 to 30');
    expect(capped?.measured).toContain('the timeline kept its cap of 30,000 items from minute 20');
    // a heap that goes on growing at the cap is a leak
    const [leak] = soakGoals(soak(30, { heap: (minute) => 12 + minute * 0.8, events }, 30_000));
    expect(leak?.met).toBe(false);
    // a cap reached a minute before the end leaves too little: judged from minute five
    const [late] = soakGoals(soak(30, { heap: grows, events }, 43_500));
    expect(late?.measured).toContain('minute 5 to 30');
    expect(late?.met).toBe(false);
  });

  it('is missed by a slow climb of DOM nodes', () => {
    const [goal] = soakGoals(soak(30, { dom: (minute) => 3_000 + minute * 10 }));
    expect(goal?.met).toBe(false);
    expect(goal?.measured).toMatch(/DOM nodes 3,050 → 3,300 \(×1\.08\)/);
  });

  it('is missed by server memory that keeps growing', () => {
    const [goal] = soakGoals(soak(30, { rss: (minute) => 200 + minute * 2 }));
    expect(goal?.met).toBe(false);
  });

  it('is shown but not judged for a short run, from half way', () => {
    const [goal] = soakGoals(soak(3, { heap: (minute) => 20 + minute * 5 }));
    expect(goal?.met).toBeNull();
    expect(goal?.measured).toContain('minute 1 to 3');
  });
});
