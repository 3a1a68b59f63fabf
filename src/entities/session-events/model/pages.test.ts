import { describe, expect, it } from 'vitest';
import { FrameStaging } from '../api/frame-staging';
import { telemetryDecoder } from '../api/telemetry-decoder';
import { testSource } from '../testing/overview-test-kit';
import { liveEventItem } from './event-item';
import { eventAt, T0 } from '../testing/telemetry-test-kit';
import {
  computePages,
  cumulativeLayoutShift,
  currentPage,
  pagesInFocus,
  slicedPages,
  tabCount,
  visitRange,
  type PageVisit,
} from './pages';
import type { EventItem, TimelineItem } from './types';
import {
  compileTimelineFilter,
  EMPTY_FILTER,
  readFilterParams,
  writeFilterParams,
} from './timeline-filter';

const MS = 1_000;
let seq = 0;

/** An event `ms` after T0, of `type`, with its data, indexed in arrival order. */
function at(ms: number, type: string, data: Record<string, unknown> = {}): TimelineItem {
  seq += 1;
  return { ...eventAt(seq, { type, ts: T0 + ms * MS, data }), index: seq } as TimelineItem;
}

const TAB = { target_id: 'T1' };
const nav = (ms: number, url: string, navSeq: number, loader: string, target = 'T1') =>
  at(ms, 'page_navigation', {
    url,
    frame_id: 'F',
    loader_id: loader,
    target_id: target,
    nav_seq: navSeq,
  });
/** Epoch seconds of a time `ms` after T0, as CDP's performance timeline states times. */
const epochS = (ms: number): number => (T0 / 1000 + ms) / 1000;

