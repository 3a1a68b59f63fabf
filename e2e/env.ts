import type { LaunchOptions } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from '../server/shared/chromium-lookup.ts';

/** Shared by the Playwright config, the fixtures and the benchmarks. */
export const E2E_PORT = Number(process.env.E2E_PORT || 7310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_TOKEN = 'e2e-reference-token';
/** The demo site the reference server ships, on a fixed port so tests can browse it. */
export const E2E_DEMO_SITE_PORT = Number(process.env.E2E_DEMO_SITE_PORT || E2E_PORT + 1);
export const E2E_DEMO_SITE_URL = `http://127.0.0.1:${E2E_DEMO_SITE_PORT}/`;
/**
 * One data dir per run: chosen by Playwright's main process (before its web server starts) and
 * inherited by the workers through the environment, so nothing ever deletes a running server's
 * sessions.
 */
process.env.E2E_DATA_DIR ||= path.join(
  os.tmpdir(),
  `session-console-e2e-${E2E_PORT}-${process.pid}`,
);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
/** Data dirs of earlier runs on this port start with this. */
export const E2E_DATA_DIR_PREFIX = path.join(os.tmpdir(), `session-console-e2e-${E2E_PORT}-`);

/** Chromium flags for this closed network (no background traffic) and for running as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * How Playwright launches the test browser: the same lookup as the session browsers
 * (server/shared/chromium-lookup.ts), with the environment that browser needs. When nothing is
 * found, Playwright's own browser (its error then says what to install).
 */
export function chromiumLaunchOptions(extraArgs: readonly string[] = []): LaunchOptions {
  const found = findChromium();
  const args = [...CHROMIUM_ARGS, ...extraArgs];
  if (found.path === undefined) return { args };
  return { executablePath: found.path, args, env: { ...process.env, ...found.env } };
}
