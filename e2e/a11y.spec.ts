import { TEST_IDS } from '../src/config/test-ids.ts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { catalogueEvents } from './data/telemetry-events.ts';
import { E2E_TOKEN, expect, test, type ReferenceApi } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

/** WCAG 2.0 and 2.1, levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Rules that run besides the tags' and fail at any impact: a control's name holds the words it
 * shows (WCAG 2.5.3; axe marks the rule experimental and leaves it off unless asked), the page
 * has an h1, and all its content is in landmarks (best practices, moderate in axe).
 */
const ALSO_REQUIRED = ['label-content-name-mismatch', 'page-has-heading-one', 'region'];

// axe takes seconds per run on a busy page (and more on a loaded machine)
test.describe.configure({ timeout: 180_000 });

/**
 * Runs axe on the whole page in its current state: no serious or critical violation may remain;
 * the others (moderate, minor) are printed for the record.
 */
async function expectAccessible(page: Page, view: string): Promise<void> {
  const started = Date.now();
  const { violations } = await new AxeBuilder({ page })
    // options() first: it replaces what withTags() adds
    .options({ rules: Object.fromEntries(ALSO_REQUIRED.map((id) => [id, { enabled: true }])) })
    .withTags(TAGS)
    .analyze();
  const describe = (list: typeof violations): string =>
    list
      .map(
        (violation) =>
          `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n${violation.nodes
            .slice(0, 6)
            .map(
              (node) =>
                `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`,
            )
            .join('\n')}`,
      )
      .join('\n');
  const blocks = (violation: (typeof violations)[number]): boolean =>
    BLOCKING.has(violation.impact ?? '') || ALSO_REQUIRED.includes(violation.id);
  const blocking = violations.filter(blocks);
  const other = violations.filter((violation) => !blocks(violation));
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  // for the record: what axe found below serious (none so far), and how long it took
  console.log(
    `a11y (${theme}) ${view}: ${other.length} moderate/minor in ${Date.now() - started} ms${
      other.length > 0 ? `\n${describe(other)}` : ''
    }`,
  );
  expect(
    blocking.map((violation) => violation.id),
    `serious/critical violations (or of ${ALSO_REQUIRED.join(', ')}) in ${view} (${theme}):\n${describe(blocking)}`,
  ).toEqual([]);
}

