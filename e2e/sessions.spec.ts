import { expect, test, E2E_TOKEN } from './fixtures.ts';
import { TimelinePage } from './pages/timeline-page.ts';

test('the connect screen lists the sessions a token sees; one click opens one', async ({
  page,
  api,
  consoleErrors,
}) => {
  const name = `checkout agent ${Date.now()}`;
  const id = await api.createSession({ enabled: true }, { name, tags: { team: 'shop' } });
  await page.goto('/');
  await page.getByLabel('API token').fill(E2E_TOKEN);
  const list = page.getByRole('list', { name: 'Sessions' });
  await page.getByRole('searchbox', { name: 'Search sessions by id or name' }).fill(name);
  const row = list.getByRole('button', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('team=shop');
  await expect(row).toContainText(/live for/);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`#/sessions/${id}`));
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  // the session is offered first next time, by id only
  await page.goto('/');
  await expect(page.getByText('Recently opened:')).toBeVisible();
  await expect(page.getByRole('button', { name: id, exact: true })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).toContain(id);
  expect(stored).not.toContain(E2E_TOKEN);
  expect(consoleErrors).toEqual([]);
});

test('an ended session opens from its history, marked as ended, with every event', async ({
  page,
  api,
}) => {
  const name = `ended agent ${Date.now()}`;
  const id = await api.createSession({ enabled: true }, { name });
  const count = 1_250;
  const events = Array.from({ length: count }, (_, n) => ({
    type: 'console_log',
    category: 'console',
    data: { level: 'log', text: `history line ${n}` },
  }));
  await api.publish(id, events);
  expect((await api.call(`/browsers/${id}`, { method: 'DELETE' })).status).toBe(204);

  await page.goto('/');
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('radio', { name: 'Ended' }).click();
  await page.getByRole('searchbox', { name: 'Search sessions by id or name' }).fill(name);
  const row = page
    .getByRole('list', { name: 'Sessions' })
    .getByRole('button', { name: new RegExp(name) });
  await expect(row).toContainText(/ended .* ago/);
  await row.click();

  await expect(page.getByTestId('session-ended')).toBeVisible();
  const timeline = new TimelinePage(page);
  // every published event, more than the live stream's ring held (1,024 here), and the
  // session's own api_call events
  await expect(page.getByTestId('history-status')).toContainText(/History: [\d,]+ events/);
  const loaded = Number(
    ((await page.getByTestId('history-status').textContent()) ?? '')
      .replace(/.*History: ([\d,]+) events.*/, '$1')
      .replace(/,/g, ''),
  );
  expect(loaded).toBeGreaterThanOrEqual(count);
  await expect(timeline.row('history line 1249')).toHaveCount(1);
  await timeline.scrollToTop();
  await expect(timeline.row(/history line 0$/)).toHaveCount(1);
  // filters work on history as on a live timeline
  await timeline.search.fill('history line 77');
  await expect(timeline.row(/history line 77$/)).toHaveCount(1);

  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByText('Log streams are not available for an ended session.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Clipboard/ })).toHaveCount(0);
});
