import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  POINTER_HOLD_MS,
  useFollowingList,
  type FollowingListSource,
  type RevealRequest,
} from './use-following-list';

const ROW = 20;
const LIST = 'list';

/**
 * A bounded stream of items keyed by arrival, like the app's buffers: keys only grow, the oldest
 * are evicted, and a filter hides some.
 */
class Items {
  private first = 0;
  private next = 0;
  private hidden: ((key: number) => boolean) | null = null;

  constructor(count: number) {
    this.append(count);
  }
  append(count: number): void {
    this.next += count;
  }
  evict(count: number): void {
    this.first += count;
  }
  /** Lays the items out again with `count` new ones before them: every key changes. */
  rebuildWithOlder(count: number): (key: number) => number {
    const oldFirst = this.first;
    const newFirst = this.next;
    this.next = newFirst + (this.next - this.first) + count;
    this.first = newFirst;
    return (key) => newFirst + count + (key - oldFirst);
  }
  setFilter(hidden: ((key: number) => boolean) | null): void {
    this.hidden = hidden;
  }
  get shown(): number[] {
    const keys: number[] = [];
    for (let key = this.first; key < this.next; key += 1) if (!this.hidden?.(key)) keys.push(key);
    return keys;
  }
  readonly source: FollowingListSource = {
    viewCount: () => this.shown.length,
    keyAt: (index) => this.shown[index],
    viewIndexOf: (key) => {
      const keys = this.shown;
      const index = keys.findIndex((shown) => shown >= key);
      return index === -1 ? keys.length : index;
    },
    nextKey: () => this.next,
  };
}

interface ListState {
  version: number;
  following: boolean;
  pausedAt: number | null;
  unfollowedAt: number | null;
  reveal: RevealRequest | null;
  rekey?: { nonce: number; translate: (key: number) => number } | null;
}

type ListStore = StoreApi<ListState>;

/** Keys of rows measured as taller rows (rows of one height only): rows a reader may expand. */
const tallKeys = new Set<number>();

function List({
  items,
  store,
  variableHeight,
}: {
  items: Items;
  store: ListStore;
  variableHeight?: boolean;
}) {
  const version = useStore(store, (state) => state.version);
  const following = useStore(store, (state) => state.following);
  const pausedAt = useStore(store, (state) => state.pausedAt);
  const reveal = useStore(store, (state) => state.reveal);
  const rekey = useStore(store, (state) => state.rekey);
  const { scrollRef, onScroll, pointer, pointerHeld, count, totalSize, ...list } = useFollowingList(
    {
      source: items.source,
      version,
      following,
      pausedAt,
      reveal,
      rekey,
      onFollowChange: (change) => store.setState(change),
      rowHeight: ROW,
      overscan: 2,
      variableHeight,
    },
  );
  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      {...pointer}
      data-testid={LIST}
      data-count={count}
      data-held={pointerHeld ?? 'no'}
    >
      <div style={{ height: totalSize, position: 'relative' }}>
        {list.items.map((item) => {
          const key = items.source.keyAt(item.index);
          return key === undefined ? null : (
            <div
              key={key}
              ref={list.measureElement ?? (tallKeys.has(key) ? list.measureTall : undefined)}
              data-index={item.index}
              data-key={key}
              data-testid="row"
              data-start={item.start}
            >
              item {key}
            </div>
          );
        })}
      </div>
    </div>
  );
}

// jsdom has no layout: the list is VIEW px high, its content as high as the height the list gives
// it, and scrollTop is clamped to the content like a browser does
const VIEW = 100;
let viewHeight = VIEW;
const scrollTops = new WeakMap<Element, number>();
const isList = (element: Element): boolean => (element as HTMLElement).dataset?.testid === LIST;
const contentHeight = (element: Element): number =>
  Number.parseFloat((element.firstElementChild as HTMLElement | null)?.style.height ?? '') || 0;
const maxScroll = (element: Element): number => Math.max(0, contentHeight(element) - viewHeight);