describe('computePages', () => {
  it('one visit per top-level navigation, with what happened during it', () => {
    const items = [
      at(0, 'network_request', { request_id: 'L1', method: 'GET', url: 'https://shop.test/' }),
      nav(120, 'https://shop.test/', 1, 'L1'),
      at(300, 'page_dom_content_loaded', { ...TAB, nav_seq: 1 }),
      at(450, 'page_load', { ...TAB, nav_seq: 1 }),
      at(500, 'page_lcp', {
        ...TAB,
        nav_seq: 1,
        lcp_details: { render_time: epochS(380), load_time: 0, size: 19342, element_id: 'hero' },
      }),
      at(600, 'console_error', { ...TAB, nav_seq: 1, text: 'Uncaught TypeError' }),
      at(700, 'network_response', { ...TAB, nav_seq: 1, request_id: 'r2', status: 404 }),
      at(800, 'page_layout_shift', {
        ...TAB,
        nav_seq: 1,
        time: epochS(800),
        layout_shift_details: { value: 0.05, had_recent_input: false },
      }),
      at(900, 'page_layout_shift', {
        ...TAB,
        nav_seq: 1,
        time: epochS(900),
        layout_shift_details: { value: 0.4, had_recent_input: true },
      }),
      at(5_000, 'network_request', { request_id: 'L2' }),
      nav(5_100, 'https://shop.test/cart', 2, 'L2'),
      at(5_200, 'console_error', { ...TAB, nav_seq: 2, text: 'second page' }),
    ];
    const pages = computePages(testSource(items));
    expect(pages).toHaveLength(2);
    const [home, cart] = pages;
    expect(home).toMatchObject({
      url: 'https://shop.test/',
      targetId: 'T1',
      navSeq: 1,
      // the document request started the navigation, before Page.frameNavigated
      startUs: T0,
      endUs: T0 + 5_000 * MS,
      errors: 1,
      failedRequests: 1,
      layoutShifts: 2,
      domContentLoadedMs: 300,
      loadMs: 450,
    });
    // LCP relative to the start, from the render time CDP states in epoch seconds
    expect(home?.lcp).toMatchObject({ basis: 'render', size: 19342, elementId: 'hero' });
    expect(home?.lcp?.ms).toBeCloseTo(380, 3);
    // the shift after input does not count
    expect(home?.cls).toBeCloseTo(0.05, 6);
    expect(cart).toMatchObject({ url: 'https://shop.test/cart', errors: 1, endUs: null });
    expect(currentPage(pages)).toBe(cart);
    expect(tabCount(pages)).toBe(1);
  });

  it('reads each event once however many passes run over its source, with the same visits each time', () => {
    const items = [
      at(0, 'network_request', { request_id: 'L1' }),
      nav(100, 'https://shop.test/', 1, 'L1'),
      at(200, 'console_error', { ...TAB, nav_seq: 1, text: 'x', stack: 'a'.repeat(1000) }),
      at(300, 'page_lcp', {
        ...TAB,
        nav_seq: 1,
        lcp_details: { render_time: epochS(250), size: 9 },
      }),
    ];
    // a live item parses its event each time a pass reads it: count the reads
    let reads = 0;
    const counted = items.map((item) => {
      if (item.kind !== 'event') return item;
      const { event } = item;
      return Object.defineProperty({ ...item }, 'event', {
        get: () => {
          reads += 1;
          return event;
        },
      }) as TimelineItem;
    });
    const source = testSource(counted);
    const first = computePages(source);
    const firstReads = reads;
    expect(firstReads).toBe(3);
    expect(computePages(source)).toEqual(first);
    expect(reads).toBe(firstReads);
    // another source reads its own items
    computePages(testSource(counted));
    expect(reads).toBe(2 * firstReads);
    expect(first[0]).toMatchObject({ errors: 1, lcp: { size: 9 } });
  });

  it('keeps tabs apart, titles a tab’s first page, and ignores subframes', () => {
    const items = [
      nav(0, 'https://a.test/', 1, 'A1', 'T1'),
      at(10, 'page_tab_opened', { target_id: 'T2', title: 'Help centre', url: 'https://b.test/' }),
      nav(20, 'https://b.test/', 1, 'B1', 'T2'),
      at(30, 'page_navigation', {
        url: 'https://ads.test/frame',
        parent_frame_id: 'F',
        target_id: 'T2',
      }),
      at(40, 'console_error', { target_id: 'T1', nav_seq: 1, text: 'in tab one' }),
    ];
    const pages = computePages(testSource(items));
    expect(pages.map((page) => [page.url, page.title, page.errors, page.endUs])).toEqual([
      ['https://a.test/', null, 1, null],
      ['https://b.test/', 'Help centre', 0, null],
    ]);
    expect(tabCount(pages)).toBe(2);
  });

  it('an LCP in another clock than the navigation is left out, not shown as a huge time', () => {
    const items = [
      nav(0, 'https://shop.test/', 1, 'L1'),
      at(10, 'page_lcp', { ...TAB, nav_seq: 1, lcp_details: { render_time: 12.5, size: 10 } }),
    ];
    expect(computePages(testSource(items))[0]?.lcp).toBeNull();
  });

  it('reads the fields the stream worker sent with a live event, without parsing the event', () => {
    const items = [
      at(0, 'network_request', { request_id: 'L1', method: 'GET', url: 'https://shop.test/' }),
      at(50, 'page_tab_opened', { target_id: 'T1', title: 'Shop', url: 'https://shop.test/' }),
      nav(120, 'https://shop.test/', 1, 'L1'),
      at(300, 'page_dom_content_loaded', { ...TAB, nav_seq: 1 }),
      at(450, 'page_load', { ...TAB, nav_seq: 1 }),
      at(500, 'page_lcp', {
        ...TAB,
        nav_seq: 1,
        lcp_details: { render_time: epochS(380), load_time: 0, size: 19342, element_id: 'hero' },
      }),
      at(600, 'console_error', { ...TAB, nav_seq: 1, text: 'Uncaught TypeError' }),
      at(800, 'page_layout_shift', {
        ...TAB,
        nav_seq: 1,
        time: epochS(800),
        layout_shift_details: { value: 0.05, had_recent_input: false },
      }),
      nav(5_100, 'https://shop.test/cart', 2, 'L2'),
    ];
    const bytes = new FrameStaging();
    const wires = (items as EventItem[]).map((item) =>
      telemetryDecoder.decode(
        { data: JSON.stringify({ seq: item.seq, event: item.event }), event: '', id: '' },
        0,
        bytes,
      ),
    );
    const { packed } = telemetryDecoder.pack(wires, bytes);
    // the batch's texts blanked out: what the visits find, they found in the fields sent
    const blanked = { ...packed, bytes: new Uint8Array(packed.bytes.length).fill(0x20) };
    const live = telemetryDecoder
      .unpack(blanked)
      .toArray()
      .map((frame, at) => {
        if (!frame.ok) throw new Error('fixture');
        const item = liveEventItem(frame, 0) as TimelineItem;
        item.index = (items[at] as TimelineItem).index;
        return item;
      });
    const fromLive = computePages(testSource(live));
    expect(fromLive).toEqual(computePages(testSource(items)));
    expect(fromLive[0]).toMatchObject({ title: 'Shop', errors: 1, loadMs: 450, layoutShifts: 1 });
  });
});

describe('cumulativeLayoutShift', () => {
  it('is the largest session window: gaps under 1 s, at most 5 s long', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
    // two shifts 0.5 s apart share a window; the third, 2 s later, starts another
    const shifts = [
      { atMs: 0, value: 0.1 },
      { atMs: 500, value: 0.1 },
      { atMs: 2_500, value: 0.15 },
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.2, 6);
    // a window is cut after 5 s even without a gap
    const steady = Array.from({ length: 12 }, (_, at) => ({ atMs: at * 900, value: 0.1 }));
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.6, 6);
  });
});

