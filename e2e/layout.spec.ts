import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';

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

    // an invalid regular expression says why, in full
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
