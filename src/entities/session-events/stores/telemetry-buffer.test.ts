import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeOverview } from '../model/overview';
import { compileTimelineFilter, EMPTY_FILTER } from '../model/timeline-filter';
import type { EventItem, TimelineItem } from '../model/types';
import {
  eventAt,
  gapItem,
  markerItem,
  PNG_BYTES,
  screenshotAt,
  stubObjectUrls,
  T0,
  type ObjectUrlStubs,
} from '../testing/telemetry-test-kit';
import { TelemetryBuffer, type ItemTest } from './telemetry-buffer';

const NO_IMAGE_CAP = { count: 1_000, bytes: 1e12 };
const errorsOnly: ItemTest = (item) => item.kind !== 'event' || item.error;

let urls: ObjectUrlStubs;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => urls.restore());

function buffer(capacity = 100, imageCaps = NO_IMAGE_CAP): TelemetryBuffer {
  return new TelemetryBuffer(capacity, imageCaps);
}

function indexes(target: TelemetryBuffer): number[] {
  const all: number[] = [];
  target.forEach((item) => all.push(item.index));
  return all;
}

/** The view as the list shows it: item indexes by view position. */
function view(target: TelemetryBuffer): number[] {
  return Array.from({ length: target.viewCount }, (_, position) => target.viewItem(position))
    .filter((item): item is TimelineItem => item !== undefined)
    .map((item) => item.index);
}

const asEvent = (item: TimelineItem | undefined): EventItem => {
  if (item?.kind !== 'event') throw new Error(`not an event: ${item?.kind}`);
  return item;
};

const log = (seq: number, level = 'log') => eventAt(seq, { data: { text: `l${seq}`, level } });
const consoleError = (seq: number, text = 'Boom') =>
  eventAt(seq, { type: 'console_error', data: { text } });
const response = (seq: number, status: number) =>
  eventAt(seq, { type: 'network_response', data: { request_id: `r${seq}`, status } });

