import { TEST_IDS } from '../src/config/test-ids.ts';
import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';

const lines = (from: number, count: number, text = 'line'): string[] =>
  Array.from({ length: count }, (_, i) => `${text} ${from + i}`);

test('lines appended to a file in the session root appear within a second', async ({
  page,
  api,
  consoleErrors,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app/agent.log', ['booting agent']);
  await session.openFile('/var/log/app/agent.log');
  await expect(session.row('booting agent')).toBeVisible();
  await api.appendLog(id, '/var/log/app/agent.log', [
    '\x1b[31mERROR\x1b[0m payment failed: <b>card</b> declined',
  ]);
  await expect(session.row('payment failed')).toBeVisible({ timeout: 1_000 });
  const row = session.row('payment failed');
  await expect(row).toHaveAttribute('data-level', 'error');
  await expect(row).toContainText('ERROR payment failed: <b>card</b> declined');
  await expect(row.locator('b')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a following list holds still while the pointer moves over it, and follows again once it rests', async ({
  page,
  api,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app.log', lines(0, 200));
  await session.openFile('/var/log/app.log');
  await expect(session.row('line 199')).toBeVisible();
  const box = await session.list.boundingBox();
  if (!box) throw new Error('the log list has no box');
  // the pointer moves over the last rows, as when aiming at one, while lines arrive
  let step = 0;
  const aim = (): Promise<void> =>
    page.mouse.move(box.x + 100 + (step++ % 2) * 4, box.y + box.height - 30);
  await aim();
  await api.appendLog(id, '/var/log/app.log', lines(200, 5));
  const cue = page.getByTestId(TEST_IDS.followHeld);
  await expect
    .poll(async () => {
      await aim();
      return (await cue.count()) === 1 ? cue.textContent() : null;
    })
    .toBe('Held while you point: 5 new lines below');
  await aim();
  await expect(session.row('line 204')).toHaveCount(0);
  await expect(session.row('line 199')).toBeVisible();
  await expect(session.pausedBar).toHaveCount(0);

  // at rest for a second, the list follows again and the cue goes
  await expect(session.row('line 204')).toBeVisible({ timeout: 3_000 });
  await expect(cue).toHaveCount(0);
  await expect(session.pausedBar).toHaveCount(0);
});

test('scrolling up pauses and holds position while lines arrive; jump to latest follows again', async ({
  page,
  api,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app.log', lines(0, 400));
  await session.openFile('/var/log/app.log');
  await expect(session.row('line 399')).toBeVisible();
  await expect(session.pausedBar).toHaveCount(0);

  await session.list.hover();
  await page.mouse.wheel(0, -2000);
  await expect(session.pausedBar).toBeVisible();
  const held = await session.firstVisibleSeq();
  expect(held).toBeGreaterThan(0);

  await api.appendLog(id, '/var/log/app.log', lines(400, 250));
  await expect(session.pausedBar).toHaveAttribute('data-new-lines', '250');
  await expect(session.pausedBar).toContainText('250 new lines');
  expect(await session.firstVisibleSeq()).toBe(held);
  await expect(session.row('line 649')).toHaveCount(0);

  await session.pausedBar.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(session.row('line 649')).toBeVisible();
  await expect(session.pausedBar).toHaveCount(0);
  await api.appendLog(id, '/var/log/app.log', ['after jump']);
  await expect(session.row('after jump')).toBeVisible();
});

test('pretty-printing a line at the tail stops following and shows the object whole, rows from the top of the view', async ({
  page,
  api,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  // about 180 px pretty-printed: less than the list's height
  const order = {
    level: 'info',
    msg: 'order placed',
    order: { id: 4711, total: 129.5, currency: 'EUR' },
  };
  await api.appendLog(id, '/var/log/app.log', [
    ...lines(0, 200),
    JSON.stringify(order),
    'line after it',
  ]);
  await session.openFile('/var/log/app.log');
  await expect(session.row('line after it')).toBeVisible();

  const row = session.row('order placed');
  await row.hover();
  await row.getByRole('button', { name: /^Pretty-print JSON of line/ }).click();
  const object = row.locator('pre');
  await expect(object).toContainText('"currency": "EUR"');
  await expect(session.pausedBar).toBeVisible();

  // what the list shows: the whole object inside its view, and rows from the top of it (no band)
  const shown = () =>
    session.list.evaluate((list) => {
      const view = list.getBoundingClientRect();
      const pre = list.querySelector('pre')?.getBoundingClientRect();
      const rows = [...list.querySelectorAll<HTMLElement>('[data-seq]')].map((r) =>
        r.getBoundingClientRect(),
      );
      const topRow = rows.find((r) => r.bottom > view.top + 1);
      return {
        objectInView: !!pre && pre.top >= view.top - 1 && pre.bottom <= view.bottom + 1,
        objectTop: Math.round((pre?.top ?? 0) - view.top),
        rowsFromTop: !!topRow && topRow.top <= view.top + 1,
      };
    });
  await expect.poll(shown).toMatchObject({ objectInView: true, rowsFromTop: true });
  const before = await shown();

  // lines arriving move nothing: the reader goes on reading the object
  await api.appendLog(id, '/var/log/app.log', lines(300, 40));
  await expect(session.pausedBar).toHaveAttribute('data-new-lines', '40');
  expect(await shown()).toEqual(before);

  await session.pausedBar.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(session.row('line 339')).toBeVisible();
  await expect(session.pausedBar).toHaveCount(0);
});

test('explicit pause with Space freezes the view; resume shows what arrived', async ({
  page,
  api,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app.log', ['first']);
  await session.openFile('/var/log/app.log');
  await expect(session.row('first')).toBeVisible();
  await session.list.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await api.appendLog(id, '/var/log/app.log', ['while paused']);
  await expect(session.pausedBar).toContainText('Paused: 1 new line');
  await expect(session.row('while paused')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(session.row('while paused')).toBeVisible();
});

test('search highlights every match and steps through them; filters show counts', async ({
  page,
  api,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app.log', [
    'INFO request ok',
    'ERROR upstream timeout after 30s',
    'WARN slow response',
    'INFO another timeout, retried',
    'DEBUG cache miss',
    '{"level":"error","msg":"db timeout"}',
  ]);
  await session.openFile('/var/log/app.log');
  await expect(session.rows).toHaveCount(6);

  const search = page.getByRole('searchbox', { name: 'Search' });
  // the count follows the typing, before any Enter
  await search.pressSequentially('tim');
  await expect(page.getByText('3 matches')).toBeVisible();
  await search.pressSequentially('eout');
  await expect(page.getByText('3 matches')).toBeVisible();
  await search.fill('upstream');
  await expect(page.getByText('1 match', { exact: true })).toBeVisible();
  await search.fill('timeout');
  await expect(page.getByText('3 matches')).toBeVisible();
  await expect(session.list.locator('mark')).toHaveCount(3);
  await search.press('Enter');
  await expect(page.getByText('1 of 3')).toBeVisible();
  await search.press('Enter');
  await expect(page.getByText('2 of 3')).toBeVisible();
  await search.press('Shift+Enter');
  await expect(page.getByText('1 of 3')).toBeVisible();
  await expect(session.rows).toHaveCount(6); // search never hides lines

  const levels = page.getByRole('toolbar', { name: 'Levels' });
  await expect(levels.getByRole('button', { name: /ERR\s*2/ })).toBeVisible();
  await expect(levels.getByRole('button', { name: /INF\s*2/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Show only lines matching' }).fill('timeout');
  await expect(page.getByText('showing 3 of 6')).toBeVisible();
  // as the timeline's chips: a click shows only that level, again shows all; Ctrl or Cmd hides it
  await levels.getByRole('button', { name: /ERR\s*2/ }).click();
  await expect(page.getByText('showing 2 of 6')).toBeVisible();
  await expect(session.rows).toHaveCount(2);
  await levels.getByRole('button', { name: /ERR\s*2/ }).click();
  await expect(page.getByText('showing 3 of 6')).toBeVisible();
  await levels.getByRole('button', { name: /ERR\s*2/ }).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByText('showing 1 of 6')).toBeVisible();
  await expect(session.rows).toHaveCount(1);

  await page.getByRole('button', { name: 'Show only lines matching: regular expression' }).click();
  await page.getByRole('searchbox', { name: 'Show only lines matching' }).fill('time(out');
  await expect(
    page.getByRole('status').filter({ hasText: /Invalid regular expression/ }),
  ).toBeVisible();
});

test('a filter over many lines shows the newest matches at once, then the older ones as it tests them', async ({
  page,
  api,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  const count = 120_000;
  await api.appendLog(
    id,
    '/var/log/many.log',
    Array.from({ length: count }, (_, at) =>
      at % 1_000 === 0 ? `POST /api/checkout ${at}` : `GET /api/items ${at}`,
    ),
  );
  await session.openFile('/var/log/many.log');
  await expect(page.getByTestId(TEST_IDS.logCounts)).toHaveAttribute(
    'data-retained',
    String(count),
  );
  // the cue that older lines are still being tested is drawn, however briefly
  await page.evaluate(() => {
    const seen = { progress: false };
    (window as unknown as { __filterSeen: typeof seen }).__filterSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="log-filter-progress"]')) seen.progress = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('searchbox', { name: 'Show only lines matching' }).fill('CHECKOUT');
  await expect(page.getByText('showing 120 of 120,000')).toBeVisible();
  await expect(page.getByTestId(TEST_IDS.logFilterProgress)).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as unknown as { __filterSeen: { progress: boolean } }).__filterSeen.progress,
    ),
  ).toBe(true);
  await expect(session.row('checkout 119000')).toBeVisible();
  // the oldest match, found last, is there at the top
  await session.list.evaluate((list) => {
    list.scrollTop = 0;
  });
  await expect(session.row('checkout 0')).toBeVisible();
  await expect(session.rows.first()).toContainText('POST /api/checkout 0');
  // at 420 px, a six-digit line number fits its column and stays clear of the time beside it
  await page.setViewportSize({ width: 420, height: 900 });
  await session.list.evaluate((list) => {
    list.scrollTop = list.scrollHeight;
  });
  const newest = session.row('checkout 119000');
  await expect(newest).toBeVisible();
  const [number, time] = await newest.locator(':scope > span').evaluateAll((spans) =>
    spans.slice(0, 2).map((span) => ({
      text: span.textContent,
      fits: span.scrollWidth <= span.clientWidth,
      left: span.getBoundingClientRect().left,
      right: span.getBoundingClientRect().right,
    })),
  );
  expect(number?.text).toBe('119001');
  expect(number?.fits).toBe(true);
  expect(number?.right).toBeLessThanOrEqual(time?.left ?? 0);
});

test('one line is counted as one, the download is named once .log, and Clear takes the copy notice with the lines', async ({
  page,
  api,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app.log', ['the only line']);
  await session.openFile('/var/log/app.log');
  await expect(session.row('the only line')).toBeVisible();
  const counts = page.getByTestId(TEST_IDS.logCounts);
  await expect(counts).toHaveText('1 line retained · 1 received');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const name = (await download).suggestedFilename();
  expect(name).toMatch(/-var_log_app\.log$/);
  expect(name).not.toMatch(/\.log\.log$/);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await session.row('the only line').hover();
  await page.getByRole('button', { name: 'Copy line 1' }).click();
  const copied = page.getByRole('status').filter({ hasText: 'Copied line 1' });
  await expect(copied).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  // gone with the lines, not seconds later
  await expect(copied).toHaveCount(0, { timeout: 1_000 });
  await expect(counts).toHaveText('0 lines retained · 1 received');
});

test('a stream killed server-side reconnects by itself, says so among its lines, and goes on', async ({
  page,
  api,
}) => {
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app.log', ['before the cut']);
  await session.openFile('/var/log/app.log');
  await expect(session.row('before the cut')).toBeVisible();
  const dropped = await api.call(`/browsers/${id}/faults`, {
    method: 'POST',
    body: '{"action":"drop_streams"}',
  });
  // the log stream and the session's telemetry stream, which runs whichever view is shown
  expect(await dropped.json()).toMatchObject({ affected: 2 });
  // what the user is shown afterwards, not a state that may last a moment: the reconnection
  // notice among the lines, the stream live again, nothing lost from before
  await expect(session.row('reconnected')).toBeVisible({ timeout: 10_000 });
  await expect(session.status).toHaveAttribute('data-status', 'live', { timeout: 10_000 });
  await expect(session.row('before the cut')).toBeVisible();
  await api.appendLog(id, '/var/log/app.log', ['after the cut']);
  await expect(session.row('after the cut')).toBeVisible();
});

test('a missing file is reported in band and the stream ends', async ({ page, api }) => {
  const { session } = await SessionPage.openNew(page, api);
  const form = page.getByRole('form', { name: 'Open a log stream' });
  await form.getByLabel('File path').check();
  await form.getByLabel('File path on the browser instance').fill('/var/log/missing.log');
  await form.getByRole('button', { name: 'Open stream' }).click();
  await expect(session.row('failed to open log path')).toBeVisible();
  await expect(session.status).toHaveAttribute('data-status', 'ended');
});

test('a deep link restores the log tab, search, filter and selected line', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  await api.appendLog(id, '/var/log/app.log', ['alpha', 'needle one', 'gamma', 'needle two']);
  const hash = `#/sessions/${id}?view=logs&log=p0%3A%2Fvar%2Flog%2Fapp.log&q=needle&in=e&line=2`;
  await page.goto(`/${hash}`);
  await page.getByLabel('API token').fill('e2e-reference-token');
  await page.getByRole('button', { name: 'Open session' }).click();
  const session = new SessionPage(page);
  await expect(session.row('needle two')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('needle');
  await expect(page.getByRole('searchbox', { name: 'Show only lines matching' })).toHaveValue('e');
  await expect(page.getByText('showing 2 of 4')).toBeVisible();
  await expect(session.row('gamma')).toHaveCount(0);
  await expect(session.row('needle one')).toHaveAttribute('aria-current', 'true');
  await expect(session.list.locator('mark')).toHaveCount(2);
  expect(page.url()).not.toContain('e2e-reference-token');
});

test('several sessions stay open in tabs, each with its own streams', async ({ page, api }) => {
  const first = await api.createSession();
  const second = await api.createSession();
  const session = new SessionPage(page);
  await session.open(first);
  await api.appendLog(first, '/var/log/one.log', ['from the first session']);
  await session.openFile('/var/log/one.log');
  await expect(session.row('from the first session')).toBeVisible();

  await page.getByRole('link', { name: '+ Session' }).click();
  await page.getByLabel('Session id').fill(second);
  await page.getByRole('button', { name: 'Open session' }).click();
  await api.appendLog(second, '/var/log/two.log', ['from the second session']);
  await session.openFile('/var/log/two.log');
  await expect(session.row('from the second session')).toBeVisible();

  // the first session's stream kept running while hidden
  await api.appendLog(first, '/var/log/one.log', ['arrived while hidden']);
  const tabs = page.getByRole('navigation', { name: 'Open sessions' });
  await tabs.getByRole('link', { name: first }).click();
  await expect(session.row('arrived while hidden')).toBeVisible();
  await expect(session.row('from the first session')).toBeVisible();
  // opening another session did not restart this one's stream (which would lose lines written
  // while it reconnected)
  await expect(session.row('reconnected')).toHaveCount(0);

  await tabs.getByRole('button', { name: `Close session ${first}` }).click();
  await expect(tabs.getByRole('link', { name: first })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/sessions/${second}`));
  await expect(session.row('from the second session')).toBeVisible();
});
