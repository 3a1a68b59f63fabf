/**
 * A full garbage collection, for tests of what waits until nothing holds an object (the app's
 * test project runs with `--expose-gc`, vite.config.ts).
 */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the tests run without --expose-gc, so nothing can be collected');
  gc();
}
