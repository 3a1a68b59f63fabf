import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { catalogueEvents } from './data/telemetry-events.ts';
import { E2E_TOKEN, expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

/**
 * The API token is never written to a URL, a request other than in its Authorization header,
 * storage (unless the user chose to be remembered), an exported file, an error report or anything
 * a Copy button produces.
 */

const WRONG = 'wrong-token-e2e-5d1c9a';
const SECRETS = [E2E_TOKEN, WRONG];

interface Seen {
  problems: string[];
  requests: number;
}

/** Fails on any request that carries a token anywhere but its Authorization header. */
function watchRequests(page: Page): Seen {
  const seen: Seen = { problems: [], requests: 0 };
  page.on('request', (request) => {
    seen.requests += 1;
    const carries = (text: string | null): boolean =>
      text !== null && SECRETS.some((secret) => text.includes(secret));
    if (carries(request.url())) seen.problems.push(`URL ${request.url()}`);
    if (carries(request.postData())) seen.problems.push(`body of ${request.url()}`);
    for (const [name, value] of Object.entries(request.headers())) {
      if (name === 'authorization') {
        if (!new URL(request.url()).pathname.startsWith('/api/'))
          seen.problems.push(`Authorization sent to ${request.url()}`);
      } else if (carries(value)) seen.problems.push(`header ${name} of ${request.url()}`);
    }
  });
  return seen;
}

/** Nothing on the page, in its address or in its storage holds a token. */
async function expectNoTokenInPage(page: Page, where: string): Promise<void> {
  expect(page.url(), `${where}: address`).not.toContain(E2E_TOKEN);
  const state = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    text: document.body.innerText,
    title: document.title,
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    resources: performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .join('\n'),
  }));
  for (const secret of SECRETS) {
    for (const [part, value] of Object.entries(state)) {
      expect(value, `${where}: ${part} holds ${secret}`).not.toContain(secret);
    }
  }
  for (const cookie of await page.context().cookies()) {
    expect(cookie.value, `${where}: cookie ${cookie.name}`).not.toContain(E2E_TOKEN);
  }
}

async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

test.use({ viewport: { width: 1400, height: 1000 } });