const layout: Record<string, PropertyDescriptor> = {
  clientHeight: {
    configurable: true,
    get(this: Element) {
      return isList(this) ? viewHeight : 0;
    },
  },
  scrollHeight: {
    configurable: true,
    get(this: Element) {
      return isList(this) ? Math.max(viewHeight, contentHeight(this)) : 0;
    },
  },
  // rows with variable height: every third item is two lines high
  offsetHeight: {
    configurable: true,
    get(this: HTMLElement) {
      if (isList(this)) return viewHeight;
      if (this.dataset?.testid !== 'row') return 0;
      return Number(this.dataset.key) % 3 === 0 ? 2 * ROW : ROW;
    },
  },
  scrollTop: {
    configurable: true,
    get(this: Element) {
      return Math.min(scrollTops.get(this) ?? 0, maxScroll(this));
    },
    set(this: Element, value: number) {
      const top = Math.max(0, Math.min(value, maxScroll(this)));
      if (top !== (scrollTops.get(this) ?? 0)) scrolled.add(this);
      scrollTops.set(this, top);
    },
  },
  // what the virtualizer scrolls with
  scrollTo: {
    configurable: true,
    writable: true,
    value(this: Element, options: ScrollToOptions) {
      if (options.top !== undefined) this.scrollTop = options.top;
    },
  },
};
const saved = new Map<string, PropertyDescriptor | undefined>();

// the next frame comes when the test says so: first the scroll events of the scrolls since the
// last one (a browser fires them then), then the frame callbacks
let frames: FrameRequestCallback[] = [];
const scrolled = new Set<Element>();
function runFrames(): void {
  act(() => {
    const elements = [...scrolled];
    scrolled.clear();
    for (const element of elements) fireEvent.scroll(element);
    const pending = frames;
    frames = [];
    for (const frame of pending) frame(0);
  });
}

// resize observers run when the test resizes the list
const observers = new Set<{ callback: ResizeObserverCallback; targets: Set<Element> }>();
/** What the resize observers watching `element` are told when it becomes `height` px high. */
function notifyResize(element: Element, height: number): void {
  act(() => {
    for (const observer of observers) {
      if (!observer.targets.has(element)) continue;
      const entry = {
        target: element,
        contentRect: { height },
        borderBoxSize: [{ blockSize: height, inlineSize: 300 }],
      } as unknown as ResizeObserverEntry;
      observer.callback([entry], observer as unknown as ResizeObserver);
    }
  });
}

function resizeList(height: number): void {
  viewHeight = height;
  notifyResize(list(), height);
}

/** The row with `key` is now `height` px high (its content grew or shrank). */
function growRow(key: number, height: number): void {
  const element = screen.getAllByTestId('row').find((row) => Number(row.dataset.key) === key);
  if (element) notifyResize(element, height);
}

beforeEach(() => {
  viewHeight = VIEW;
  tallKeys.clear();
  for (const [name, descriptor] of Object.entries(layout)) {
    const owner = name === 'offsetHeight' ? HTMLElement.prototype : Element.prototype;
    saved.set(name, Object.getOwnPropertyDescriptor(owner, name));
    Object.defineProperty(owner, name, descriptor);
  }
  frames = [];
  scrolled.clear();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
  observers.clear();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      readonly targets = new Set<Element>();
      constructor(readonly callback: ResizeObserverCallback) {
        observers.add(this);
      }
      observe(target: Element): void {
        this.targets.add(target);
      }
      unobserve(target: Element): void {
        this.targets.delete(target);
      }
      disconnect(): void {
        this.targets.clear();
        observers.delete(this);
      }
    },
  );
});

afterEach(() => {
  for (const [name, descriptor] of saved) {
    const owner = name === 'offsetHeight' ? HTMLElement.prototype : Element.prototype;
    if (descriptor) Object.defineProperty(owner, name, descriptor);
    else delete (owner as unknown as Record<string, unknown>)[name];
  }
  saved.clear();
  vi.unstubAllGlobals();
});

function createListStore(): ListStore {
  return createStore<ListState>()(() => ({
    version: 0,
    following: true,
    pausedAt: null,
    unfollowedAt: null,
    reveal: null,
  }));
}

function list(): HTMLElement {
  return screen.getByTestId(LIST);
}

