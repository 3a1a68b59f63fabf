import type { Page } from '@playwright/test';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { E2E_TOKEN } from './env.ts';
import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';

/**
 * Links and input that used to freeze the tab or send requests where they should not: a
 * catastrophic regular expression restored from a URL or typed into a filter, and `.`/`..` as a
 * session id.
 */

/** How long the page may take to answer a script while a filter runs: it must not be blocked. */
const ANSWER_MS = 2_000;

async function expectAnswering(page: Page, what: string): Promise<void> {
  const started = Date.now();
  const answer = await Promise.race([
    page.evaluate(() => 'answered'),
    new Promise<string>((resolve) => setTimeout(() => resolve('blocked'), ANSWER_MS * 5)),
  ]);
  expect(answer, what).toBe('answered');
  expect(Date.now() - started, what).toBeLessThan(ANSWER_MS);
}

test('a shared link whose log filter and search are catastrophic regexes leaves the tab answering', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  const file = '/var/log/app/backtrack.log';
  await api.appendLog(id, file, [
    'first line',
    `${'a'.repeat(100_000)}!`,
    ...Array.from({ length: 200 }, (_, i) => `${'a'.repeat(2_000)}! ${i}`),
    'last line',
  ]);
  const pattern = encodeURIComponent('(a+)+$');
  const log = encodeURIComponent(`p0:${file}`);
  await page.goto(`/#/sessions/${id}?view=logs&log=${log}&in=${pattern}&ino=r&q=${pattern}&qo=r`);
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Open session' }).click();
  const session = new SessionPage(page);
  await expect(session.status).toHaveAttribute('data-status', 'live');
  await expectAnswering(page, 'with the filter from the link');
  // no line ends in a run of a's, so the filter keeps none, and says so
  await expect(session.rows).toHaveCount(0);
  await expectAnswering(page, 'after the filter ran over every line');
});

test('a catastrophic regex typed into the Network filter returns', async ({ page }) => {
  test.setTimeout(90_000);
  await new SessionPage(page).open('demo', 'timeline');
  await page.getByRole('tab', { name: 'Network' }).click();
  const rows = page.getByTestId(TEST_IDS.networkRow);
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Filter requests').fill('/(.*)*zq$/');
  await expectAnswering(page, 'after typing the pattern');
  await expect(rows).toHaveCount(0);
  await page.getByLabel('Filter requests').fill('/\\/api\\//');
  await expect(rows.first()).toBeVisible();
});

for (const id of ['..', '.', '%2e%2E']) {
  test(`“${id}” as a session id in a link is refused with the reason, and asks the server nothing`, async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api')) asked.push(pathname);
    });
    await page.goto(`/#/sessions/${id}`);
    await expect(
      page.getByText(/is not a session id: an id must be a single path segment/),
    ).toBeVisible();
    await page.getByLabel('API token').fill(E2E_TOKEN);
    expect(asked).toEqual([]);
  });
}
