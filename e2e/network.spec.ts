import { execFileSync, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

test.use({ viewport: { width: 1400, height: 1000 } });

test('the Network view lists the demo’s requests with their status, and the DevTools filter narrows them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await new SessionPage(page).open('demo', 'timeline');
  // console rows read as DevTools prints them: the page's console.log('home: rendering', n,
  // 'products') is one message, not its first argument and a count of the others
  const timeline = new TimelinePage(page);
  await timeline.search.fill('home: rendering');
  await expect(
    timeline
      .rowOfType('console_log')
      .filter({ hasText: /home: rendering \d+ products$/ })
      .first(),
  ).toBeVisible({ timeout: 60_000 });
  await expect(timeline.row(/\(\+\d+ args?\)/)).toHaveCount(0);
  await timeline.search.fill('');
  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(page).toHaveURL(/[?&]tp=network/);
  const rows = page.getByTestId(TEST_IDS.networkRow);
  const named = (path: string) => rows.filter({ hasText: path });

  // the demo shop's calls: a 404, a 500, a fetch that fails outright, and ones that succeed
  await expect(named('/api/reviews/missing').first()).toHaveAttribute('data-status', '404', {
    timeout: 60_000,
  });
  await expect(named('/api/inventory').first()).toHaveAttribute('data-status', '500', {
    timeout: 60_000,
  });
  await expect(named('/api/flaky').first()).toHaveAttribute('data-status', 'failed', {
    timeout: 60_000,
  });
  await expect(named('/api/flaky').first()).toContainText('(failed)');
  await expect(named('/api/products').first()).toHaveAttribute('data-status', '200');
  await expect(named('/products.html').first()).toContainText('document');

  // status-code:404 keeps the 404s only, and the URL keeps the filter
  const filter = page.getByLabel('Filter requests');
  await filter.fill('status-code:404');
  await expect(page).toHaveURL(/[?&]nf=status-code%3A404/);
  await expect(rows.first()).toBeVisible();
  for (const status of await rows.evaluateAll((all) =>
    all.map((row) => row.getAttribute('data-status')),
  ))
    expect(status).toBe('404');

  // negation with another key: everything but the 404s, among the API calls
  await filter.fill('-status-code:404 url:/api/');
  await expect(rows.first()).toBeVisible();
  const left = await rows.evaluateAll((all) =>
    all.map((row) => ({ status: row.getAttribute('data-status'), text: row.textContent ?? '' })),
  );
  expect(left.some((row) => row.status === '404')).toBe(false);
  expect(left.every((row) => row.text.includes('/api/'))).toBe(true);

  // words are looked for in headers too: the shop's JSON calls send Accept: application/json
  await filter.fill('"accept: application/json"');
  await expect(named('/api/products').first()).toBeVisible();
  await expect(named('/products.html')).toHaveCount(0);

  // a bad term says so and loses nothing
  await filter.fill('larger-than:lots');
  await expect(page.getByRole('alert').filter({ hasText: 'larger-than' })).toBeVisible();

  // failed only: failures and 4xx/5xx
  await filter.fill('');
  await page.getByRole('button', { name: 'Failed only' }).click();
  await expect(rows.first()).toBeVisible();
  for (const status of await rows.evaluateAll((all) =>
    all.map((row) => row.getAttribute('data-status')),
  ))
    expect(status === 'failed' || Number(status) >= 400).toBe(true);
  await page.getByRole('button', { name: 'Failed only' }).click();

  // a type chip shows only its type
  await page.getByRole('button', { name: 'Doc', exact: true }).click();
  await expect(page).toHaveURL(/[?&]nt=document/);
  await expect(rows.first()).toBeVisible();
  expect(await rows.filter({ hasText: '/api/' }).count()).toBe(0);
  await page.getByRole('button', { name: 'All', exact: true }).click();

  // the waterfall by top-level page: a visit's span becomes the time range, and goes again
  const pagePick = page.getByLabel('Page', { exact: true });
  await pagePick.selectOption({ index: 1 });
  await expect(page).toHaveURL(/[?&]range=/);
  await expect(page.getByText(/^Waterfall from .*\(the chosen time range\)/)).toBeVisible();
  const inPage = await rows.count();
  expect(inPage).toBeGreaterThan(0);
  await pagePick.selectOption('all');
  await expect(page).not.toHaveURL(/[?&]range=/);

  // HAR 1.2 of every request: the same statuses, a failure as status 0 with its error
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR', exact: true }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^network-demo-\d{8}-\d{4}\.har$/);
  const har = JSON.parse(await readFile((await saved.path()) ?? '', 'utf8')) as {
    log: {
      version: string;
      creator: { name: string; version: string };
      pages: { id: string }[];
      entries: {
        pageref?: string;
        request: { url: string };
        response: { status: number; _error?: string };
      }[];
    };
  };
  expect(har.log.version).toBe('1.2');
  const { version } = JSON.parse(
    await readFile(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  expect(har.log.creator).toEqual({ name: 'Session Console', version });
  expect(har.log.pages.length).toBeGreaterThan(0);
  const statusOf = (path: string) =>
    har.log.entries.find((entry) => entry.request.url.endsWith(path))?.response;
  expect(statusOf('/api/reviews/missing')?.status).toBe(404);
  expect(statusOf('/api/inventory')?.status).toBe(500);
  expect(statusOf('/api/flaky')).toMatchObject({ status: 0, _error: expect.stringMatching(/\S/) });
  const harPath = test.info().outputPath(saved.suggestedFilename());
  await saved.saveAs(harPath);

  // a row opens its details: headers and the body as captured
  await named('/api/inventory').first().click();
  const detail = page.getByRole('article', { name: 'Network request' });
  await expect(detail).toContainText('500');
  await expect(detail).toContainText('/api/inventory');
  // and the console error the page logged about it, one click from its place
  const moment = page.getByRole('region', { name: 'Console errors at this moment' });
  await expect(moment).toContainText('inventory request failed');

  // Copy as cURL gives a command curl runs against the demo shop, with the same answer
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await detail.getByRole('button', { name: 'Copy as cURL' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toMatch(/^curl 'http:\/\/127\.0\.0\.1:\d+\/api\/inventory'/);
  // bash reads it as curl would get it: the URL, then -H pairs
  const args = execFileSync('bash', ['-c', command.replace(/^curl /, "printf '%s\\0' ")], {
    encoding: 'utf8',
  })
    .split('\0')
    .slice(0, -1);
  expect(args[0]).toMatch(/\/api\/inventory$/);
  expect(args.filter((arg) => arg === '-H').length).toBeGreaterThan(0);
  // curl runs it where the machine has curl (CI installs it); else the same request by fetch
  const hasCurl = spawnSync('bash', ['-c', 'command -v curl']).status === 0;
  let status: string;
  if (hasCurl) {
    status = execFileSync(
      'bash',
      ['-c', `${command} --silent --output /dev/null --write-out '%{http_code}' --max-time 10`],
      { encoding: 'utf8' },
    );
  } else {
    const headers = args.flatMap((arg, at) => (args[at - 1] === '-H' ? [arg] : []));
    const response = await fetch(args[0] ?? '', {
      headers: headers.map((header) => header.split(/: (.*)/s).slice(0, 2) as [string, string]),
    });
    status = String(response.status);
  }
  expect(status).toBe('500');

  // the HAR opens again with no server, in the Network view
  await page.goto('/');
  await page.getByLabel('Open a HAR file…').setInputFiles(harPath);
  await expect(page).toHaveURL(/#\/file/);
  await expect(page.getByRole('tab', { name: 'Network' })).toHaveAttribute('aria-selected', 'true');
  await expect(named('/api/reviews/missing').first()).toHaveAttribute('data-status', '404');
  await expect(named('/api/inventory').first()).toHaveAttribute('data-status', '500');
  await expect(named('/api/flaky').first()).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId(TEST_IDS.networkCount)).toHaveText(
    `${har.log.entries.length} of ${har.log.entries.length} requests`,
  );
});