function setup(count: number, variableHeight?: boolean) {
  const items = new Items(count);
  const store = createListStore();
  render(<List items={items} store={store} variableHeight={variableHeight} />);
  runFrames();
  const update = (change: (items: Items) => void): void => {
    change(items);
    act(() => store.setState((state) => ({ version: state.version + 1 })));
  };
  return { items, store, update };
}

/** The reader scrolls to `top`. */
function scrollTo(top: number): void {
  const element = list();
  act(() => {
    element.scrollTop = top;
    scrolled.delete(element);
    fireEvent.scroll(element);
  });
}

/** Key of the row at the top of the view: the last one starting at or above it. */
function topKey(): number {
  const top = list().scrollTop;
  const row = screen
    .getAllByTestId('row')
    .findLast((element) => Number(element.dataset.start) <= top);
  return Number(row?.dataset.key);
}

const renderedKeys = (): number[] =>
  screen.getAllByTestId('row').map((element) => Number(element.dataset.key));

describe('useFollowingList', () => {
  it('stays at the end while following, whatever arrives', () => {
    const { items, store, update } = setup(50);
    expect(list().scrollTop).toBe(50 * ROW - VIEW);
    expect(renderedKeys()).toContain(49);

    update((items) => items.append(10));
    expect(list().scrollTop).toBe(60 * ROW - VIEW);
    expect(renderedKeys()).toContain(59);

    update((items) => {
      items.evict(20);
      items.append(5);
    });
    expect(list().scrollTop).toBe(45 * ROW - VIEW);
    expect(renderedKeys().at(-1)).toBe(64);
    runFrames();
    expect(store.getState()).toMatchObject({ following: true, unfollowedAt: null });
    expect(items.source.nextKey()).toBe(65);
  });

  it('leaves following when the reader scrolls up, counting from there; at the end again, follows', () => {
    const { store, update } = setup(50);
    scrollTo(300);
    expect(store.getState()).toMatchObject({ following: false, unfollowedAt: 50 });

    // scrolling on does not move the count
    update((items) => items.append(5));
    runFrames();
    scrollTo(200);
    expect(store.getState()).toMatchObject({ following: false, unfollowedAt: 50 });

    scrollTo(55 * ROW - VIEW - 4); // within the slack of the end
    expect(store.getState()).toMatchObject({ following: true, unfollowedAt: null });
    update((items) => items.append(5));
    expect(list().scrollTop).toBe(60 * ROW - VIEW);
  });

  it('takes a scroll away from the end as the reader’s, even in the frame of an update', () => {
    const { store, update } = setup(100);
    update((items) => items.append(10));
    // no frame has passed since the list pinned itself to the end
    scrollTo(0);
    expect(store.getState()).toMatchObject({ following: false, unfollowedAt: 110 });
    runFrames();
    expect(topKey()).toBe(0);
  });

  it('holds the item under the reader’s eyes while items arrive and old ones are evicted', () => {
    const { store, update } = setup(100);
    scrollTo(50 * ROW + 7); // item 50, 7 px scrolled past its top
    expect(store.getState().following).toBe(false);
    expect(topKey()).toBe(50);

    update((items) => items.append(30));
    expect(list().scrollTop).toBe(50 * ROW + 7);

    update((items) => {
      items.evict(30);
      items.append(10);
    });
    expect(list().scrollTop).toBe(20 * ROW + 7);
    runFrames();
    expect(topKey()).toBe(50);
    expect(store.getState().following).toBe(false);
  });

  it('holds the item in place when the list is laid out again with older items above', () => {
    const { items, store } = setup(100);
    scrollTo(50 * ROW + 7);
    expect(topKey()).toBe(50);
    const translate = items.rebuildWithOlder(10);
    act(() =>
      store.setState((state) => ({
        version: state.version + 1,
        rekey: { nonce: 1, translate },
      })),
    );
    expect(list().scrollTop).toBe(60 * ROW + 7);
    runFrames();
    expect(topKey()).toBe(translate(50));
    expect(store.getState().following).toBe(false);
  });

  it('holds the item in place when items are shown above it', () => {
    const { items, update } = setup(0);
    update((items) => {
      items.setFilter((key) => key % 2 === 1);
      items.append(200);
    });
    runFrames();
    scrollTo(30 * ROW + 3); // item 60: the 30th shown
    expect(topKey()).toBe(60);

    update((items) => items.setFilter(null));
    expect(list().scrollTop).toBe(60 * ROW + 3);
    runFrames();
    expect(topKey()).toBe(60);
    expect(items.source.viewCount()).toBe(200);
  });

  it('brings a revealed item to the middle of the view and stays there', () => {
    const { store, update } = setup(100);
    act(() =>
      // what the stores' reveal does: leave following, remember since when
      store.setState({
        reveal: { key: 30, nonce: 1 },
        following: false,
        unfollowedAt: 100,
      }),
    );
    const centered = 30 * ROW - (VIEW - ROW) / 2;
    expect(list().scrollTop).toBe(centered);
    runFrames();
    expect(renderedKeys()).toContain(30);
    expect(store.getState()).toMatchObject({ following: false, unfollowedAt: 100 });

    update((items) => {
      items.evict(10);
      items.append(10);
    });
    expect(list().scrollTop).toBe(centered - 10 * ROW);

    // the same item again: a new nonce counts
    runFrames();
    scrollTo(0);
    act(() => store.setState({ reveal: { key: 30, nonce: 2 } }));
    expect(list().scrollTop).toBe(centered - 10 * ROW);
  });

  it('reveals the next shown item when the one asked for is hidden', () => {
    const { store, update } = setup(0);
    update((items) => {
      items.setFilter((key) => key % 2 === 1);
      items.append(100);
    });
    act(() => store.setState({ reveal: { key: 31, nonce: 1 }, following: false }));
    expect(list().scrollTop).toBe(16 * ROW - (VIEW - ROW) / 2); // item 32, the 16th shown
  });

  it('stays at the end when the list is resized while following, not when scrolled up', () => {
    const { store } = setup(50);
    const end = 50 * ROW - VIEW;
    expect(list().scrollTop).toBe(end);

    resizeList(60); // shorter: the browser keeps scrollTop, the end moves down
    expect(list().scrollTop).toBe(50 * ROW - 60);
    runFrames();
    expect(store.getState().following).toBe(true);

    resizeList(VIEW);
    runFrames();
    scrollTo(300);
    expect(store.getState().following).toBe(false);
    resizeList(60);
    expect(list().scrollTop).toBe(300);
  });

  it('shows only the items that had arrived when paused, and the rest on resuming', () => {
    const { store, update } = setup(50);
    act(() => store.setState({ pausedAt: 50 }));
    expect(list().dataset.count).toBe('50');

    update((items) => items.append(20));
    expect(list().dataset.count).toBe('50');
    expect(Math.max(...renderedKeys())).toBe(49);
    expect(list().scrollTop).toBe(50 * ROW - VIEW);

    update((items) => items.evict(5));
    expect(list().dataset.count).toBe('45');
    expect(Math.min(...renderedKeys())).toBeGreaterThanOrEqual(5);
    runFrames();

    act(() => store.setState({ pausedAt: null }));
    expect(list().dataset.count).toBe('65');
    expect(list().scrollTop).toBe(65 * ROW - VIEW);
    expect(Math.max(...renderedKeys())).toBe(69);
  });

  it('does not take its own scrolls for the reader’s', () => {
    const { store, update } = setup(0);
    update((items) => {
      items.setFilter((key) => key % 2 === 1);
      items.append(100);
    });
    runFrames();
    expect(topKey()).toBe(90);
    // paused without leaving following, then items are shown above: the view keeps item 90 at
    // its top, away from the end
    act(() => store.setState({ pausedAt: 100 }));
    update((items) => items.setFilter(null));
    expect(list().scrollTop).toBe(90 * ROW);
    runFrames();
    expect(store.getState()).toMatchObject({ following: true, unfollowedAt: null });

    // the reader's own scroll after that counts
    scrollTo(80 * ROW);
    expect(store.getState()).toMatchObject({ following: false, unfollowedAt: 100 });
  });
});

