import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, isServedBuild } from './build-stamp.ts';

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function readStamp(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Whether `dist/` is missing, older than any dashboard source, or not a production build (one
 * made unminified for a profile, or before builds were stamped).
 */
export function dashboardBuildIsStale(projectRoot: string): boolean {
  const index = path.join(projectRoot, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  if (!isServedBuild(readStamp(path.join(projectRoot, 'dist', BUILD_STAMP)))) return true;
  const built = statSync(index).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(projectRoot, input)) > built);
}

/** Builds the dashboard with Vite when `dist/` is missing or stale, so `npm start` works alone. */
export async function ensureDashboardBuild(projectRoot: string): Promise<void> {
  if (!dashboardBuildIsStale(projectRoot)) return;
  console.log(
    'Building the dashboard (dist/ is missing, older than its sources or not a production build)…',
  );
  const { build } = await import('vite');
  await build({ root: projectRoot, logLevel: 'warn' });
}
