import { defineConfig } from '@playwright/test';
import {
  chromiumLaunchOptions,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_DEMO_SITE_PORT,
  E2E_PORT,
  E2E_TOKEN,
} from './env.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx server/main.ts',
    cwd: '..',
    url: `${E2E_BASE_URL}/console-config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      REFERENCE_TOKEN: E2E_TOKEN,
      REFERENCE_DATA_DIR: E2E_DATA_DIR,
      REFERENCE_KEEPALIVE_MS: '2000',
      // a small ring, so that tests of eviction and missed events publish a few thousand events,
      // not tens of thousands
      REFERENCE_TELEMETRY_BUFFER: '1024',
      REFERENCE_FAULTS: '1',
      REFERENCE_DEMO_SITE_PORT: String(E2E_DEMO_SITE_PORT),
      // the demo session's screen is not recorded: no test watches its replays, and ffmpeg with
      // the screencast would cost every test a tenth of a core
      REFERENCE_DEMO_RECORDING: 'off',
      KERNEL_BASE_URL: '',
    },
  },
});