describe('useFollowingList under the pointer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** The pointer comes over the list and moves there (by `movement` px). */
  const move = (pointerType = 'mouse', movement = 3): void => {
    act(() => {
      fireEvent.pointerOver(list(), { pointerType });
      fireEvent.pointerEnter(list(), { pointerType });
      fireEvent.pointerMove(list(), { pointerType, movementX: movement, movementY: 0 });
    });
  };
  const leave = (): void => {
    act(() => {
      fireEvent.pointerOut(list(), { pointerType: 'mouse' });
      fireEvent.pointerLeave(list(), { pointerType: 'mouse' });
    });
  };
  const wait = (ms: number): void => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };

  it('holds still while a mouse moves over the list, counting what arrives; follows again when it leaves', () => {
    const { store, update } = setup(50);
    const end = 50 * ROW - VIEW;
    move();
    expect(list().dataset.held).toBe('0');

    update((items) => items.append(10));
    // the rows under the pointer stay where they are: nothing new is shown below them
    expect(list().dataset.count).toBe('50');
    expect(list().scrollTop).toBe(end);
    expect(Math.max(...renderedKeys())).toBe(49);
    expect(list().dataset.held).toBe('10');

    // old items go: the rows in view stay in place on screen
    update((items) => items.evict(5));
    expect(list().dataset.count).toBe('45');
    expect(list().scrollTop).toBe(end - 5 * ROW);
    runFrames();
    // the list still follows: the hold is not the reader scrolling away
    expect(store.getState()).toMatchObject({ following: true, unfollowedAt: null });

    leave();
    expect(list().dataset.held).toBe('no');
    expect(list().dataset.count).toBe('55');
    expect(list().scrollTop).toBe(55 * ROW - VIEW);
    expect(Math.max(...renderedKeys())).toBe(59);
  });

  it('counts what waits below as the filter shows it', () => {
    const { update } = setup(50);
    move();
    update((items) => {
      items.setFilter((key) => key >= 50 && key % 2 === 1);
      items.append(10);
    });
    expect(list().dataset.count).toBe('50');
    expect(list().dataset.held).toBe('5');
    leave();
    expect(list().dataset.count).toBe('55');
  });

  it('follows again once the pointer has been still for a while; moving or pressing holds it on', () => {
    const { update } = setup(50);
    move();
    update((items) => items.append(10));
    wait(POINTER_HOLD_MS - 100);
    move();
    wait(POINTER_HOLD_MS - 100);
    act(() => {
      fireEvent.pointerDown(list(), { pointerType: 'mouse' });
    });
    wait(POINTER_HOLD_MS - 100);
    expect(list().dataset.count).toBe('50');
    wait(100);
    expect(list().dataset.held).toBe('no');
    expect(list().dataset.count).toBe('60');
    expect(list().scrollTop).toBe(60 * ROW - VIEW);
  });

  it('is not held by a touch, a list that comes under a pointer at rest, nor when not following', () => {
    const { update } = setup(50);
    move('touch');
    update((items) => items.append(10));
    expect(list().dataset.held).toBe('no');
    expect(list().scrollTop).toBe(60 * ROW - VIEW);

    move('mouse', 0);
    update((items) => items.append(10));
    expect(list().dataset.held).toBe('no');
    expect(list().scrollTop).toBe(70 * ROW - VIEW);

    scrollTo(100);
    move();
    expect(list().dataset.held).toBe('no');
    update((items) => items.append(10));
    expect(list().dataset.count).toBe('80');
    expect(list().scrollTop).toBe(100);
  });

  it('scrolled up while held, shows what arrived; back at the end under the pointer, follows', () => {
    const { store, update } = setup(50);
    move();
    update((items) => items.append(10));
    expect(list().dataset.count).toBe('50');

    scrollTo(200);
    expect(store.getState()).toMatchObject({ following: false, unfollowedAt: 60 });
    expect(list().dataset.held).toBe('no');
    expect(list().dataset.count).toBe('60');
    expect(list().scrollTop).toBe(200);

    runFrames();
    scrollTo(60 * ROW - VIEW);
    expect(store.getState().following).toBe(true);
    update((items) => items.append(10));
    expect(list().dataset.count).toBe('70');
    expect(list().scrollTop).toBe(70 * ROW - VIEW);
  });
});

