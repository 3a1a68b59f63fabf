import type { Page } from '@playwright/test';
import { expect, test, E2E_TOKEN, type ReferenceApi } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';

test.use({ viewport: { width: 1400, height: 1000 } });

const SHOP = 'https://shop.example.test';

/** The events of one run of a shopping task, as an agent's session records them. */
function shoppingRun(startUs: number, fails: boolean): unknown[] {
  let now = startUs;
  let serial = 0;
  let nav = 0;
  const at = (type: string, category: string, data: Record<string, unknown>) => {
    now += 100_000;
    return { ts: now, type, category, source: { kind: 'cdp' }, data: { target_id: 'T1', ...data } };
  };
  const visit = (url: string) => {
    nav += 1;
    return at('page_navigation', 'page', {
      url,
      frame_id: 'F1',
      loader_id: `L${nav}`,
      nav_seq: nav,
    });
  };
  const click = (selector: string, text: string) =>
    at('interaction_click', 'interaction', { selector, text, tag: 'BUTTON', x: 5, y: 5 });
  const request = (url: string, status: number, ms: number) => {
    serial += 1;
    const common = { request_id: `R${serial}`, url, method: 'GET' };
    const sent = at('network_request', 'network', { ...common, resource_type: 'Fetch' });
    now += ms * 1000;
    return [sent, at('network_response', 'network', { ...common, status })];
  };
  const events: unknown[] = [
    visit(`${SHOP}/`),
    click('#products', 'Products'),
    visit(`${SHOP}/products`),
    ...request(`${SHOP}/api/inventory?sku=${fails ? 456 : 123}`, fails ? 500 : 200, 40),
  ];
  if (fails) {
    events.push(
      at('console_error', 'console', {
        text: 'inventory request failed: 500 for order 8841',
        stack_trace: {
          callFrames: [
            {
              functionName: 'loadInventory',
              url: `${SHOP}/app.js`,
              lineNumber: 41,
              columnNumber: 9,
            },
          ],
        },
      }),
      visit(`${SHOP}/error`),
    );
    return events;
  }
  events.push(
    click('#add-to-cart', 'Add to cart'),
    visit(`${SHOP}/cart`),
    click('#checkout', 'Checkout'),
    visit(`${SHOP}/orders/${9000 + Math.floor(startUs % 1000)}`),
  );
  return events;
}

async function twoRuns(api: ReferenceApi): Promise<{ a: string; b: string }> {
  const telemetry = { browser: { console: { enabled: true } } };
  const stamp = Date.now();
  const a = await api.createSession(telemetry, { name: `checkout-pass-${stamp}` });
  const b = await api.createSession(telemetry, { name: `checkout-fail-${stamp}` });
  const startUs = Date.now() * 1000 - 60_000_000;
  await api.publish(a, shoppingRun(startUs, false));
  await api.publish(b, shoppingRun(startUs + 5_000_000, true));
  return { a, b };
}

async function expectComparison(page: Page): Promise<void> {
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('inventory request failed', { timeout: 20_000 });
  await expect(summary).toContainText(/GET \S*\/api\/inventory\S*: 200 in A, 500 in B/);
  await expect(summary).toContainText(
    /B diverged at step \d+|B went on at step \d+|B stopped at step \d+/,
  );
  // the marked step is where A added to the cart and B had failed instead
  const diverged = page.locator('tr', { has: page.getByTitle('The runs diverge here') });
  await expect(diverged).toHaveCount(1);
  await expect(diverged).toContainText(/add-to-cart|\/error/);
}

test('two runs compared from the sessions list: the injected error, the failing request and where they diverge, as Markdown too', async ({
  page,
  api,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { a, b } = await twoRuns(api);
  await page.goto('/');
  await page.getByLabel('API token').fill(E2E_TOKEN);
  const list = page.getByRole('list', { name: 'Sessions' });
  await list.getByRole('checkbox', { name: /^Compare checkout-pass-/ }).check();
  await list.getByRole('checkbox', { name: /^Compare checkout-fail-/ }).check();
  await page.getByRole('button', { name: 'Compare the two picked' }).click();
  await expect(page).toHaveURL(new RegExp(`#/compare\\?a=${a}&b=${b}$`));
  await expectComparison(page);

  // the step chosen shows both runs' events of that step, and goes into the URL
  const diverged = page.locator('tr', { has: page.getByTitle('The runs diverge here') });
  await diverged.getByRole('button', { name: /^Step \d+$/ }).click();
  await expect(page).toHaveURL(/&step=\d+$/);
  await expect(page.getByRole('region', { name: 'Run B at this step' })).toBeVisible();

  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toContain('inventory request failed');
  expect(markdown).toMatch(/api\/inventory/);
  expect(markdown).toContain(`#/sessions/${a}`);
  expect(markdown).not.toContain(E2E_TOKEN);

  // a deep link opens the same comparison (the token, kept in memory only, is asked for again)
  await page.reload();
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Compare' }).click();
  await expectComparison(page);
});

test('the same two runs compared from their debug bundles, with no server', async ({
  page,
  api,
}) => {
  const { a, b } = await twoRuns(api);
  const saved: string[] = [];
  for (const id of [a, b]) {
    await new SessionPage(page).open(id, 'timeline');
    await expect(
      page.getByText('inventory').or(page.getByText('page_navigation')).first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Debug bundle…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Debug bundle' });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Save bundle' }).click();
    const file = test.info().outputPath(`${id}.zip`);
    await (await download).saveAs(file);
    saved.push(file);
    await page.keyboard.press('Escape');
  }
  await page.goto('/');
  await page.getByLabel('Run that passed (A)…').setInputFiles(saved[0] as string);
  await page.getByLabel('Run that failed (B)…').setInputFiles(saved[1] as string);
  await page.getByRole('button', { name: 'Compare the two files' }).click();
  await expect(page).toHaveURL(/#\/compare\?files=1$/);
  await expectComparison(page);
});