describe('visitRange', () => {
  it('ends before the next page’s document request, also after the range went through the URL', () => {
    const nextRequestUs = T0 + 5_000_123;
    const visit = { startUs: T0, endUs: nextRequestUs, lastUs: nextRequestUs };
    const range = visitRange(visit);
    const params = new URLSearchParams();
    writeFilterParams(params, { ...EMPTY_FILTER, range });
    const reloaded = readFilterParams(params).range;
    expect(reloaded).toEqual(range);
    for (const shown of [range, reloaded]) {
      const test = compileTimelineFilter({ ...EMPTY_FILTER, range: shown });
      const at = (tsUs: number) => ({ ...eventAt(1), index: 0, tsUs });
      expect(test?.(at(nextRequestUs))).toBe(false);
      expect(test?.(at(T0 + 4_999_000))).toBe(true);
      expect(test?.(at(T0))).toBe(true);
    }
  });

  it('runs to the last event of the tab’s current page', () => {
    expect(visitRange({ startUs: T0, endUs: null, lastUs: T0 + 9 })).toEqual({
      fromUs: T0,
      toUs: T0 + 9,
    });
  });
});

describe('pagesInFocus', () => {
  const visit = (n: number): PageVisit =>
    ({ startUs: T0 + n * 10_000_000, endUs: T0 + (n + 1) * 10_000_000, lastUs: T0 }) as PageVisit;
  const visits = Array.from({ length: 8 }, (_, n) => visit(n));

  it('marks no page over the whole session, so the waterfall is no barcode of lines', () => {
    expect(pagesInFocus(visits, null, null)).toEqual([]);
  });

  it('marks the page chosen as the range, or the one a selected request was made on', () => {
    expect(pagesInFocus(visits, visitRange(visits[2] as PageVisit), null)).toEqual([visits[2]]);
    expect(pagesInFocus(visits, null, T0 + 35_000_000)).toEqual([visits[3]]);
  });

  it('marks none when the range holds more than a few pages', () => {
    const wide = { fromUs: T0, toUs: T0 + 80_000_000 };
    expect(pagesInFocus(visits, wide, null)).toEqual([]);
    const three = { fromUs: T0, toUs: T0 + 25_000_000 };
    expect(pagesInFocus(visits, three, null)).toHaveLength(3);
  });
});

describe('slicedPages', () => {
  /** A session of `pages` visits, each a navigation, its document request and some traffic. */
  function session(pages: number): TimelineItem[] {
    const items: TimelineItem[] = [];
    for (let page = 0; page < pages; page += 1) {
      const ms = page * 1_000;
      items.push(
        at(ms, 'network_request', { request_id: `L${page}`, url: `https://a.test/${page}` }),
      );
      items.push(nav(ms + 10, `https://a.test/${page}`, page + 1, `L${page}`));
      for (let n = 0; n < 60; n += 1)
        items.push(at(ms + 20 + n, 'network_request', { request_id: `r${page}.${n}` }));
      items.push(at(ms + 90, 'console_error', { ...TAB, nav_seq: page + 1, text: 'boom' }));
      items.push(at(ms + 95, 'page_load', { ...TAB, nav_seq: page + 1 }));
    }
    return items;
  }
  /** A clock always past the deadline: each step visits one slice of items and stops. */
  const late = () => Number.POSITIVE_INFINITY;

  it('makes the visits computePages makes, a slice of items a step', () => {
    const items = session(50);
    const source = testSource(items);
    const expected = computePages(testSource(items));
    const pass = slicedPages(source);
    let steps = 1;
    while (!pass.step(0, late)) steps += 1;
    expect(pass.result()).toEqual(expected);
    // 3,200 items, 1,024 between two looks at the clock
    expect(steps).toBe(Math.ceil(items.length / 1_024));
  });

  it('skips what was evicted meanwhile and stops at the items there were when it began', () => {
    const items = session(50);
    const source = testSource(items);
    const pass = slicedPages(source);
    expect(pass.step(0, late)).toBe(false);
    source.evict(2_000);
    source.push(...session(5));
    let steps = 1;
    while (!pass.step(0, late)) steps += 1;
    expect(steps).toBeLessThanOrEqual(2);
    const urls = pass.result().map((visit) => visit.url);
    // the pages of the first slice, none of the evicted ones after it, the retained ones, and
    // none of those that arrived after the pass began
    expect(urls).toContain('https://a.test/0');
    expect(urls).not.toContain('https://a.test/20');
    expect(urls).toContain('https://a.test/49');
    expect(urls.filter((url) => url === 'https://a.test/0')).toHaveLength(1);
    // 64 items a page: pages 0–15 in the first slice; 0–31 evicted before the rest
    expect(urls).toHaveLength(16 + 18);
  });
});