describe('useFollowingList with a row that grows', () => {
  it('following, a row near the end that grows keeps the end in view, rows from the top', () => {
    tallKeys.add(48);
    const { store } = setup(50);
    growRow(48, 200);
    const end = 50 * ROW + 180 - VIEW;
    expect(list().scrollTop).toBe(end);
    expect(store.getState().following).toBe(true);
    // no blank band: the first rendered row starts at or above the top of the view
    const starts = screen.getAllByTestId('row').map((row) => Number(row.dataset.start));
    expect(Math.min(...starts)).toBeLessThanOrEqual(end);
    expect(renderedKeys()).toContain(49);
  });

  it('keeps a held row whole in view as it grows, its top first, until the reader scrolls', () => {
    tallKeys.add(48);
    const { store, update } = setup(50);
    // what expanding a row does: leave following and hold the row; it is at 960, the view 900..1000
    act(() =>
      store.setState({
        reveal: { key: 48, nonce: 1, align: 'keep' },
        following: false,
        unfollowedAt: 50,
      }),
    );
    expect(list().scrollTop).toBe(900);
    runFrames();
    growRow(48, 70); // 960..1030: the view moves down just enough
    expect(list().scrollTop).toBe(930);
    growRow(48, 200); // taller than the view: its top at the top of the view
    expect(list().scrollTop).toBe(960);
    runFrames();
    expect(store.getState().following).toBe(false);

    update((items) => {
      items.evict(5);
      items.append(5);
    });
    expect(list().scrollTop).toBe(960 - 5 * ROW);
    expect(topKey()).toBe(48);

    // the reader scrolls: the row is no longer held, the row at the top of the view is
    runFrames();
    scrollTo(800);
    growRow(48, 300);
    expect(list().scrollTop).toBe(800);
    expect(store.getState().following).toBe(false);
  });

  it('rows in view stay mounted when following stops (an expanded row keeps its state)', () => {
    const { store } = setup(50);
    const rowOf = (key: number) =>
      screen.getAllByTestId('row').find((row) => Number(row.dataset.key) === key);
    const before = rowOf(48);
    expect(before).toBeDefined();
    act(() => store.setState({ following: false, unfollowedAt: 50 }));
    expect(rowOf(48)).toBe(before);
    expect(list().scrollTop).toBe(50 * ROW - VIEW);
  });

  it('a revealed row taller than the view shows its top', () => {
    tallKeys.add(30);
    const { store } = setup(100);
    act(() => store.setState({ following: false, unfollowedAt: 100 }));
    scrollTo(30 * ROW - 40);
    growRow(30, 300);
    act(() => store.setState({ reveal: { key: 30, nonce: 1 } }));
    expect(list().scrollTop).toBe(30 * ROW);
  });
});

