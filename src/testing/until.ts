import { vi } from 'vitest';

/** Resolves once `predicate` holds, polling as vi.waitFor does (and failing at its timeout). */
export const until = (predicate: () => boolean): Promise<void> =>
  vi.waitFor(() => {
    if (!predicate()) throw new Error('not yet');
  });
