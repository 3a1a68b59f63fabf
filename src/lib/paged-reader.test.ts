import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPagedReadGuard,
  createRequestBudget,
  PagedReadStop,
  PageProgress,
  type PagedReadLimits,
} from './paged-reader';

const limits: PagedReadLimits = {
  burst: 3,
  perSecond: 10,
  idlePagesMax: 4,
  idleBackoffMs: 100,
  idleBackoffMaxMs: 300,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('PageProgress', () => {
  it('ends the read when the server sends a cursor it sent before', () => {
    const progress = new PageProgress(4);
    expect(progress.page({ next: 100, added: 100 })).toBeNull();
    expect(progress.page({ next: 200, added: 100 })).toBeNull();
    expect(progress.page({ next: 100, added: 100 })).toBe(
      'the server sent the same page cursor again (X-Next-Offset 100)',
    );
  });

  it('counts the cursor a resumed read starts from as seen', () => {
    const progress = new PageProgress(4, 300);
    expect(progress.page({ next: 300, added: 5 })).toMatch(/same page cursor again/);
  });

  it('ends after pages in a row that add nothing new, and counts a repeated page as nothing', () => {
    const progress = new PageProgress(3);
    expect(progress.page({ next: 1, added: 0 })).toBeNull();
    // something new resets the count
    expect(progress.page({ next: 2, added: 5, key: 'a' })).toBeNull();
    expect(progress.page({ next: 3, added: 0 })).toBeNull();
    // the same content again adds nothing, whatever its reader counted
    expect(progress.page({ next: 4, added: 5, key: 'a' })).toBeNull();
    expect(progress.page({ next: 5, added: 0 })).toBe('3 pages in a row added nothing new');
  });

  it('lets the last page end the read normally', () => {
    const progress = new PageProgress(1);
    expect(progress.page({ next: null, added: 0 })).toBeNull();
  });
});

describe('createRequestBudget', () => {
  it('lets a burst go at once, then one request per 1/rate second', () => {
    let now = 0;
    const budget = createRequestBudget(limits, () => now);
    expect([budget.take(), budget.take(), budget.take()]).toEqual([0, 0, 0]);
    expect(budget.take()).toBeCloseTo(100);
    expect(budget.take()).toBeCloseTo(200);
    now = 1_000;
    // refilled over the second, never beyond the burst
    expect(budget.take()).toBe(0);
  });
});

describe('createPagedReadGuard', () => {
  it('asks at once while pages move on, and backs off from the second empty page in a row', async () => {
    vi.useFakeTimers();
    const guard = createPagedReadGuard({ limits: { ...limits, burst: 100 } });
    expect(guard.wait()).toBeNull();
    guard.afterPage({ next: 1, added: 0 });
    expect(guard.wait()).toBeNull();
    guard.afterPage({ next: 2, added: 0 });
    let ready = false;
    void guard.wait()?.then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    guard.afterPage({ next: 3, added: 0 });
    expect(() => guard.afterPage({ next: 4, added: 0 })).toThrow(
      new PagedReadStop('4 pages in a row added nothing new'),
    );
  });

  it('rejects a wait with an AbortError when its signal aborts', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const guard = createPagedReadGuard({
      signal: controller.signal,
      limits: { ...limits, burst: 1 },
    });
    expect(guard.wait()).toBeNull();
    const waiting = guard.wait();
    expect(waiting).not.toBeNull();
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    await expect(guard.wait()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
