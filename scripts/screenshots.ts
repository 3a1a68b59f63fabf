import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/env.ts';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { startConsoleServer } from '../server/console-server.ts';
import { ensureDashboardBuild } from '../server/ensure-build.ts';
import { optionsFromEnv, projectRoot } from '../server/options.ts';

/**
 * `npm run screenshots`: the README's picture of the timeline, taken from the real app with the
 * demo session's real browser, so it never shows a product that no longer exists.
 *
 *   npm run screenshots            docs/images/timeline.png (1,400 px, light), and the digest of
 *                                  the look it shows (docs/images/timeline.look, which
 *                                  `npm run lint` checks: see scripts/timeline-look.mjs)
 *   npm run screenshots -- --all   also both themes at 1,400 and 420 px into docs/images/review/
 *                                  (for looking at a change, not committed)
 */

const all = process.argv.includes('--all');
const out = path.join(projectRoot, 'docs', 'images');

/** Opens the demo session the way a user does, and waits until its browser has shown its worst. */
async function openDemo(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Open the local demo session' }).click();
  await page.getByRole('tab', { name: /^Timeline/ }).waitFor();
  // a console error with its stack, a failed request and a screenshot, as a user would wait for
  for (const type of ['console_error', 'network_loading_failed', 'monitor_screenshot']) {
    await page
      .locator(`[data-testid="${TEST_IDS.timelineRow}"][data-type="${type}"]`)
      .first()
      .waitFor({ state: 'attached', timeout: 60_000 });
  }
  await page
    .locator(`[data-testid="${TEST_IDS.timelineRow}"][data-type="console_error"]`)
    .last()
    .click();
  await page.getByTestId(TEST_IDS.eventDetail).waitFor();
  // the overview strip repaints a few times a second: let it catch up with what is listed
  await page.waitForTimeout(1_000);
}

async function main(): Promise<void> {
  const options = optionsFromEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
  options.upstreamBaseUrl = undefined;
  await ensureDashboardBuild(projectRoot);
  const server = await startConsoleServer(options);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    await mkdir(out, { recursive: true });
    const shots: { file: string; width: number; height: number; scheme: 'light' | 'dark' }[] = [
      { file: path.join(out, 'timeline.png'), width: 1400, height: 820, scheme: 'light' },
    ];
    if (all) {
      for (const scheme of ['light', 'dark'] as const) {
        for (const [width, height] of [
          [1400, 900],
          [420, 900],
        ] as const) {
          const file = path.join(out, 'review', `timeline-${scheme}-${width}.png`);
          shots.push({ file, width, height, scheme });
        }
      }
    }
    // the look the picture shows, so that `npm run lint` can tell when it is out of date
    const { LOOK_FILE, lookRecord } = await import('./timeline-look.mjs');
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        colorScheme: shot.scheme,
      });
      const page = await context.newPage();
      await openDemo(page, `${server.url}/`);
      await page.screenshot({ path: shot.file });
      console.log(`wrote ${path.relative(projectRoot, shot.file)}`);
      await context.close();
    }
    await writeFile(LOOK_FILE, lookRecord());
    console.log(`wrote ${path.relative(projectRoot, LOOK_FILE)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
