import type { Page } from '@playwright/test';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { E2E_TOKEN, expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

/**
 * What a field's placeholder or a message says must be readable in full: the placeholder's text
 * measured in the field's own font against the room inside it, and every status or alert line
 * against the width it is given.
 */
async function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['no canvas to measure with'];
    const cut: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!input.checkVisibility() || input.placeholder === '' || input.value !== '') continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = context.measureText(input.placeholder).width;
      if (width > room + 1) cut.push(`"${input.placeholder}" ${Math.ceil(width)} > ${room} px`);
    }
    for (const message of document.querySelectorAll<HTMLElement>(
      '[role="status"], [role="alert"]',
    )) {
      if (!message.checkVisibility() || message.textContent?.trim() === '') continue;
      if (message.scrollWidth > message.clientWidth + 1)
        cut.push(
          `message "${message.textContent}" ${message.scrollWidth} > ${message.clientWidth} px`,
        );
    }
    return cut;
  });
}

for (const width of [1400, 420]) {
  test(`every placeholder and message is readable in full at ${width} px`, async ({
    page,
    api,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { id, session } = await SessionPage.openNew(page, api);
    await api.appendLog(id, '/var/log/app.log', ['first line', 'second line']);
    await session.openFile('/var/log/app.log');
    await expect(session.row('second line')).toBeVisible();
    expect(await cutTexts(page), 'log view').toEqual([]);

    // an invalid regular expression says why, in full (a narrow screen folds the filters)
    const filters = page.getByRole('button', { name: /^Filters/ });
    if (await filters.isVisible()) await filters.click();
    await page
      .getByRole('button', { name: 'Show only lines matching: regular expression' })
      .click();
    await page.getByRole('searchbox', { name: 'Show only lines matching' }).fill('time(out');
    await expect(
      page.getByRole('status').filter({ hasText: /Invalid regular expression/ }),
    ).toBeVisible();
    expect(await cutTexts(page), 'log view with an invalid regular expression').toEqual([]);

    await page.getByRole('tab', { name: /^Timeline/ }).click();
    await expect(page.getByLabel('Search events')).toBeVisible();
    expect(await cutTexts(page), 'timeline').toEqual([]);
    await page.getByRole('tab', { name: 'Network' }).click();
    await expect(page.getByLabel('Filter requests')).toBeVisible();
    expect(await cutTexts(page), 'network').toEqual([]);
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(page.getByLabel('Search events and lines')).toBeVisible();
    expect(await cutTexts(page), 'all').toEqual([]);
  });
}

test('the details pane is resized by drag or keys, the clipboard folds away, and both are remembered', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const id = await api.createSession();
  await api.publish(id, [
    {
      type: 'console_log',
      category: 'console',
      source: { kind: 'cdp' },
      data: { level: 'log', text: 'an event to open' },
    },
  ]);
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await timeline.row('an event to open').click();
  const detail = page.getByTestId(TEST_IDS.eventDetail);
  await expect(detail).toBeVisible();
  const widthOf = async () => (await detail.boundingBox())?.width ?? 0;
  const before = await widthOf();

  const edge = page.getByRole('separator', { name: 'Width of the details' });
  await expect(edge).toHaveAttribute('aria-valuenow', '40');
  const box = await edge.boundingBox();
  if (!box) throw new Error('the edge has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x - 200, box.y + 40, { steps: 5 });
  await page.mouse.up();
  expect(await widthOf()).toBeGreaterThan(before + 150);
  const dragged = Number(await edge.getAttribute('aria-valuenow'));
  expect(dragged).toBeGreaterThan(55);
  // the keys: right gives the list 5% back, Home makes the details their narrowest
  await edge.focus();
  await page.keyboard.press('ArrowRight');
  await expect(edge).toHaveAttribute('aria-valuenow', String(dragged - 5));
  await page.keyboard.press('Home');
  await expect(edge).toHaveAttribute('aria-valuenow', '25');
  await page.keyboard.press('ArrowLeft');
  await expect(edge).toHaveAttribute('aria-valuenow', '30');

  const clipboard = page.getByRole('complementary', { name: 'Clipboard' });
  await expect(clipboard).toBeVisible();
  await page.getByRole('button', { name: 'Hide clipboard ▸' }).click();
  await expect(clipboard).toHaveCount(0);

  // after a reload both stay as they were left
  await page.reload();
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Open session' }).click();
  await timeline.row('an event to open').click();
  await expect(edge).toHaveAttribute('aria-valuenow', '30');
  await expect(clipboard).toHaveCount(0);
  await expect(page.getByRole('button', { name: '◂ Clipboard' })).toBeVisible();
});

test('at 420 px toolbars, chips and the overview fold away, so the list keeps most of the height', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 420, height: 900 });
  const id = await api.createSession();
  await api.publish(
    id,
    Array.from({ length: 60 }, (_, n) => ({
      type: 'console_log',
      category: 'console',
      source: { kind: 'cdp' },
      data: { level: 'log', text: `row ${n}` },
    })),
  );
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.row('row 59')).toHaveCount(1);
  const inView = async () =>
    timeline.rows.evaluateAll(
      (rows) =>
        rows.filter((row) => {
          const box = row.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
  expect(await inView()).toBeGreaterThanOrEqual(15);
  // each fold opens on request, and the overview comes back
  await page.getByRole('button', { name: /^Categories and levels/ }).click();
  await expect(page.getByRole('toolbar', { name: 'Categories' })).toBeVisible();
  await page.getByRole('button', { name: /^More/ }).click();
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '▾ Show the overview' }).click();
  const overview = page.getByRole('img', { name: /^Event density/ });
  await expect(overview).toBeVisible();
  // its fold button sits in the corner below the lane names, beside the time axis: it covers no
  // lane's name (it did at the top when there were no thumbnails)
  const fold = await page.getByRole('button', { name: '▴ Fold', exact: true }).boundingBox();
  const strip = await overview.boundingBox();
  expect(fold && strip).toBeTruthy();
  if (fold && strip) {
    expect(fold.x + fold.width).toBeLessThanOrEqual(strip.x + 84);
    expect(fold.y).toBeGreaterThanOrEqual(strip.y + strip.height - 16 - 1);
  }
});

