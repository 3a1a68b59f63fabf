import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For the tests of a file that render a virtualized list: jsdom lays nothing out and has no
 * ResizeObserver, so each test gets one that never reports, and the list sees an empty viewport.
 */
export function stubInertResizeObserver(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe(): void {}
        unobserve(): void {}
        disconnect(): void {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
}