test('using every view leaves the token out of addresses, requests, storage, exports and copies', async ({
  page,
  api,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const seen = watchRequests(page);
  const id = await api.createSession();
  await api.publish(id, catalogueEvents(Date.now() * 1000 - 5_000_000));
  await api.appendLog(id, '/var/log/app.log', ['first line', 'second line']);

  // a wrong token first, then the right one
  await page.goto('/');
  await page.getByLabel('Session id').fill(id);
  await page.getByLabel('API token').fill(WRONG);
  await page.getByRole('button', { name: 'Open session' }).click();
  await expect(page.getByRole('heading', { name: 'Token rejected' })).toBeVisible();
  await expectNoTokenInPage(page, 'the 401 report');
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Retry with this token' }).click();

  const timeline = new TimelinePage(page);
  await expect(timeline.rowOfType('quota_notice')).toHaveCount(1);
  await expectNoTokenInPage(page, 'the timeline');

  // details, raw JSON and every Copy button
  // the list may still be laid out again as the replay settles: click until the error is open
  await expect(async () => {
    await timeline.rowOfType('console_error').click();
    await expect(timeline.detail.getByRole('button', { name: 'Copy stack' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await timeline.detail.getByRole('button', { name: 'Copy stack' }).click();
  await expect.poll(() => clipboardText(page)).toContain('applyDiscount');
  await timeline.detail.getByText('Raw JSON').click();
  await timeline.detail.getByRole('button', { name: 'Copy JSON' }).click();
  await expect.poll(() => clipboardText(page)).toContain('"console_error"');
  await timeline.rowOfType('network_request').first().click();
  await timeline.detail.getByRole('button', { name: 'Copy URL' }).click();
  await expect.poll(() => clipboardText(page)).toContain('https://shop.example.test/');
  await page.getByRole('button', { name: 'Copy CDP URL' }).click();
  await expect.poll(() => clipboardText(page)).toMatch(/^ws:\/\//);
  for (const secret of SECRETS) expect(await clipboardText(page)).not.toContain(secret);
  await expectNoTokenInPage(page, 'the details');

  await page.getByRole('tab', { name: /Console errors/ }).click();
  await page.getByRole('tab', { name: /Screenshots/ }).click();
  await timeline.search.fill('coupon');
  await expectNoTokenInPage(page, 'the filtered timeline');

  // the exported timeline: every envelope, and none holds a token
  await timeline.search.fill('');
  const exported = await timeline.export();
  expect(exported.envelopes.length).toBeGreaterThan(30);
  const exportedText = await readFile(exported.path, 'utf8');
  for (const secret of SECRETS) expect(exportedText).not.toContain(secret);

  // logs, their copy and their download
  const session = new SessionPage(page);
  await session.openFile('/var/log/app.log');
  await expect(session.row('second line')).toBeVisible();
  // what is copied is the point here, not where the pointer lands (the rows may still move)
  await session.row('second line').hover();
  await page.getByRole('button', { name: 'Copy line 2' }).dispatchEvent('click');
  await expect.poll(() => clipboardText(page)).toBe('second line');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const saved = test.info().outputPath('logs.log');
  await (await download).saveAs(saved);
  const logText = await readFile(saved, 'utf8');
  expect(logText).toContain('second line');
  for (const secret of SECRETS) expect(logText).not.toContain(secret);
  await expectNoTokenInPage(page, 'the logs');

  // the clipboard panel sends through the API and reads back
  const panel = page.getByRole('complementary', { name: 'Clipboard' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: '◂ Clipboard' }).click();
  await panel.getByRole('textbox').fill('pasted by the test');
  await panel.getByRole('textbox').press('Control+Enter');
  await expect(panel.getByRole('status').filter({ hasText: /Sent \d+ bytes/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Read back' }).click();
  await expect(panel.getByText('Matches what was sent')).toBeVisible();
  await expectNoTokenInPage(page, 'the clipboard panel');

  expect(seen.requests).toBeGreaterThan(10);
  expect(seen.problems).toEqual([]);
});

test('a 500 from the server and a failing stream are reported without the token', async ({
  page,
  api,
}) => {
  const seen = watchRequests(page);
  const id = await api.createSession();
  await page.route(`**/api/browsers/${id}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'internal_error',
        message: 'the server fell over',
        details: [{ code: 'db', message: 'connection refused' }],
      }),
    }),
  );
  await page.goto('/');
  await page.getByLabel('Session id').fill(id);
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Open session' }).click();
  await expect(
    page.getByRole('heading', { name: 'The session could not be opened' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('the server fell over');
  await expectNoTokenInPage(page, 'the 500 report');

  // the session opens, but its telemetry stream keeps failing with 500
  await page.unroute(`**/api/browsers/${id}`);
  await api.fault(id, { action: 'respond', status: 500, times: 50, streams: 'telemetry' });
  await page.getByRole('button', { name: 'Try again' }).click();
  const status = page.getByTestId('stream-status').first();
  await expect(status).toHaveAttribute('data-status', /retrying|failed/);
  await expect(page.getByText(/injected fault: 500 on the telemetry stream/).first()).toBeVisible();
  await expectNoTokenInPage(page, 'the failing stream');
  expect(seen.problems).toEqual([]);
});

test('the token is stored only where the user asked, and Forget removes it', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  const stored = (): Promise<{ local: string; session: string }> =>
    page.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
    }));
  const connect = async (remember: string): Promise<void> => {
    await page.goto('/');
    await page.getByLabel('Session id').fill(id);
    await page.getByLabel('API token').fill(E2E_TOKEN);
    await page.getByLabel(remember).check();
    await page.getByRole('button', { name: 'Open session' }).click();
    await expect(page.getByRole('tab', { name: /^Timeline/ })).toBeVisible();
  };

  await connect('Only while this page is open');
  expect(JSON.stringify(await stored())).not.toContain(E2E_TOKEN);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Token for session ${id}` })).toBeVisible();

  await connect('Remember in this tab');
  expect((await stored()).session).toContain(E2E_TOKEN);
  expect((await stored()).local).not.toContain(E2E_TOKEN);

  await connect('Remember on this device');
  expect((await stored()).local).toContain(E2E_TOKEN);
  expect((await stored()).session).not.toContain(E2E_TOKEN);

  await page.getByRole('button', { name: 'Forget' }).click();
  expect(JSON.stringify(await stored())).not.toContain(E2E_TOKEN);
  expect(page.url()).not.toContain(E2E_TOKEN);
});
