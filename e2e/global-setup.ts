import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR, E2E_DATA_DIR_PREFIX } from './env.ts';

/** Sessions of earlier runs must not pile up; this run's own dir belongs to its live server. */
export default async function globalSetup(): Promise<void> {
  const parent = path.dirname(E2E_DATA_DIR_PREFIX);
  const prefix = path.basename(E2E_DATA_DIR_PREFIX);
  for (const name of await readdir(parent)) {
    const dir = path.join(parent, name);
    if (name.startsWith(prefix) && dir !== E2E_DATA_DIR)
      await rm(dir, { recursive: true, force: true });
  }
}
