import type { Page } from '@playwright/test';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

test.use({ viewport: { width: 1400, height: 1000 } });

/** Opens the demo session's chromium log from the beginning, then the All view. */
async function openAll(page: Page): Promise<SessionPage> {
  const session = new SessionPage(page);
  await session.open('demo');
  const form = page.getByRole('form', { name: 'Open a log stream' });
  await form.getByLabel('Supervised process').fill('chromium');
  await form.getByLabel('Start').selectOption('From the beginning of the file');
  await form.getByRole('button', { name: 'Open stream' }).click();
  await expect(session.status).toHaveAttribute('data-status', 'live');
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/[?&]view=all/);
  return session;
}

interface ShownRow {
  kind: string;
  source: string;
  level: string;
  at: number;
  text: string;
}

async function shownRows(page: Page): Promise<ShownRow[]> {
  return page.getByTestId(TEST_IDS.allRow).evaluateAll((rows) =>
    rows
      .map((row) => ({
        top: row.getBoundingClientRect().top,
        kind: row.getAttribute('data-kind') ?? '',
        source: row.getAttribute('data-source') ?? '',
        level: row.getAttribute('data-level') ?? '',
        at: Date.parse(row.querySelector('span')?.getAttribute('title') ?? ''),
        text: row.textContent ?? '',
      }))
      .sort((a, b) => a.top - b.top),
  );
}

