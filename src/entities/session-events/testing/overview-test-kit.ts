/**
 * Builders of timeline items and sources for the overview, filmstrip, screenshot and network view
 * tests.
 */
import { eventKeys } from '../model/event-item';
import { OverviewColumns } from '../model/overview-columns';
import type {
  EventItem,
  ScreenshotImage,
  TelemetryEvent,
  TimelineItem,
  TimelineSource,
} from '../model/types';

export interface EventOptions {
  category?: string;
  type?: string;
  error?: boolean;
  data?: Record<string, unknown> | null;
  truncated?: boolean;
  screenshot?: ScreenshotImage;
}

export function eventItem(index: number, tsUs: number, options: EventOptions = {}): EventItem {
  const event: TelemetryEvent = {
    ts: tsUs,
    type: options.type ?? 'console_log',
    category: options.category ?? 'console',
    source: { kind: 'cdp' },
    data: options.data ?? {},
  };
  if (options.truncated) event.truncated = true;
  const item: EventItem = {
    kind: 'event',
    index,
    tsUs,
    epoch: 0,
    seq: index + 1,
    event,
    ...eventKeys(event),
    summary: event.type,
    error: options.error ?? false,
    level: null,
  };
  if (options.screenshot) item.screenshot = options.screenshot;
  return item;
}

export function screenshotItem(index: number, tsUs: number, url: string | null): EventItem {
  return eventItem(index, tsUs, {
    category: 'screenshot',
    type: 'monitor_screenshot',
    data: {},
    screenshot: { url, bytes: 204_800 },
  });
}

/** A growable in-memory timeline: `push` appends, `evict` drops the oldest. */
export interface TestSource extends TimelineSource {
  push(...items: TimelineItem[]): void;
  evict(count: number): void;
}

export function testSource(initial: TimelineItem[] = []): TestSource {
  const items = [...initial];
  let next = initial.length === 0 ? 0 : (initial[initial.length - 1]?.index ?? 0) + 1;
  return {
    get first() {
      return items[0]?.index ?? next;
    },
    get next() {
      return next;
    },
    get originUs() {
      return items.find((item) => item.kind === 'event')?.tsUs ?? null;
    },
    item: (index) => items.find((item) => item.index === index),
    forEach: (visit) => items.forEach(visit),
    push(...added) {
      items.push(...added);
      next = (added[added.length - 1]?.index ?? next - 1) + 1;
    },
    evict(count) {
      items.splice(0, count);
    },
  };
}

/** Like `testSource`, with the overview's columns recorded as a live buffer keeps them. */
export function columnSource(initial: TimelineItem[] = []): TimelineSource & {
  overviewColumns: OverviewColumns;
} {
  const overviewColumns = new OverviewColumns(Math.max(16, initial.length));
  for (const item of initial) overviewColumns.record(item);
  return Object.assign(testSource(initial), { overviewColumns });
}
