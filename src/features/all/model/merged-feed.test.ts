import { describe, expect, it, vi } from 'vitest';
import { filterTest, NO_FILTER, textOnlyNeedle, type AllFilter } from './all-filter';
import { plainMatcher } from '../../../lib/plain-match';
import {
  HOLD_MS,
  MergedFeed,
  rowItem,
  type AllRow,
  type FeedSource,
  type TextMatches,
} from './merged-feed';
import { mergeByTime } from './merge-lists';

interface Item {
  t: number;
  text: string;
  error?: boolean;
  mark?: boolean;
}

/** A source over a plain array with a capacity: items past it are evicted, oldest first. */
class ListSource implements FeedSource<Item> {
  items: Item[] = [];
  start = 0;
  constructor(
    readonly id: string,
    readonly kind: 'telemetry' | 'log' = 'log',
    private readonly capacity = Infinity,
  ) {}
  get label(): string {
    return this.id;
  }
  add(...items: Item[]): void {
    this.items.push(...items);
    while (this.items.length - this.start > this.capacity) this.start += 1;
  }
  first = (): number => this.start;
  next = (): number => this.items.length;
  item = (index: number): Item | undefined => (index >= this.start ? this.items[index] : undefined);
  facts = (item: Item) => ({
    timeMs: item.t,
    text: item.text,
    level: item.error ? ('error' as const) : ('info' as const),
    error: item.error ?? false,
    tag: this.id,
    color: '--cat-other',
    mark: item.mark,
  });
}

/** A log source that finds the items holding a text itself (as a log stream's buffer does). */
class SearchingSource extends ListSource {
  searches = 0;
  matching = (needle: string): TextMatches => {
    this.searches += 1;
    const { test } = plainMatcher(needle, false);
    const indexes: number[] = [];
    for (let index = this.start; index < this.items.length; index += 1)
      if (test((this.items[index] as Item).text)) indexes.push(index);
    return { from: this.start, end: this.items.length, indexes };
  };
}

/** A source listed as its items arrived, whose times are the truth (the telemetry). */
class ArrivalSource extends ListSource {
  readonly byTime = true;
  constructor(id = 'telemetry') {
    super(id, 'telemetry');
  }
}

/** A log source whose first items take a later item's time, as a log stream's first lines do. */
class RetimingSource extends ListSource {
  readonly changes = { count: 0, from: 0, to: 0 };
  /** Items `from` to `to - 1` take time `t`. */
  retime(from: number, to: number, t: number): void {
    for (let index = from; index < to; index += 1) (this.items[index] as Item).t = t;
    this.changes.count += 1;
    this.changes.from = from;
    this.changes.to = to;
  }
  retimed = () => this.changes;
}

const texts = (feed: MergedFeed): string[] => {
  const out: string[] = [];
  for (let at = 0; at < feed.ring.viewCount; at += 1) out.push(feed.ring.viewAt(at)?.text ?? '?');
  return out;
};

describe('mergeByTime', () => {
  const row = (text: string, timeMs: number): AllRow => ({ text, timeMs }) as unknown as AllRow;

  it('interleaves lists by time, keeps each list’s own order, ties to the earlier list', () => {
    const events = [row('e1', 10), row('e2', 20), row('e3', 30)];
    const lines = [row('l1', 5), row('l2', 20), row('l3', 15), row('l4', 40)];
    expect(mergeByTime([events, lines]).map((r) => r.text)).toEqual([
      'l1',
      'e1',
      'e2',
      'l2',
      'l3',
      'e3',
      'l4',
    ]);
  });

  it('a row without a time stays after the row before it in its list', () => {
    const a = [row('a1', 10), row('a2', Number.NaN), row('a3', 30)];
    const b = [row('b1', 12), row('b2', 25)];
    expect(mergeByTime([a, b]).map((r) => r.text)).toEqual(['a1', 'a2', 'b1', 'b2', 'a3']);
  });
});

