import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { isExecutable } from './executable.ts';
import { NPM_CHROMIUM_PACKAGE, unpackNpmChromium } from './npm-chromium.ts';

/**
 * Which Chromium the session browsers, the end-to-end tests and the benchmark use, looked up the
 * same way everywhere:
 *
 * 1. `CHROMIUM_PATH`: the user's choice, used as it is or reported, never replaced behind their back;
 * 2. a system Chromium or Chrome at the usual places on Linux and macOS, or on PATH;
 * 3. Playwright's downloaded browser, when there is one;
 * 4. the Chromium inside the `@sparticuz/chromium` npm package (Linux x64), which `npm install`
 *    brings as an optional dependency: no system package and no download needed.
 *
 * A candidate that is missing, not executable or fails to start (`--version`) is skipped, with the
 * reason kept in `skipped`. `CHROMIUM_SOURCE=system|playwright|npm` restricts the lookup to one
 * kind (the bare-machine test forces `npm`).
 */
export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'playwright' | 'npm';

export interface FoundChromium {
  path: string;
  /** What the browser says of itself: `Chromium 147.0.7727.0`. */
  version: string;
  source: ChromiumSource;
  /** Where it was found, for people: `system`, `Playwright's download`, `npm package …`. */
  where: string;
  /** Added to the browser process's environment (the npm package's libraries and fonts). */
  env: Record<string, string>;
  /** Candidates passed over on the way, with why. */
  skipped: string[];
}

export interface NoChromium {
  path: undefined;
  reason: string;
  skipped: string[];
}

export type ChromiumLookup = FoundChromium | NoChromium;

const SOURCES: readonly ChromiumSource[] = ['system', 'playwright', 'npm'];

const LINUX_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
];
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const MAC_BUNDLES = [
  'Chromium.app/Contents/MacOS/Chromium',
  'Google Chrome.app/Contents/MacOS/Google Chrome',
  'Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
];

interface Candidate {
  path: string;
  source: ChromiumSource;
  where: string;
  env?: Record<string, string>;
}

function systemCandidates(env: NodeJS.ProcessEnv): Candidate[] {
  const paths =
    process.platform === 'darwin'
      ? ['/Applications', path.join(os.homedir(), 'Applications')].flatMap((dir) =>
          MAC_BUNDLES.map((bundle) => path.join(dir, bundle)),
        )
      : [...LINUX_PATHS];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir !== '') for (const name of PATH_NAMES) paths.push(path.join(dir, name));
  }
  const seen = new Set<string>();
  return paths
    .filter((file) => existsSync(file) && !seen.has(file) && seen.add(file))
    .map((file) => ({ path: file, source: 'system', where: 'system' }));
}

function playwrightCandidate(): Candidate[] {
  try {
    const playwright = createRequire(import.meta.url)('playwright-core') as {
      chromium: { executablePath(): string };
    };
    const file = playwright.chromium.executablePath();
    return file && existsSync(file)
      ? [{ path: file, source: 'playwright', where: 'Playwright’s download' }]
      : [];
  } catch {
    // Playwright is a development dependency; an installation without it has none to offer.
    return [];
  }
}

function npmCandidate(skipped: string[]): Candidate[] {
  try {
    const unpacked = unpackNpmChromium();
    if (!unpacked) {
      skipped.push(`${NPM_CHROMIUM_PACKAGE}: not installed (an optional dependency, Linux x64)`);
      return [];
    }
    return [
      {
        path: unpacked.path,
        source: 'npm',
        where: `npm package ${NPM_CHROMIUM_PACKAGE} ${unpacked.packageVersion}`,
        env: unpacked.env,
      },
    ];
  } catch (error) {
    skipped.push(`${NPM_CHROMIUM_PACKAGE}: could not be unpacked: ${String(error)}`);
    return [];
  }
}

/** Runs `--version`: the binary exists, its libraries load, and it says what it is. */
function versionOf(candidate: Candidate): { version: string } | { error: string } {
  if (!isExecutable(candidate.path)) return { error: 'not executable' };
  const run = spawnSync(candidate.path, ['--version'], {
    env: { ...process.env, ...candidate.env },
    encoding: 'utf8',
    timeout: 15_000,
  });
  // `Chromium 150.0.7871.100 built on Debian …`: the name and version are what matter
  const said = run.stdout?.trim().split('\n').at(-1)?.trim() ?? '';
  const version = /^.*?\d+(?:\.\d+)+/.exec(said)?.[0];
  if (run.status === 0 && version) return { version };
  const detail = (run.stderr || run.error?.message || `exit ${run.status ?? run.signal}`).trim();
  return { error: `does not start (${detail.split('\n').slice(-2).join(' | ').slice(0, 300)})` };
}

function sourceFilter(env: NodeJS.ProcessEnv): readonly ChromiumSource[] {
  const wanted = env.CHROMIUM_SOURCE?.trim();
  if (!wanted) return SOURCES;
  if (!(SOURCES as readonly string[]).includes(wanted)) {
    throw new Error(
      `CHROMIUM_SOURCE must be one of ${SOURCES.join(', ')}, got ${JSON.stringify(wanted)}`,
    );
  }
  return [wanted as ChromiumSource];
}

const cache = new Map<string, ChromiumLookup>();

/** Looks the browser up (once per process for the same settings). */
export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  const key = `${env.CHROMIUM_PATH ?? ''}\0${env.CHROMIUM_SOURCE ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  const found = lookUp(env);
  cache.set(key, found);
  return found;
}

function lookUp(env: NodeJS.ProcessEnv): ChromiumLookup {
  const skipped: string[] = [];
  const explicit = env.CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) {
      return { path: undefined, reason: `CHROMIUM_PATH=${explicit} does not exist`, skipped };
    }
    const checked = versionOf({ path: explicit, source: 'CHROMIUM_PATH', where: 'CHROMIUM_PATH' });
    return 'version' in checked
      ? {
          path: explicit,
          version: checked.version,
          source: 'CHROMIUM_PATH',
          where: 'CHROMIUM_PATH',
          env: {},
          skipped,
        }
      : { path: undefined, reason: `CHROMIUM_PATH=${explicit} ${checked.error}`, skipped };
  }
  const sources = sourceFilter(env);
  for (const source of sources) {
    const candidates =
      source === 'system'
        ? systemCandidates(env)
        : source === 'playwright'
          ? playwrightCandidate()
          : npmCandidate(skipped);
    for (const candidate of candidates) {
      const checked = versionOf(candidate);
      if ('error' in checked) {
        skipped.push(`${candidate.path} (${candidate.where}): ${checked.error}`);
        continue;
      }
      return { ...candidate, env: candidate.env ?? {}, version: checked.version, skipped };
    }
  }
  const looked = sources.length === SOURCES.length ? '' : ` (CHROMIUM_SOURCE=${sources.join(',')})`;
  return {
    path: undefined,
    reason: `no Chromium found${looked}: set CHROMIUM_PATH, install Chromium or Chrome, or reinstall with optional dependencies (npm install --include=optional) for ${NPM_CHROMIUM_PACKAGE}`,
    skipped,
  };
}

/** One line for people: `Chromium 147.0.7727.0 at /path (npm package …)`, or why there is none. */
export function describeChromium(lookup: ChromiumLookup): string {
  if (lookup.path === undefined) return `none: ${lookup.reason}`;
  return `${lookup.version} at ${lookup.path} (${lookup.where})`;
}