describe('useFollowingList with rows of any height', () => {
  const startOf = (key: number): number | undefined => {
    const row = screen.getAllByTestId('row').find((element) => Number(element.dataset.key) === key);
    return row ? Number(row.dataset.start) : undefined;
  };
  const atEnd = (): boolean =>
    list().scrollTop === list().scrollHeight - list().clientHeight && list().scrollTop > 0;

  /** Frames until the measured sizes have settled. */
  const settle = (): void => {
    for (let frame = 0; frame < 3; frame += 1) runFrames();
  };

  it('follows the end, measuring each row', () => {
    const { update } = setup(40, true);
    settle();
    expect(atEnd()).toBe(true);
    expect(renderedKeys()).toContain(39);
    expect(startOf(37)! - startOf(36)!).toBe(2 * ROW);
    expect(startOf(38)! - startOf(37)!).toBe(ROW);

    update((items) => items.append(10));
    settle();
    expect(atEnd()).toBe(true);
    expect(renderedKeys()).toContain(49);
  });

  it('holds the item under the reader’s eyes while old ones are evicted', () => {
    const { store, update } = setup(60, true);
    settle();
    const top = list().scrollTop - 200;
    scrollTo(top);
    settle();
    expect(store.getState().following).toBe(false);
    const held = topKey();
    const offset = list().scrollTop - startOf(held)!;

    update((items) => {
      items.evict(10);
      items.append(10);
    });
    settle();
    expect(list().scrollTop).toBeLessThan(top);
    expect(topKey()).toBe(held);
    expect(list().scrollTop - startOf(held)!).toBe(offset);
  });
});