describe('MergedFeed', () => {
  it('builds one list in time order from what the sources hold', () => {
    const telemetry = new ListSource('telemetry', 'telemetry');
    const chromium = new ListSource('chromium');
    telemetry.add({ t: 100, text: 'console error' }, { t: 300, text: 'request' });
    chromium.add({ t: 99, text: 'line before' }, { t: 200, text: 'line between' });
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, chromium]);
    expect(texts(feed)).toEqual(['line before', 'console error', 'line between', 'request']);
  });

  it('holds live rows so that a line read later lands next to the event of its moment', () => {
    const telemetry = new ListSource('telemetry', 'telemetry');
    const chromium = new ListSource('chromium');
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, chromium]);

    telemetry.add({ t: 1_000, text: 'event at 1000' }, { t: 1_200, text: 'event at 1200' });
    feed.pull(0);
    expect(feed.release(10)).toEqual({ placed: 0, dueInMs: HOLD_MS - 10 });
    // the file's line of 1100 is read 100 ms later
    chromium.add({ t: 1_100, text: 'line at 1100' });
    feed.pull(100);
    expect(feed.release(HOLD_MS).placed).toBe(3);
    expect(texts(feed)).toEqual(['event at 1000', 'line at 1100', 'event at 1200']);
    expect(feed.held).toBe(0);
  });

  it('a row that comes after the hold is placed last and flagged late', () => {
    const telemetry = new ListSource('telemetry', 'telemetry');
    const chromium = new ListSource('chromium');
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, chromium]);
    telemetry.add({ t: 2_000, text: 'event' });
    feed.pull(0);
    feed.release(HOLD_MS);
    chromium.add({ t: 1_500, text: 'late line' });
    feed.pull(HOLD_MS + 1);
    feed.release(HOLD_MS * 3);
    expect(texts(feed)).toEqual(['event', 'late line']);
    expect(feed.ring.viewAt(1)?.late).toBe(true);
    expect(feed.ring.viewAt(0)?.late).toBe(false);
  });

  it('rows not yet due wait; flush places them all', () => {
    const chromium = new ListSource('chromium');
    const feed = new MergedFeed(100);
    feed.setSources([chromium]);
    chromium.add({ t: 1, text: 'a' }, { t: 2, text: 'b' });
    feed.pull(0);
    expect(feed.release(1).placed).toBe(0);
    expect(feed.release(1, true).placed).toBe(2);
    expect(feed.release(2)).toEqual({ placed: 0, dueInMs: null });
  });

  it('keeps its own capacity, and counts what a source evicted before it was read', () => {
    const chromium = new ListSource('chromium', 'log', 3);
    const feed = new MergedFeed(4);
    feed.setSources([chromium]);
    for (let t = 0; t < 5; t += 1) chromium.add({ t, text: `l${t}` });
    feed.pull(0);
    feed.release(0, true);
    expect(feed.skipped).toBe(2);
    expect(texts(feed)).toEqual(['l2', 'l3', 'l4']);
    for (let t = 5; t < 8; t += 1) chromium.add({ t, text: `l${t}` });
    feed.pull(1);
    feed.release(1, true);
    expect(texts(feed)).toEqual(['l4', 'l5', 'l6', 'l7']);
    expect(feed.ring.evicted).toBe(2);
  });

  it('a source laid out again (items put in place) is read anew', () => {
    const telemetry = new ListSource('telemetry', 'telemetry');
    const feed = new MergedFeed(100);
    feed.setSources([telemetry]);
    telemetry.add({ t: 1, text: 'one' }, { t: 3, text: 'three' });
    feed.pull(0);
    feed.release(0, true);
    // history puts a missing event in place: the item at the last index read is another one
    telemetry.items = [{ t: 1, text: 'one' }, { t: 2, text: 'two' }, telemetry.items[1] as Item];
    expect(feed.pull(1)).toBe(false);
    expect(texts(feed)).toEqual(['one', 'two', 'three']);
    expect(feed.builds).toBe(2);
    // fewer items than were read: laid out again too
    telemetry.items = [{ t: 1, text: 'one' }];
    expect(feed.pull(2)).toBe(false);
    expect(texts(feed)).toEqual(['one']);
  });

  it('filters by source, level, errors and text (ignoring case)', () => {
    const telemetry = new ListSource('telemetry', 'telemetry');
    const chromium = new ListSource('chromium');
    telemetry.add({ t: 1, text: 'GET /api 500', error: true }, { t: 3, text: 'click #Save' });
    chromium.add({ t: 2, text: 'ERROR: bus failed', error: true }, { t: 4, text: 'ok' });
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, chromium]);
    feed.setFilter(filterTest({ ...NO_FILTER, errorsOnly: true }));
    expect(texts(feed)).toEqual(['GET /api 500', 'ERROR: bus failed']);
    feed.setFilter(filterTest({ ...NO_FILTER, hiddenSources: ['telemetry'] }));
    expect(texts(feed)).toEqual(['ERROR: bus failed', 'ok']);
    feed.setFilter(filterTest({ ...NO_FILTER, hiddenLevels: ['info'] }));
    expect(texts(feed)).toEqual(['GET /api 500', 'ERROR: bus failed']);
    feed.setFilter(filterTest({ ...NO_FILTER, text: 'SAVE' }));
    expect(texts(feed)).toEqual(['click #Save']);
    expect(filterTest({ ...NO_FILTER, text: '  ' })).toBeNull();
    feed.setFilter(filterTest({ ...NO_FILTER, range: { fromMs: 2, toMs: 3 } }));
    expect(texts(feed)).toEqual(['ERROR: bus failed', 'click #Save']);
  });

  it('a stable source’s rows keep no item of their own: it is read from the source, while kept', () => {
    /** A log stream's kind of source: a new object each read, the same line under an index. */
    class ColumnsSource extends ListSource {
      readonly stable = true;
      reads = 0;
      override item = (index: number): Item | undefined => {
        this.reads += 1;
        const kept = index >= this.start ? this.items[index] : undefined;
        return kept && { ...kept };
      };
    }
    const telemetry = new ListSource('telemetry', 'telemetry');
    const log = new ColumnsSource('app.log', 'log', 2);
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, log]);
    telemetry.add({ t: 1_000, text: 'page load' });
    log.add({ t: 1_100, text: 'GET /cart' });
    feed.pull(0);
    feed.release(HOLD_MS);
    const event = feed.ring.viewAt(0) as AllRow;
    const line = feed.ring.viewAt(1) as AllRow;
    expect(event.item).toBe(telemetry.items[0]);
    expect(line.item).toBeUndefined();
    const reads = log.reads;
    expect(rowItem(line)).toEqual({ t: 1_100, text: 'GET /cart' });
    expect(log.reads).toBe(reads + 1);
    expect(rowItem(event)).toBe(telemetry.items[0]);
    // once the stream no longer keeps the line, its row still shows its text, and has no item
    log.add({ t: 1_200, text: 'a' }, { t: 1_300, text: 'b' });
    expect(rowItem(line)).toBeUndefined();
    expect(line.text).toBe('GET /cart');
  });

  it('a held line whose time changes is placed by its new time, next to its neighbours', () => {
    const telemetry = new ListSource('telemetry', 'telemetry');
    const chromium = new RetimingSource('chromium');
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, chromium]);
    telemetry.add({ t: 1_000, text: 'page load' }, { t: 1_150, text: 'click' });
    // the shell's line has only its read time, minutes after the file's lines were written
    chromium.add({ t: 300_000, text: 'shell says hi' });
    feed.pull(0);
    chromium.add({ t: 1_100, text: '[chromium] starts' });
    chromium.retime(0, 1, 1_100);
    expect(feed.pull(100)).toBe(true);
    feed.release(HOLD_MS * 2);
    expect(texts(feed)).toEqual(['page load', 'shell says hi', '[chromium] starts', 'click']);
    expect(feed.builds).toBe(1);
    expect(feed.ring.viewAt(1)?.timeMs).toBe(1_100);
  });

  it('a placed line whose time changes has the list built again, in its place', () => {
    const telemetry = new ListSource('telemetry', 'telemetry');
    const chromium = new RetimingSource('chromium');
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, chromium]);
    telemetry.add({ t: 1_000, text: 'page load' }, { t: 1_150, text: 'click' });
    chromium.add({ t: 300_000, text: 'shell says hi' });
    feed.pull(0);
    feed.release(HOLD_MS);
    expect(texts(feed)).toEqual(['page load', 'click', 'shell says hi']);
    chromium.add({ t: 1_100, text: '[chromium] starts' });
    chromium.retime(0, 1, 1_100);
    expect(feed.pull(HOLD_MS + 1)).toBe(false);
    expect(texts(feed)).toEqual(['page load', 'shell says hi', '[chromium] starts', 'click']);
    // nothing changed since: read on as usual
    chromium.add({ t: 1_200, text: 'next' });
    expect(feed.pull(HOLD_MS + 2)).toBe(true);
    expect(feed.builds).toBe(2);
  });

  it('places the rows of a source listed as they arrived by their time, a log’s in its order', () => {
    const telemetry = new ArrivalSource();
    const chromium = new ListSource('chromium');
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, chromium]);
    telemetry.add({ t: 1_000, text: 'click' }, { t: 1_400, text: 'request' });
    chromium.add({ t: 1_300, text: 'line at 1300' }, { t: 1_200, text: 'line at 1200' });
    feed.pull(0);
    // the screenshot stamped when its capture began arrives 300 ms later, within the hold
    telemetry.add({ t: 1_100, text: 'screenshot' });
    feed.pull(300);
    feed.release(HOLD_MS);
    expect(texts(feed)).toEqual(['click', 'screenshot', 'line at 1300', 'line at 1200', 'request']);
    expect(feed.held).toBe(0);
    // built again from the sources: the same order, the telemetry's by time
    feed.build();
    expect(texts(feed)).toEqual(['click', 'screenshot', 'line at 1300', 'line at 1200', 'request']);
    // the log's line that steps back in time is placed after a later row: it says so
    expect(feed.ring.viewAt(3)?.late).toBe(true);
    expect(feed.ring.viewAt(1)?.late).toBe(false);
  });

  it('a row held behind an earlier one that arrived later is due no later than it was', () => {
    const telemetry = new ArrivalSource();
    const feed = new MergedFeed(100);
    feed.setSources([telemetry]);
    telemetry.add({ t: 2_000, text: 'request' });
    feed.pull(0);
    telemetry.add({ t: 1_500, text: 'screenshot' });
    feed.pull(500);
    expect(feed.release(HOLD_MS).placed).toBe(2);
    expect(texts(feed)).toEqual(['screenshot', 'request']);
  });

  it('shows a mark whatever the search, level, source and errors only; only the range hides it', () => {
    const telemetry = new ListSource('telemetry', 'telemetry');
    const chromium = new ListSource('chromium');
    telemetry.add(
      { t: 1, text: 'GET /api 500', error: true },
      { t: 3, text: 'Mark 1', mark: true },
    );
    chromium.add({ t: 2, text: 'ERROR: bus failed', error: true }, { t: 4, text: 'ok' });
    const feed = new MergedFeed(100);
    feed.setSources([telemetry, chromium]);
    feed.setFilter(filterTest({ ...NO_FILTER, errorsOnly: true }));
    expect(texts(feed)).toEqual(['GET /api 500', 'ERROR: bus failed', 'Mark 1']);
    feed.setFilter(filterTest({ ...NO_FILTER, text: 'bus' }));
    expect(texts(feed)).toEqual(['ERROR: bus failed', 'Mark 1']);
    feed.setFilter(filterTest({ ...NO_FILTER, hiddenLevels: ['info'] }));
    expect(texts(feed)).toEqual(['GET /api 500', 'ERROR: bus failed', 'Mark 1']);
    feed.setFilter(filterTest({ ...NO_FILTER, hiddenSources: ['telemetry'], text: 'ok' }));
    expect(texts(feed)).toEqual(['Mark 1', 'ok']);
    feed.setFilter(filterTest({ ...NO_FILTER, errorsOnly: true, range: { fromMs: 1, toMs: 2 } }));
    expect(texts(feed)).toEqual(['GET /api 500', 'ERROR: bus failed']);
  });

  describe('filtering by text alone with the sources that search themselves', () => {
    /** The feed's rows under `filter`, set as the All view sets it. */
    const shown = (feed: MergedFeed, filter: AllFilter): string[] => {
      feed.setFilter(filterTest(filter), textOnlyNeedle(filter));
      return texts(feed);
    };
    /**
     * A telemetry source, a log that searches itself (keeping its last 8 lines) and one that does
     * not, ten items each, read into `feed` as they come.
     */
    const fill = (feed: MergedFeed, searching = true) => {
      const telemetry = new ListSource('telemetry', 'telemetry');
      const app = searching
        ? new SearchingSource('app.log', 'log', 8)
        : new ListSource('app.log', 'log', 8);
      const chromium = new ListSource('chromium');
      feed.setSources([telemetry, app, chromium]);
      for (let at = 0; at < 10; at += 1) {
        telemetry.add({ t: at * 3, text: at === 4 ? 'Mark' : `GET /cart ${at}`, mark: at === 4 });
        app.add({ t: at * 3 + 1, text: at % 3 === 0 ? `checkout step ${at}` : `cart ${at}` });
        chromium.add({ t: at * 3 + 2, text: at % 4 === 0 ? `CHECKOUT ${at}` : `paint ${at}` });
        feed.pull(0);
      }
      feed.release(0, true);
      return { telemetry, app, chromium };
    };
    const read = (feed: MergedFeed): void => {
      feed.pull(0);
      feed.release(0, true);
    };

    it('shows what reading every row shows, marks included, a source’s cleared rows by their text', () => {
      const feed = new MergedFeed(100);
      const app = fill(feed).app as SearchingSource;
      const plainFeed = new MergedFeed(100);
      fill(plainFeed, false);
      // the app log keeps its last 8 lines: the feed's rows of the first two are read, not asked
      expect(app.first()).toBe(2);
      const filter = { ...NO_FILTER, text: 'checkout' };
      const expected = [
        'checkout step 0',
        'CHECKOUT 0',
        'checkout step 3',
        'Mark',
        'CHECKOUT 4',
        'checkout step 6',
        'CHECKOUT 8',
        'checkout step 9',
      ];
      expect(shown(feed, filter)).toEqual(expected);
      expect(app.searches).toBe(1);
      // the same rows where no source searches itself
      expect(shown(plainFeed, filter)).toEqual(expected);
      // anything else narrowing the rows: each row is read and tested
      expect(shown(feed, { ...filter, hiddenLevels: ['error'] })).toEqual(expected);
      expect(app.searches).toBe(1);
    });

    it('stays right once the list has wrapped round its capacity, and tests live rows by their text', () => {
      const feed = new MergedFeed(12);
      const { telemetry, app, chromium } = fill(feed);
      expect(app).toBeInstanceOf(SearchingSource);
      app.add({ t: 40, text: 'checkout done' }, { t: 41, text: 'idle' });
      read(feed);
      expect(shown(feed, { ...NO_FILTER, text: 'Checkout' })).toEqual([
        'CHECKOUT 8',
        'checkout step 9',
        'checkout done',
      ]);
      app.add({ t: 42, text: 'CheckOut again' }, { t: 43, text: 'nothing' });
      read(feed);
      expect(texts(feed).slice(-2)).toEqual(['checkout done', 'CheckOut again']);
      feed.setSources([telemetry, app, chromium], 6);
      expect(shown(feed, { ...NO_FILTER, text: 'checkout' })).toEqual([
        'checkout step 9',
        'checkout done',
        'CheckOut again',
      ]);
    });

    it('searches its own copy of the texts of sources that cannot: no row is read', () => {
      const telemetry = new ArrivalSource();
      const app = new SearchingSource('app.log');
      const feed = new MergedFeed(10_000);
      feed.setSources([telemetry, app]);
      // 3,000 events: two chunks of texts sealed, one open; the Unicode ones tested by case too
      for (let at = 0; at < 3000; at += 1) {
        const text = at % 1000 === 999 ? `ÉCHEC ${at}` : `GET /item/${at}`;
        telemetry.add({ t: at, text, mark: at === 1500 });
        app.add({ t: at + 0.5, text: at % 700 === 0 ? `échec of ${at}` : `line ${at}` });
        if (at % 500 === 0) read(feed);
      }
      read(feed);
      const reads = vi.spyOn(feed.ring, 'at');
      expect(shown(feed, { ...NO_FILTER, text: 'Échec' })).toEqual([
        'échec of 0',
        'échec of 700',
        'ÉCHEC 999',
        'échec of 1400',
        'GET /item/1500', // a mark
        'ÉCHEC 1999',
        'échec of 2100',
        'échec of 2800',
        'ÉCHEC 2999',
      ]);
      expect(reads).not.toHaveBeenCalled();
      expect(shown(feed, { ...NO_FILTER, text: '/item/2998' })).toEqual([
        'GET /item/1500',
        'GET /item/2998',
      ]);
      expect(reads).not.toHaveBeenCalled();
    });

    it('shows what reading every row shows through floods, evictions, cleared lines and rebuilds', () => {
      let seed = 11;
      const random = (below: number): number => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % below;
      };
      const words = ['checkout', 'cart', 'CHECKOUT done', 'paint', 'Check out', 'ÉCHEC checkout'];
      for (let round = 0; round < 6; round += 1) {
        const telemetry = new ArrivalSource();
        const app = new SearchingSource('app.log', 'log', 40 + random(200));
        const chromium = new ListSource('chromium', 'log', 30 + random(300));
        const feed = new MergedFeed(100 + random(400));
        const plain = new MergedFeed(feed.capacity);
        feed.setSources([telemetry, app, chromium]);
        plain.setSources([telemetry, app, chromium]);
        let t = 0;
        for (let step = 0; step < 60; step += 1) {
          const burst = 1 + random(40);
          for (let at = 0; at < burst; at += 1) {
            t += random(3);
            const text = words[random(words.length)] as string;
            const pick = random(3);
            // telemetry arrives out of time order; a mark now and then
            if (pick === 0) telemetry.add({ t: t - random(5), text, mark: random(40) === 0 });
            else if (pick === 1) app.add({ t, text });
            else chromium.add({ t, text });
          }
          const flush = random(4) === 0;
          for (const each of [feed, plain]) {
            each.pull(step * 100);
            each.release(step * 100, flush);
          }
          if (random(15) === 0) {
            const capacity = 50 + random(400);
            feed.setSources([telemetry, app, chromium], capacity);
            plain.setSources([telemetry, app, chromium], capacity);
          }
          const filter = { ...NO_FILTER, text: random(2) === 0 ? 'checkout' : 'Check' };
          const expected = shown(plain, { ...filter, hiddenLevels: ['debug'] });
          expect(shown(feed, filter), `round ${round}, step ${step}`).toEqual(expected);
        }
      }
    });

    it('takes a searching source’s answer for the rows it keeps, however the list was laid out', () => {
      // a source that says every line it keeps (its last four) holds the text, which none does
      const app = new SearchingSource('app.log', 'log', 4);
      app.matching = (needle) => {
        app.searches += 1;
        expect(needle).toBe('zzz');
        const indexes: number[] = [];
        for (let index = app.start; index < app.items.length; index += 1) indexes.push(index);
        return { from: app.start, end: app.items.length, indexes };
      };
      const chromium = new ListSource('chromium');
      const feed = new MergedFeed(12);
      feed.setSources([app, chromium]);
      for (let at = 0; at < 10; at += 1) {
        app.add({ t: at * 2, text: `app ${at}` });
        chromium.add({ t: at * 2 + 1, text: `chromium ${at}` });
        read(feed);
      }
      // twelve rows kept, wrapped round; the app's two oldest of them it no longer keeps: read
      expect(shown(feed, { ...NO_FILTER, text: 'zzz' })).toEqual([
        'app 6',
        'app 7',
        'app 8',
        'app 9',
      ]);
      feed.setSources([app, chromium], 5);
      expect(shown(feed, { ...NO_FILTER, text: 'zzz' })).toEqual(['app 8', 'app 9']);
      expect(app.searches).toBe(2);
    });
  });
});