test('the All view puts a chromium log line next to the console error of the same moment', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openAll(page);
  const all = page.getByTestId(TEST_IDS.allList);
  await expect(page.getByRole('button', { name: 'Log stream chromium' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // the demo's inventory call fails with a 500 once per loop (about every 35 s): the page logs a
  // console error, and Chromium writes the same message into its own log
  await page.getByLabel('Search events and lines').fill('inventory request failed');
  const console = all.locator('[data-source="telemetry"][data-level="error"]');
  const chromium = all.locator('[data-kind="log"]');
  await expect(console.first()).toBeVisible({ timeout: 60_000 });
  await expect(chromium.first()).toBeVisible({ timeout: 10_000 });

  // a log line and an event side by side, their times within a second of each other (Chromium
  // writes its line a moment after the page logged: the pair is looked for until both are in)
  const closestPair = async (): Promise<number> => {
    const rows = await shownRows(page);
    const neighbours = rows.flatMap((row, at) => {
      const next = rows[at + 1];
      if (!next || row.kind === next.kind) return [];
      return [Math.abs(next.at - row.at)];
    });
    return Math.min(...neighbours);
  };
  await expect.poll(closestPair, { timeout: 45_000 }).toBeLessThan(1_000);

  // the chromium line's details take the reader to its place in its stream
  await chromium.first().click();
  await page.keyboard.press('Enter');
  const details = page.getByTestId(TEST_IDS.eventDetail);
  await expect(details).toContainText('Stated in the line');
  await expect(details).toContainText('inventory request failed');
  await details.getByRole('button', { name: 'Show in its stream' }).click();
  await expect(page.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.locator(`[data-testid="${TEST_IDS.logRow}"][aria-current="true"]`),
  ).toContainText('inventory request failed');
});

test('a line its stream no longer keeps stays in the All view, and its details say so', async ({
  page,
  api,
}) => {
  test.setTimeout(60_000);
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app.log', ['worker 7 lost its lease']);
  await session.openFile('/var/log/app.log');
  await expect(session.row('worker 7 lost its lease')).toBeVisible();
  await page.getByLabel('Lines kept per stream').selectOption('50000');
  await page.getByRole('tab', { name: 'All' }).click();
  const lost = page.getByTestId(TEST_IDS.allRow).filter({ hasText: 'worker 7 lost its lease' });
  await expect(lost).toBeVisible();

  // read from its stream while the stream keeps it
  await lost.click();
  await page.keyboard.press('Enter');
  const details = page.getByTestId(TEST_IDS.eventDetail);
  await expect(details).toContainText('Line 1 of');
  await expect(details).toContainText('Stated in the line');
  await expect(details.getByRole('button', { name: 'Show in its stream' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // 50,000 lines more: the stream drops its first, the All view (which keeps the timeline's
  // items and each stream's lines) still has its row
  const more = Array.from({ length: 50_000 }, (_, at) => `filler line ${at + 1}`);
  await api.appendLog(id, '/var/log/app.log', more);
  await expect
    .poll(async () => Number(await page.getByTestId(TEST_IDS.allList).getAttribute('data-count')), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(50_001);
  await page.getByLabel('Search events and lines').fill('lost its lease');
  await expect(lost).toBeVisible();
  await lost.click();
  await page.keyboard.press('Enter');
  await expect(details).toContainText('its stream no longer keeps it');
  await expect(details).toContainText('worker 7 lost its lease');
  await expect(details).not.toContainText('Stated in the line');
  await expect(details.getByRole('button', { name: 'Show in its stream' })).toHaveCount(0);
});

test('the All view filters by source, level and errors, follows live, and keeps its filters', async ({
  page,
}) => {
  await openAll(page);
  const all = page.getByTestId(TEST_IDS.allList);
  // the newest screenful, which the view follows, holds a Chromium line only if Chromium wrote
  // one in the last second or so; its lines are looked for with the telemetry hidden, below
  await expect(all.locator('[data-kind="telemetry"]').first()).toBeVisible();

  // the telemetry chip off: only log lines
  await page.getByRole('button', { name: 'Telemetry events' }).click();
  await expect(all.locator('[data-kind="telemetry"]')).toHaveCount(0);
  await expect(all.locator('[data-kind="log"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Telemetry events' }).click();

  // errors only: every row shown is an error, from either source
  await page.getByRole('button', { name: 'Errors only' }).click();
  await expect(all.locator('[data-testid="all-row"]').first()).toBeVisible({ timeout: 40_000 });
  for (const row of await shownRows(page)) expect(row.level).toBe('error');

  // the view follows: new rows arrive at the bottom while it is at the end
  await page.getByRole('button', { name: 'Errors only' }).click();
  const count = Number(await all.getAttribute('data-count'));
  await expect
    .poll(async () => Number(await all.getAttribute('data-count')))
    .toBeGreaterThan(count);

  // the keyboard moves through rows; the selected one is marked
  await all.focus();
  await page.keyboard.press('j');
  await expect(all.locator('[aria-current="true"]')).toHaveCount(1);

  // filters stay while another view is shown
  await page.getByLabel('Search events and lines').fill('GET');
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByLabel('Search events and lines')).toHaveValue('GET');
});

test('an error’s details show the screenshots and the log lines of its moment, one click from each', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openAll(page);
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  const timeline = new TimelinePage(page);
  // the uncaught error the demo throws once per loop; a screenshot is taken right after it
  const error = timeline
    .rowOfType('console_error')
    .filter({ hasText: 'recommendations payload has no items' })
    .first();
  await expect(error).toBeVisible({ timeout: 60_000 });
  await expect(timeline.rowOfType('monitor_screenshot').first()).toBeAttached({ timeout: 10_000 });
  // the overview has a lane for the open log stream, on the same time axis
  await expect(page.getByRole('img', { name: /^Event density/ })).toHaveAttribute(
    'aria-label',
    /; lanes: .*, chromium [1-9]\d*/,
  );
  await error.click();

  const lines = timeline.detail.getByRole('list', { name: 'Lines of chromium around this moment' });
  await expect(lines.getByText('recommendations payload has no items').first()).toBeVisible({
    timeout: 10_000,
  });
  const shots = timeline.detail.getByRole('region', { name: 'Screenshots at this moment' });
  const shot = shots.getByRole('button', { name: /^Screenshot at .*(after|before|instant)/ });
  await expect(shot.first()).toBeVisible({ timeout: 10_000 });
  await shot.first().click();
  // the screenshot is now the selected event, shown in full
  await expect(timeline.detail.getByRole('img', { name: /^Screenshot at / })).toBeVisible();

  // back to the error, then to its chromium line in the log stream
  await error.click();
  await lines.getByRole('button').filter({ hasText: 'recommendations payload' }).first().click();
  await expect(page.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.locator(`[data-testid="${TEST_IDS.logRow}"][aria-current="true"]`),
  ).toContainText('recommendations payload has no items');
});

test('a range dragged on the overview narrows every view, is kept in the URL, and goes with its chip', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const session = await openAll(page);
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  const timelineList = page.getByTestId(TEST_IDS.timelineList);
  // enough of the demo to choose from: a page load or two
  await expect
    .poll(async () => Number(await timelineList.getAttribute('data-count')), { timeout: 30_000 })
    .toBeGreaterThan(60);
  const before = Number(await timelineList.getAttribute('data-count'));

  const strip = page.getByRole('slider', { name: /^Timeline overview/ });
  const box = await strip.boundingBox();
  if (!box) throw new Error('the overview strip is not on screen');
  // from a third of the way to two thirds, as a person drags
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();

  await expect(page).toHaveURL(/[?&]range=\d+-\d+/);
  const [, from, to] = /[?&]range=(\d+)-(\d+)/.exec(page.url()) ?? [];
  const fromMs = Number(from);
  const toMs = Number(to) + 1;
  expect(toMs).toBeGreaterThan(fromMs);
  const chip = page.getByRole('status').filter({ hasText: 'Every view shows' });
  await expect(chip).toBeVisible();
  await expect
    .poll(async () => Number(await timelineList.getAttribute('data-count')))
    .toBeLessThan(before);

  // the All view and the log stream show only that span
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByTestId(TEST_IDS.allRow).first()).toBeVisible();
  for (const row of await shownRows(page)) {
    expect(row.at).toBeGreaterThanOrEqual(fromMs);
    expect(row.at).toBeLessThan(toMs);
  }
  await session.showLogs();
  const times = await session.rows
    .locator('[data-time]')
    .evaluateAll((cells) =>
      cells.map((cell) =>
        Date.parse(/\d{4}-\d\d-\d\dT[\d:.]+Z/.exec(cell.getAttribute('title') ?? '')?.[0] ?? ''),
      ),
    );
  for (const at of times) {
    expect(at).toBeGreaterThanOrEqual(fromMs);
    expect(at).toBeLessThan(toMs);
  }

  // the chip takes the range away, in every view
  await chip.getByRole('button', { name: 'Show all times' }).click();
  await expect(page).not.toHaveURL(/[?&]range=/);
  await expect(chip).toHaveCount(0);
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  await expect
    .poll(async () => Number(await timelineList.getAttribute('data-count')))
    .toBeGreaterThanOrEqual(before);
});

test('the Pages view lists each visit with sane web vitals, and narrows every view to one page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openAll(page);
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  await page.getByRole('tab', { name: 'Pages' }).click();
  const rows = page.getByRole('table').getByRole('row');
  // header + the demo's pages: index, products, account…
  await expect.poll(async () => rows.count(), { timeout: 60_000 }).toBeGreaterThan(3);
  // the browser is on the newest page, said in the session's summary
  await expect(page.getByLabel('The page the browser is on')).toContainText('http://');

  // LCP is a time after the navigation, never a clock read as milliseconds
  const lcp = rows.nth(1).getByRole('cell').nth(5);
  await expect(lcp).toHaveText(/^(\d{1,4} ms|\d{1,2}\.\d\d s|—)$/);
  await expect(rows.nth(1).getByRole('cell').nth(6)).toHaveText(/^\d\.\d{3}$/);

  await rows
    .nth(1)
    .getByRole('button', { name: /^Only this page \(the visit of / })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Every view shows' })).toBeVisible();
  const [, from, to] = /[?&]range=(\d+)-(\d+)/.exec(page.url()) ?? [];
  expect(from).toBeDefined();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByTestId(TEST_IDS.allRow).first()).toBeVisible();
  for (const row of await shownRows(page)) {
    expect(row.at).toBeGreaterThanOrEqual(Number(from));
    expect(row.at).toBeLessThanOrEqual(Number(to) + 1);
  }
});

test('a mark set with m shows in every view and the overview, and stays through export and offline viewing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const session = await openAll(page);
  // m from anywhere but a field: the moment is taken, then named
  await page.getByTestId(TEST_IDS.allList).focus();
  await page.keyboard.press('m');
  const form = page.getByRole('form', { name: /^Name the mark at \d\d:\d\d:\d\d\.\d{3}$/ });
  const name = form.getByRole('textbox');
  await expect(name).toHaveValue('Mark 1');
  await expect(name).toBeFocused();
  // the proposed name is selected: typing replaces it
  await page.keyboard.type('before <b>checkout</b>');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark now' })).toBeFocused();

  const mark = 'before <b>checkout</b>';
  await expect(page.getByTestId(TEST_IDS.allRow).filter({ hasText: mark })).toHaveCount(1);
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  const timeline = new TimelinePage(page);
  await timeline.search.fill('checkout');
  await expect(timeline.row(mark)).toHaveCount(1);
  await timeline.search.fill('');
  await expect(page.getByRole('img', { name: /^Event density/ })).toHaveAttribute(
    'aria-label',
    /, 1 mark[;,]|, 1 mark$/,
  );
  await session.showLogs();
  await expect(session.rows.filter({ hasText: `Mark: ${mark}` })).toHaveCount(1);

  // Escape drops a mark being named; the button opens the same form
  await page.getByRole('button', { name: 'Mark now' }).click();
  await expect(form.getByRole('textbox')).toHaveValue('Mark 2');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(session.rows.filter({ hasText: 'Mark: Mark 2' })).toHaveCount(0);

  await page.getByRole('tab', { name: /^Timeline/ }).click();
  const exported = await timeline.export();
  const marks = exported.notes.filter((note) => note.session_console.kind === 'mark');
  expect(marks.map((note) => note.session_console.text)).toEqual([mark]);

  await page.goto('/');
  await page.getByLabel('Open an exported telemetry file…').setInputFiles(exported.path);
  await expect(page).toHaveURL(/#\/file$/);
  const file = new TimelinePage(page);
  await file.search.fill('checkout');
  await expect(file.row(mark)).toHaveCount(1);
  await file.search.fill('');
  await expect(page.getByRole('img', { name: /^Event density/ })).toHaveAttribute(
    'aria-label',
    /, 1 mark[;,]|, 1 mark$/,
  );
  // and it goes out again in a second export
  const again = await file.export();
  expect(again.notes.filter((note) => note.session_console.kind === 'mark')).toHaveLength(1);
});