test('at 420 px, details opened under the list say so at the bottom of the window and take you there', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 420, height: 800 });
  const id = await api.createSession();
  // errors too: the Timeline tab's count makes the row of tabs and actions wider
  await api.publish(
    id,
    Array.from({ length: 40 }, (_, n) => ({
      type: n < 12 ? 'console_error' : 'console_log',
      category: 'console',
      source: { kind: 'cdp' },
      data: { level: n < 12 ? 'error' : 'log', text: `row ${n}` },
    })),
  );
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(page.getByRole('tab', { name: /^Timeline 12 errors/ })).toBeVisible();
  // nothing wider than the window, and the clipboard's toggle within it
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
  await expect(page.getByRole('button', { name: /clipboard/i }).first()).toBeInViewport();
  await timeline.row('row 3').first().click();
  const cue = page.getByRole('button', { name: 'Details below' });
  await expect(cue).toBeVisible();
  await cue.click();
  await expect(page.getByTestId(TEST_IDS.eventDetail)).toBeInViewport();
  await expect(cue).toHaveCount(0);
});

test('at 420 px a log tab scrolls within its list and follows its newest line, the panels below in reach', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 420, height: 900 });
  const { id, session } = await SessionPage.openNew(page, api);
  const lines = Array.from({ length: 2_000 }, (_, n) => `narrow line ${n}`);
  await api.appendLog(id, '/var/log/app/narrow.log', lines);
  await session.openFile('/var/log/app/narrow.log');
  // the newest line in view without scrolling anything: the list follows it
  await expect(session.row('narrow line 1999')).toBeInViewport();
  const sizes = await session.list.evaluate((list) => ({
    height: list.clientHeight,
    content: list.scrollHeight,
    page: document.scrollingElement?.scrollHeight ?? 0,
  }));
  // the list is a window on its lines, not as tall as all of them (it was, and the page scrolled
  // through 40,000 px of lines to reach the panels below)
  expect(sizes.height).toBeLessThan(900);
  expect(sizes.content).toBeGreaterThan(sizes.height * 10);
  await page.getByRole('heading', { name: 'Clipboard', exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Clipboard', exact: true })).toBeInViewport();
  await api.appendLog(id, '/var/log/app/narrow.log', ['narrow line 2000']);
  await page.getByRole('heading', { name: 'Clipboard', exact: true }).scrollIntoViewIfNeeded();
  await session.list.scrollIntoViewIfNeeded();
  await expect(session.row('narrow line 2000')).toBeInViewport();
});
