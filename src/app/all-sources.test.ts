import { describe, expect, it } from 'vitest';
import { decodeSavedLines } from '../features/logs/api/log-decoder';
import { createFileLogTab } from '../features/logs/stores/log-tab-controller';
import { HOLD_MS, MergedFeed, type FeedSource } from '../features/all/model/merged-feed';
import { logSource } from './all-sources';

const WRITTEN = Date.parse('2026-11-23T17:28:57.193Z');
/** The file is read from its beginning four minutes after Chromium wrote its first lines. */
const READ = WRITTEN + 4 * 60_000;

interface Event {
  t: number;
  text: string;
}

/** The session's telemetry, as the All view reads it. */
function telemetryOf(events: Event[]): FeedSource<Event> {
  return {
    id: 'telemetry',
    label: 'Telemetry',
    kind: 'telemetry',
    first: () => 0,
    next: () => events.length,
    item: (index) => events[index],
    facts: (event) => ({
      timeMs: event.t,
      text: event.text,
      level: 'info',
      error: false,
      tag: 'Page',
      color: '--cat-page',
    }),
  };
}

const read = (text: string) => decodeSavedLines([{ text, readMs: READ, notice: false }]);

const texts = (feed: MergedFeed): string[] =>
  Array.from({ length: feed.ring.viewCount }, (_, at) => feed.ring.viewAt(at)?.text ?? '?');

describe('logSource in the All view', () => {
  it('places a stream’s first line, which states no time, by the next line’s time (auto)', () => {
    const tab = createFileLogTab({
      id: 'chromium',
      source: { kind: 'supervisor', target: 'chromium', follow: false },
      lines: [],
      capacity: 100,
      origin: 'test',
    });
    const events: Event[] = [];
    const telemetry = telemetryOf(events);
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, logSource(tab)]);

    events.push(
      { t: WRITTEN - 1_000, text: 'session started' },
      { t: WRITTEN + 1_000, text: 'page loaded' },
    );
    // the shell's message comes in a batch of its own, before Chromium's first line
    tab.buffer.append(read('/usr/bin/chromium: using the sandbox'));
    feed.pull(0);
    tab.buffer.append(read('[12:34:1123/172857.193:INFO:content_main.cc(1)] started'));
    feed.pull(10);
    feed.release(10 + HOLD_MS);
    expect(texts(feed)).toEqual([
      'session started',
      '/usr/bin/chromium: using the sandbox',
      '[12:34:1123/172857.193:INFO:content_main.cc(1)] started',
      'page loaded',
    ]);
    expect(feed.ring.viewAt(1)?.timeMs).toBe(WRITTEN);

    // placed already when the next stated time comes: the list is built again
    const late = new MergedFeed(100);
    const timeline = telemetryOf(events);
    const other = createFileLogTab({
      id: 'chromium-2',
      source: { kind: 'supervisor', target: 'chromium', follow: false },
      lines: [],
      capacity: 100,
      origin: 'test',
    });
    late.setSources([timeline, logSource(other)]);
    other.buffer.append(read('/usr/bin/chromium: using the sandbox'));
    late.pull(0);
    late.release(HOLD_MS);
    other.buffer.append(read('[12:34:1123/172857.193:INFO:content_main.cc(1)] started'));
    expect(late.pull(HOLD_MS + 1)).toBe(false);
    expect(texts(late)).toEqual(texts(feed));
  });
});
