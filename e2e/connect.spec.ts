import { expect, test, E2E_TOKEN } from './fixtures.ts';
import { ConnectPage } from './pages/connect-page.ts';

test('the dashboard is served under its security headers and opens the local demo in one click', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("connect-src 'self'");
  const connect = new ConnectPage(page);
  await connect.openDemo();
  await expect(page).toHaveURL(/#\/sessions\/demo$/);
  await expect(page.getByText('console', { exact: true })).toBeVisible();
  expect(page.url()).not.toContain(E2E_TOKEN);
  expect(consoleErrors).toEqual([]);
});

test('after a reload of the local demo, the token prompt offers the local demo token as the connect screen does', async ({
  page,
}) => {
  const connect = new ConnectPage(page);
  await connect.goto();
  await connect.openDemo();
  await expect(page).toHaveURL(/#\/sessions\/demo$/);
  await expect(page.getByText('console', { exact: true })).toBeVisible();
  // the token lived in memory only: a reload asks for it again
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Token for session demo' })).toBeVisible();
  await page.getByRole('button', { name: 'Use the local demo token' }).click();
  await expect(page.getByText('console', { exact: true })).toBeVisible();
  expect(page.url()).not.toContain(E2E_TOKEN);
});

test('a wrong token shows the rejected state and recovers after re-entry', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  const connect = new ConnectPage(page);
  await connect.goto();
  await connect.connect(id, 'not-the-token');
  await expect(page.getByRole('heading', { name: 'Token rejected' })).toBeVisible();
  await expect(page.getByText('invalid API token')).toBeVisible();
  await expect(page.getByText('401 Unauthorized')).toBeVisible();
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Retry with this token' }).click();
  await expect(
    page.getByText('telemetry off').or(page.getByText('control', { exact: true })),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Token rejected' })).toHaveCount(0);
});

test('an unknown session shows "No such session"', async ({ page }) => {
  const connect = new ConnectPage(page);
  await connect.goto();
  await connect.connect('no-such-session', E2E_TOKEN);
  await expect(page.getByRole('heading', { name: 'No such session' })).toBeVisible();
  await expect(page.getByText('browser session no-such-session not found')).toBeVisible();
});

test('a deep link without a token asks for it, then shows that session', async ({ page, api }) => {
  const id = await api.createSession({ browser: { console: { enabled: true } } });
  await page.goto(`/#/sessions/${id}`);
  await expect(page.getByRole('heading', { name: `Token for session ${id}` })).toBeVisible();
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Open session' }).click();
  await expect(page.getByText('console', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/sessions/${id}$`));
});