async function openCatalogue(page: Page, api: ReferenceApi): Promise<TimelinePage> {
  const id = await api.createSession();
  await api.publish(id, catalogueEvents(Date.now() * 1000 - 10_000_000));
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.rowOfType('quota_notice')).toHaveCount(1);
  return timeline;
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // the app follows the system preference when nothing was chosen (a fresh context)
    test.use({ colorScheme: theme });

    test.beforeEach(async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    });

    test('connect screen, a session link, and the opened-file view', async ({ page, api }) => {
      await expectAccessible(page, 'connect screen');
      // a refused submit, and the advanced section open
      await page.getByRole('button', { name: 'Open session' }).click();
      await expect(page.getByRole('alert')).toContainText('Enter the id');
      await page.getByText('Advanced: API base').click();
      await expectAccessible(page, 'connect screen with an error and advanced settings');

      // a link to a session without a token asks for one; a session that does not exist says so
      await page.goto('/#/sessions/no-such-session');
      await expect(page.getByLabel('API token')).toBeVisible();
      await expectAccessible(page, 'token prompt of a session link');
      await page.getByLabel('API token').fill(E2E_TOKEN);
      await page.getByRole('button', { name: 'Open session' }).click();
      await expect(page.getByRole('heading', { name: 'No such session' })).toBeVisible();
      await expectAccessible(page, 'a session that does not exist');

      const timeline = await openCatalogue(page, api);
      await page.getByRole('button', { name: 'Debug bundle…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Debug bundle' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'debug bundle dialog');
      const bundleDownload = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Save bundle' }).click();
      const bundlePath = test.info().outputPath('a11y-bundle.zip');
      await (await bundleDownload).saveAs(bundlePath);
      await page.keyboard.press('Escape');
      const exported = await timeline.export();
      await page.goto('/');
      await page.getByLabel('Open an exported telemetry file…').setInputFiles(exported.path);
      await expect(page).toHaveURL(/#\/file$/);
      const file = new TimelinePage(page);
      await expect(file.rowOfType('quota_notice')).toHaveCount(1);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectAccessible(page, 'opened file');
      await file.rowOfType('console_error').click();
      await expect(file.detail.getByRole('list', { name: 'Stack trace' })).toBeVisible();
      await expectAccessible(page, 'opened file with details');

      await page.getByLabel('Open a bundle…').setInputFiles(bundlePath);
      await expect(file.rowOfType('quota_notice')).toHaveCount(1);
      await expect(page.getByText(/^Session /).first()).toBeVisible();
      await expectAccessible(page, 'opened bundle');
      await page.getByRole('tab', { name: 'Logs' }).click();
      await expect(page.getByText('No log stream was saved in this bundle.')).toBeVisible();
      await expectAccessible(page, 'opened bundle, its logs');
    });

    test('timeline: list, details of an error and of an exchange, screenshots, console errors', async ({
      page,
      api,
    }) => {
      const timeline = await openCatalogue(page, api);
      await expectAccessible(page, 'timeline');

      await timeline.rowOfType('console_error').click();
      await expect(timeline.detail.getByRole('list', { name: 'Stack trace' })).toBeVisible();
      await expectAccessible(page, 'timeline, console error details');

      await timeline
        .rowOfType('network_response')
        .filter({ hasText: '404 POST https://shop.example.test/api/coupon' })
        .click();
      await expect(timeline.detail.getByRole('article', { name: 'Network request' })).toContainText(
        'coupon not found',
      );
      await expectAccessible(page, 'timeline, network exchange details');

      await timeline.rowOfType('monitor_screenshot').click();
      await expect(timeline.detail.getByRole('img')).toBeVisible();
      await expectAccessible(page, 'timeline, screenshot details');

      await page.getByRole('button', { name: 'Errors only (10)' }).click();
      await page.getByText('Types: all').click();
      await expectAccessible(page, 'timeline, errors only, type picker open');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Errors only (10)' }).click();
      await page.getByRole('button', { name: 'Pause' }).click();
      await expectAccessible(page, 'timeline, paused');

      await page.getByRole('tab', { name: /Screenshots \(1\)/ }).click();
      await expect(page.getByRole('img', { name: /^Screenshot at / })).toBeVisible();
      await expectAccessible(page, 'screenshots pane');

      await page.getByRole('tab', { name: /Console errors \(1 group\)/ }).click();
      await expect(page.getByText(/Uncaught TypeError/).first()).toBeVisible();
      await expectAccessible(page, 'console errors pane');
      await page.getByRole('tab', { name: 'Network' }).click();
      await expect(page.getByTestId(TEST_IDS.networkRow).first()).toBeVisible();
      await page.getByLabel('Filter requests').fill('larger-than:lots');
      await expectAccessible(page, 'network pane, a filter it cannot read');
      await page.getByLabel('Filter requests').fill('');
      await page.getByTestId(TEST_IDS.networkRow).first().click();
      await expect(page.getByRole('button', { name: 'Copy as cURL' })).toBeVisible();
      await expectAccessible(page, 'network pane, the details of a request');
    });

    test('narrow window: timeline and details', async ({ page, api }) => {
      await page.setViewportSize({ width: 420, height: 900 });
      const timeline = await openCatalogue(page, api);
      await expectAccessible(page, 'narrow timeline');
      await timeline.rowOfType('console_error').click();
      await expect(timeline.detail.getByRole('list', { name: 'Stack trace' })).toBeVisible();
      await expectAccessible(page, 'narrow timeline with details');
      await page.getByRole('tab', { name: 'Logs' }).click();
      await expect(page.getByRole('form', { name: 'Open a log stream' })).toBeVisible();
      await expectAccessible(page, 'narrow logs');
    });

    test.describe('with the Screen panel', () => {
      test.use({ screenOpen: true });
      test('the Screen panel: live view, read-only and in control, and the recordings', async ({
        page,
        api,
      }) => {
        const timeline = await openCatalogue(page, api);
        const panel = page.getByRole('region', { name: 'Screen' });
        await expect(panel.locator('iframe')).toBeVisible();
        await expect(panel.getByRole('region', { name: 'Recordings' })).toContainText(
          'No recordings of this session yet',
        );
        await expectAccessible(page, 'Screen panel, live view read-only');
        await panel.getByRole('button', { name: 'Take control' }).click();
        await expect(panel.getByRole('status')).toContainText('You are driving the browser.');
        await expectAccessible(page, 'Screen panel, in control');
        await panel.getByRole('button', { name: 'Give back' }).click();
        await expect(timeline.rows.first()).toBeVisible();
      });
    });

    test('logs: a stream with lines, search, filters and pause; the clipboard panel', async ({
      page,
      api,
    }) => {
      const { id, session } = await SessionPage.openNew(page, api);
      await expectAccessible(page, 'logs, open form');
      await api.appendLog(id, '/var/log/app.log', [
        'INFO request ok',
        '\x1b[31mERROR\x1b[0m upstream timeout after 30s',
        'WARN slow response',
        'INFO another timeout, retried',
        'DEBUG cache miss',
        '{"level":"error","msg":"db timeout"}',
      ]);
      await session.openFile('/var/log/app.log');
      await expect(session.rows).toHaveCount(6);
      await expectAccessible(page, 'logs, a stream with lines');

      // the same lines in the All view, with the session's events, and a line's details
      await page.getByRole('tab', { name: 'All' }).click();
      const all = page.getByTestId(TEST_IDS.allList);
      await expect(all.locator('[data-kind="log"]')).toHaveCount(6);
      await expectAccessible(page, 'all view');
      await all.locator('[data-kind="log"]').first().dblclick();
      await expect(page.getByTestId(TEST_IDS.eventDetail)).toContainText('Line 1 of app.log');
      await expectAccessible(page, 'all view with a line’s details');
      await page.getByRole('tab', { name: 'Logs' }).click();

      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('timeout');
      await page.getByRole('searchbox', { name: 'Search', exact: true }).press('Enter');
      await expect(page.getByText('1 of 3')).toBeVisible();
      await session.rows.first().click();
      await page.getByRole('button', { name: 'Pause' }).click();
      await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
      await api.appendLog(id, '/var/log/app.log', ['while paused']);
      await expect(session.pausedBar).toContainText('Paused: 1 new line');
      await expectAccessible(page, 'logs, search active and paused');

      await page.getByRole('searchbox', { name: 'Show only lines matching' }).fill('time(out');
      await page
        .getByRole('button', { name: 'Show only lines matching: regular expression' })
        .click();
      await expect(page.getByText(/Invalid regular expression/)).toBeVisible();
      await expectAccessible(page, 'logs, invalid filter');

      // the clipboard panel: a text sent, then a send the server refuses
      const panel = page.getByRole('complementary', { name: 'Clipboard' });
      await panel.getByRole('textbox').fill('hello from the console');
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(panel.getByRole('status').filter({ hasText: /Sent \d+ bytes/ })).toBeVisible();
      await page.route('**/computer/clipboard/write', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'internal', message: 'the clipboard daemon is down' }),
        }),
      );
      await panel.getByRole('textbox').fill('this one fails');
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(panel.getByRole('alert')).toContainText('The text was not sent');
      await expectAccessible(page, 'clipboard panel with a sent text and an error');
    });
  });
}
