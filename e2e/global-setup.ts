import { rm } from 'node:fs/promises';
import { E2E_DATA_DIR } from './env.ts';

/** Sessions of an earlier run must not leak into this one. */
export default async function globalSetup(): Promise<void> {
  await rm(E2E_DATA_DIR, { recursive: true, force: true });
}