describe('TelemetryBuffer', () => {
  it('gives each appended item the next absolute index, also after evictions', () => {
    const target = buffer(3);
    target.append([log(1), log(2)]);
    target.append([markerItem('reconnected'), log(3), log(4)]);
    expect(indexes(target)).toEqual([2, 3, 4]);
    expect([target.first, target.next, target.size]).toEqual([2, 5, 3]);
    expect(target.item(1)).toBeUndefined();
    expect(asEvent(target.item(4)).seq).toBe(4);
  });

  it('counts categories, types, levels and errors as items arrive and leave', () => {
    const target = buffer(3);
    target.append([log(1, 'info'), consoleError(2), response(3, 500)]);
    expect(Object.fromEntries(target.categoryCounts)).toEqual({ console: 2, network: 1 });
    expect(Object.fromEntries(target.typeCounts)).toEqual({
      console_log: 1,
      console_error: 1,
      network_response: 1,
    });
    expect(Object.fromEntries(target.levelCounts)).toEqual({ info: 1, error: 1 });
    expect(target.errorCount).toBe(2);

    target.append([response(4, 200), response(5, 200)]); // evicts the two console events
    expect(Object.fromEntries(target.categoryCounts)).toEqual({ network: 3 });
    expect(target.typeCounts.has('console_error')).toBe(false);
    expect(target.levelCounts.size).toBe(0);
    expect(target.errorCount).toBe(1);

    target.append([response(6, 200)]); // evicts the failed response
    expect(target.errorCount).toBe(0);
    expect(target.typeCounts.get('network_response')).toBe(3);
  });

  it('counts evicted items of every kind and the events missed in gaps', () => {
    const target = buffer(2);
    target.append([log(1), gapItem(2, 4), log(5), gapItem(6, 6), log(7)]);
    expect(target.evicted).toBe(3);
    // events received are those retained and those evicted, gaps not among them
    expect(target.evictedEvents).toBe(2);
    // the gaps left the buffer, yet what was missed stays counted
    expect(target.missed).toBe(4);
    expect(target.olderMissed).toBe(0);
    expect(target.size).toBe(2);
  });

  it('counts relative times from the session’s creation once known, whatever arrives first', () => {
    const target = buffer(10);
    target.append([log(5)]);
    expect(target.originNote).toBe('since the first event received');
    const firstUs = target.originUs;
    target.anchorOrigin(T0 - 1_000_000);
    target.append([log(1), log(9)]);
    target.clear();
    target.append([log(20)]);
    expect(target.originUs).toBe(T0 - 1_000_000);
    expect(target.originUs).not.toBe(firstUs);
    expect(target.originNote).toBe('since the session was created');
  });

  it('tells events older than the stream’s buffer from events it skipped', () => {
    const target = buffer(10);
    target.append([gapItem(1, 2055, 'replay-start'), log(2056), gapItem(2057, 2059), log(2060)]);
    expect(target.missed).toBe(2058);
    expect(target.olderMissed).toBe(2055);
  });

  describe('filtered view', () => {
    it('shows every retained item without a filter', () => {
      const target = buffer(3);
      target.append([log(1), log(2), log(3), log(4)]);
      expect(target.viewCount).toBe(3);
      expect(view(target)).toEqual([1, 2, 3]);
      expect(target.viewIndexOf(2)).toBe(1);
      expect(target.viewIndexOf(0)).toBe(0); // evicted: the first retained item
      expect(target.viewItem(3)).toBeUndefined();
    });

    it('shows the items that pass, and stays right as items arrive and are evicted', () => {
      const target = buffer(5);
      target.append([log(1), consoleError(2), log(3), gapItem(4, 4)]);
      target.setFilter(errorsOnly);
      expect(view(target)).toEqual([1, 3]);
      expect(target.shows(asEvent(target.item(0)))).toBe(false);

      target.append([log(5), consoleError(6)]); // evicts index 0
      expect(view(target)).toEqual([1, 3, 5]);

      target.append([log(7), log(8)]); // evicts indexes 1 and 2
      expect(view(target)).toEqual([3, 5]);
      expect(target.viewCount).toBe(2);
    });

    it('places a hidden item at the next shown one', () => {
      const target = buffer();
      target.append([consoleError(1), log(2), log(3), consoleError(4), log(5)]);
      target.setFilter(errorsOnly);
      expect(target.viewIndexOf(0)).toBe(0);
      expect(target.viewIndexOf(1)).toBe(1);
      expect(target.viewIndexOf(3)).toBe(1);
      expect(target.viewIndexOf(4)).toBe(2); // after the last shown item
    });

    it('finds a failed load by the URL of the request it ended, searched before or after', () => {
      const request = (seq: number, id: string) =>
        eventAt(seq, {
          type: 'network_request',
          data: { request_id: id, method: 'POST', url: `https://shop.test/Pay/${id}` },
        });
      const failed = (seq: number, id: string) =>
        eventAt(seq, {
          type: 'network_loading_failed',
          data: { request_id: id, error_text: 'net::ERR_FAILED' },
        });
      const target = buffer();
      target.append([request(1, 'r1'), failed(2, 'r1')]);
      target.setFilter(compileTimelineFilter({ ...EMPTY_FILTER, text: 'shop.test/pay' }));
      expect(view(target)).toEqual([0, 1]);
      expect(asEvent(target.item(1)).summary).toBe(
        'net::ERR_FAILED · POST https://shop.test/Pay/r1',
      );
      // a search already running when the failure arrives
      target.setFilter(compileTimelineFilter({ ...EMPTY_FILTER, text: 'pay/r2' }));
      target.append([request(3, 'r2'), failed(4, 'r2')]);
      expect(view(target)).toEqual([2, 3]);
    });

    it('shows everything again when the filter is removed', () => {
      const target = buffer();
      target.append([log(1), consoleError(2)]);
      target.setFilter(errorsOnly);
      expect(target.viewCount).toBe(1);
      target.setFilter(null);
      target.append([log(3)]);
      expect(view(target)).toEqual([0, 1, 2]);
    });
  });

  describe('overview columns', () => {
    /** The same items, seen through the generic path that visits every item. */
    const visited = (target: TelemetryBuffer) => ({
      first: target.first,
      next: target.next,
      originUs: target.originUs,
      item: (index: number) => target.item(index),
      forEach: (visit: (item: TimelineItem) => void) => target.forEach(visit),
    });
    const navigation = (seq: number, parent: string | null) =>
      eventAt(seq, {
        type: 'page_navigation',
        data: { url: `https://a.test/${seq}`, parent_frame_id: parent },
      });

    it('give the overview a pass over every retained item gives, through evictions and resizes', () => {
      const target = buffer(50);
      const batch = (from: number) =>
        Array.from({ length: 40 }, (_, i) => {
          const seq = from + i;
          if (seq % 7 === 0) return consoleError(seq);
          if (seq % 11 === 0) return navigation(seq, seq % 2 ? null : 'child-frame');
          if (seq % 13 === 0) return screenshotAt(seq);
          if (seq % 17 === 0) return gapItem(seq, seq + 1);
          return seq % 3 ? log(seq) : response(seq, 200);
        });
      const compare = (): void => {
        const fast = computeOverview(target, 64);
        const slow = computeOverview(visited(target), 64);
        expect(fast).toEqual(slow);
      };
      target.append(batch(1));
      compare();
      // past the capacity: the oldest are evicted and their column slots written over
      target.append(batch(41));
      target.append(batch(81));
      compare();
      expect(computeOverview(target, 64).totals.errors).toBeGreaterThan(0);
      expect(computeOverview(target, 64).totals.navigations).toBeGreaterThan(0);
      target.resize(30);
      compare();
      target.resize(200);
      target.append(batch(121));
      compare();
      target.clear();
      expect(computeOverview(target, 64).totals.events).toBe(0);
      target.append(batch(161));
      compare();
    });
  });

  describe('heldEvent', () => {
    it('answers with the event of the newest epoch held under a seq', () => {
      const target = buffer();
      target.append([log(1), eventAt(2, { type: 'page_load', ts: 42 })]);
      expect(target.heldEvent(2)).toMatchObject({ seq: 2, tsUs: 42, type: 'page_load' });
      expect(target.heldEvent(3)).toBeUndefined();

      target.append([markerItem('restarted', 1), eventAt(1, { ts: 99 }, 1)]);
      expect(target.heldEvent(1)).toMatchObject({
        seq: 1,
        tsUs: 99,
        type: 'console_log',
        epoch: 1,
      });
      expect(target.heldEvent(2)).toBeUndefined(); // seq 2 of the previous epoch
    });

    it('forgets evicted events', () => {
      const target = buffer(2);
      target.append([log(1), log(2), log(3)]);
      expect(target.heldEvent(1)).toBeUndefined();
      expect(target.heldEvent(2)).toBeDefined();
    });
  });

  describe('indexAtTime', () => {
    it('finds the first retained item at or after a time', () => {
      const target = buffer(4);
      target.append([10, 20, 30, 40, 50].map((ts, at) => eventAt(at + 1, { ts })));
      expect(target.indexAtTime(25)).toBe(2);
      expect(target.indexAtTime(30)).toBe(2);
      expect(target.indexAtTime(5)).toBe(1); // before everything retained: the oldest
      expect(target.indexAtTime(99)).toBe(4); // after everything: the newest
    });

    it('is null for an empty buffer', () => {
      expect(buffer().indexAtTime(T0)).toBeNull();
    });
  });

  it('resizes, evicting the oldest items when shrinking', () => {
    const target = buffer(5);
    target.append([consoleError(1), log(2), consoleError(3), log(4), screenshotAt(5)]);
    target.setFilter(errorsOnly);
    target.resize(2);
    expect(indexes(target)).toEqual([3, 4]);
    expect(target.evicted).toBe(3);
    expect(target.errorCount).toBe(0);
    expect(target.viewCount).toBe(0);
    expect(target.errors.size).toBe(0);

    target.resize(4);
    target.append([log(6), log(7), log(8)]);
    expect(indexes(target)).toEqual([4, 5, 6, 7]);
    expect(target.capacity).toBe(4);
  });

  it('clears everything but keeps counting indexes', () => {
    const target = buffer(3);
    target.append([consoleError(1), gapItem(2, 3), screenshotAt(4), log(5)]);
    target.append([eventAt(6, { type: 'monitor_disconnected', data: { reason: 'x' } })]);
    target.setFilter(errorsOnly);
    target.clear();
    expect(target.size).toBe(0);
    expect(target.viewCount).toBe(0);
    expect(target.categoryCounts.size + target.typeCounts.size + target.levelCounts.size).toBe(0);
    expect([target.errorCount, target.evicted, target.missed]).toEqual([0, 0, 0]);
    expect(target.screenshots.length).toBe(0);
    expect(target.retainedImages).toBe(0);
    expect(urls.revoke).toHaveBeenCalledWith('blob:test/1');
    expect(target.health.collector).toEqual({ state: 'ok' });
    expect(target.heldEvent(5)).toBeUndefined();

    expect(target.next).toBe(5);
    target.append([log(7)]);
    expect(indexes(target)).toEqual([5]);
  });

  describe('screenshot images', () => {
    it('keeps at most `count` images, releasing the oldest URLs', () => {
      const target = buffer(100, { count: 2, bytes: 1e12 });
      target.append([screenshotAt(1), screenshotAt(2)]);
      expect(urls.revoke).not.toHaveBeenCalled();
      target.append([screenshotAt(3)]);
      expect(urls.revoke).toHaveBeenCalledExactlyOnceWith('blob:test/1');
      // the event stays, only its image is gone
      expect(asEvent(target.item(0)).screenshot).toEqual({ url: null, bytes: PNG_BYTES });
      expect(asEvent(target.item(2)).screenshot?.url).toBe('blob:test/3');
      expect(target.retainedImages).toBe(2);
      expect(target.size).toBe(3);
    });

    it('keeps the images under the byte cap, but always the newest one', () => {
      const target = buffer(100, { count: 100, bytes: 2 * PNG_BYTES });
      target.append([screenshotAt(1), screenshotAt(2), screenshotAt(3)]);
      expect(urls.revoke.mock.calls).toEqual([['blob:test/1']]);

      const tiny = buffer(100, { count: 100, bytes: 1 });
      tiny.append([screenshotAt(1)]);
      expect(tiny.retainedImages).toBe(1);
    });

    it('releases the image of an evicted screenshot', () => {
      const target = buffer(2);
      target.append([screenshotAt(1), log(2)]);
      const shot = asEvent(target.item(0)).screenshot;
      target.append([log(3)]);
      expect(urls.revoke).toHaveBeenCalledExactlyOnceWith('blob:test/1');
      expect(shot?.url).toBeNull();
      expect(target.retainedImages).toBe(0);
    });

    it('lists the retained screenshot events in order', () => {
      const target = buffer(4);
      target.append([screenshotAt(1), log(2), screenshotAt(3), log(4)]);
      const list = () => Array.from({ length: target.screenshots.length }, (_, at) => at);
      expect(list().map((at) => target.screenshots.at(at))).toEqual([0, 2]);
      target.append([log(5)]);
      expect(list().map((at) => target.screenshots.at(at))).toEqual([2]);
    });
  });

  it('feeds error groups, network exchanges and collector health', () => {
    const target = buffer(5);
    target.append([
      consoleError(1, 'Boom'),
      eventAt(2, { type: 'network_request', data: { request_id: 'a', url: 'https://x.test/' } }),
      consoleError(3, 'Boom'),
      eventAt(4, { type: 'network_response', data: { request_id: 'a', status: 204 } }),
      eventAt(5, { type: 'monitor_disconnected', data: { reason: 'chrome_restarted' } }),
    ]);
    expect(target.errors.size).toBe(1);
    expect(target.errors.list()[0]).toMatchObject({ text: 'Boom', count: 2, occurrences: [0, 2] });
    const request = asEvent(target.item(1));
    const exchange = target.network.exchangeOf(asEvent(target.item(3)));
    expect(exchange?.request).toBe(request);
    expect(exchange?.durationMs).toBe(2_000);
    expect(target.health.collector).toMatchObject({ state: 'disconnected', index: 4 });

    target.append([log(6), log(7)]); // evicts the first error and the request
    expect(target.errors.list()[0]).toMatchObject({ count: 1, occurrences: [2] });
    expect(target.network.exchangeOf(request)).toBeNull();
    expect(target.network.exchangeOf(asEvent(target.item(3)))?.request).toBeNull();
  });

  it('keeps console errors, screenshots and marks listed among the events no such list keeps', () => {
    const target = buffer(4);
    const keys = (list: { length: number; at(at: number): number | undefined }) =>
      Array.from({ length: list.length }, (_, at) => list.at(at));
    target.append([consoleError(1), response(2, 200), markerItem('mark'), screenshotAt(3)]);
    expect(keys(target.consoleErrors)).toEqual([0]);
    expect(keys(target.marks)).toEqual([2]);
    expect(keys(target.screenshots)).toEqual([3]);
    // the network response leaves without touching them; the error, the mark, the screenshot do
    target.append([log(4), log(5)]);
    expect(keys(target.consoleErrors)).toEqual([]);
    expect(keys(target.marks)).toEqual([2]);
    target.append([log(6), consoleError(7)]);
    expect(keys(target.marks)).toEqual([]);
    expect(keys(target.screenshots)).toEqual([]);
    expect(keys(target.consoleErrors)).toEqual([7]);
    expect(target.errors.list()[0]).toMatchObject({ count: 1, occurrences: [7] });
  });
});
