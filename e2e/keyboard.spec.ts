import type { Locator, Page } from '@playwright/test';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { catalogueEvents } from './data/telemetry-events.ts';
import { E2E_TOKEN, expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

/**
 * What has focus, and whether it shows: a focus ring is a drawn outline or a box shadow. Focus on
 * <body> means it was lost (the focused element went away).
 */
async function focusState(page: Page): Promise<{ on: string; ring: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement)
      return { on: 'body', ring: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('data-testid') ??
      element.textContent?.trim().slice(0, 40) ??
      '';
    return { on: `${element.tagName.toLowerCase()} "${name}"`, ring: outline || shadow };
  });
}

/** Focus is on an element (not lost to <body>) and visibly so. */
async function expectVisibleFocus(page: Page, after: string): Promise<void> {
  const state = await focusState(page);
  expect(state.on, `focus lost to <body> after ${after}`).not.toBe('body');
  expect(state.ring, `no visible focus ring on ${state.on} after ${after}`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the ring at every stop. */
async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 80 }: { back?: boolean; max?: number } = {},
): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page, `${back ? 'Shift+Tab' : 'Tab'} #${presses}`);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return presses;
  }
  throw new Error(`${String(target)} not reached within ${max} presses of Tab`);
}

test('keyboard only: connect, a log stream searched and paused, an event’s stack trace, the clipboard', async ({
  page,
  api,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const id = await api.createSession();
  await api.publish(id, catalogueEvents(Date.now() * 1000 - 10_000_000));
  await api.appendLog(id, '/var/log/app.log', [
    'INFO request ok',
    'ERROR upstream timeout after 30s',
    'WARN slow response',
    'INFO another timeout, retried',
    'DEBUG cache miss',
    '{"level":"error","msg":"db timeout"}',
  ]);
  const session = new SessionPage(page);
  const timeline = new TimelinePage(page);

  // connect: the session id field has focus; Tab to the token; Enter submits
  await page.goto('/');
  await expect(page.getByLabel('Session id')).toBeFocused();
  await expectVisibleFocus(page, 'loading the connect screen');
  await page.keyboard.type(id);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('API token')).toBeFocused();
  await page.keyboard.type(E2E_TOKEN);
  await page.keyboard.press('Enter');
  const timelineTab = page.getByRole('tab', { name: /^Timeline/ });
  await expect(timelineTab).toHaveAttribute('aria-selected', 'true');
  // the form went away: focus goes on from the session's view tabs, not from <body>
  await expect(timelineTab).toBeFocused();
  await expectVisibleFocus(page, 'opening the session');

  // the view tabs follow the ARIA tabs pattern: arrows move between them
  await page.keyboard.press('ArrowRight');
  const logsTab = page.getByRole('tab', { name: 'Logs' });
  await expect(logsTab).toHaveAttribute('aria-selected', 'true');
  await expect(logsTab).toBeFocused();
  const form = page.getByRole('form', { name: 'Open a log stream' });
  await expect(form).toBeVisible();

  // open a log stream: the File path radio (arrows), its path, Enter
  await tabTo(page, form.getByLabel('Process', { exact: true }));
  await page.keyboard.press('ArrowRight');
  await expect(form.getByLabel('File path', { exact: true })).toBeChecked();
  await expect(form.getByLabel('File path', { exact: true })).toBeFocused();
  await tabTo(page, form.getByLabel('File path on the browser instance'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('/var/log/app.log');
  await page.keyboard.press('Enter');
  await expect(session.status).toHaveAttribute('data-status', 'live');
  await expect(session.rows).toHaveCount(6);
  await expect(session.row('db timeout')).toBeVisible();
  // the form went away: focus is on the new stream's lines
  await expect(session.list).toBeFocused();
  await expectVisibleFocus(page, 'opening the log stream');

  // search: / from the lines, Enter steps to the first match
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search', exact: true });
  await expect(search).toBeFocused();
  await expectVisibleFocus(page, 'pressing /');
  await page.keyboard.type('timeout');
  await expect(page.getByText('3 matches')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 of 3')).toBeVisible();
  await expect(session.list.locator('mark')).toHaveCount(3);
  await expectVisibleFocus(page, 'stepping to a match');

  // pause: Space on the lines freezes them; what arrives is counted, not shown
  await tabTo(page, session.list);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expectVisibleFocus(page, 'pausing with Space');
  await api.appendLog(id, '/var/log/app.log', ['arrived while paused']);
  await expect(session.pausedBar).toContainText('Paused: 1 new line');
  await expect(session.row('arrived while paused')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(session.row('arrived while paused')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expectVisibleFocus(page, 'resuming with Space');

  // back to the Timeline: Shift+Tab to the view tabs, then the left arrow
  await tabTo(page, logsTab, { back: true });
  await page.keyboard.press('ArrowLeft');
  await expect(timelineTab).toHaveAttribute('aria-selected', 'true');
  await expect(timelineTab).toBeFocused();
  await expect(timeline.rowOfType('quota_notice')).toHaveCount(1);

  // narrow the list by searching, then j selects and Enter opens the details
  await tabTo(page, timeline.search);
  await page.keyboard.type('TypeError');
  await expect(timeline.rowOfType('console_error')).toHaveCount(1);
  await tabTo(page, timeline.list);
  await page.keyboard.press('j');
  await expect(timeline.rowOfType('console_error')).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(timeline.detail).toContainText('console_error');
  await expect(timeline.list).toBeFocused();
  await expectVisibleFocus(page, 'opening the details');

  // Tab into the details, to the stack trace and its Copy stack button
  const stack = timeline.detail.getByRole('list', { name: 'Stack trace' });
  await tabTo(page, timeline.detail.getByRole('button', { name: 'Copy stack' }));
  await expect(stack).toBeInViewport();
  await expect(stack.getByRole('listitem').first()).toHaveText(/applyDiscount\s*app\.js:89:15/);
  await expect(stack.getByRole('listitem')).toHaveCount(7);

  // Esc closes the details; focus goes back to the list instead of being lost
  await page.keyboard.press('Escape');
  await expect(timeline.detail).toHaveCount(0);
  await expect(timeline.list).toBeFocused();
  await expectVisibleFocus(page, 'closing the details');

  // the clipboard: Tab to its text box, type, Ctrl+Enter sends
  const panel = page.getByRole('complementary', { name: 'Clipboard' });
  const text = panel.getByRole('textbox', { name: 'Text to send' });
  await tabTo(page, text);
  await page.keyboard.type('typed without a mouse');
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByRole('status').filter({ hasText: /Sent \d+ bytes/ })).toBeVisible();
  await expect(text).toBeFocused();
  await expectVisibleFocus(page, 'sending with Ctrl+Enter');
  const read = await api.call(`/browsers/${id}/computer/clipboard/read`, { method: 'POST' });
  expect(await read.json()).toEqual({ text: 'typed without a mouse' });
  expect(consoleErrors).toEqual([]);
});

test('a session opens ready for the keyboard: j selects an event, the skip link reaches the list', async ({
  page,
  api,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const id = await api.createSession();
  await api.publish(id, catalogueEvents(Date.now() * 1000 - 10_000_000));
  const timeline = new TimelinePage(page);
  await page.goto('/');
  await page.keyboard.type(id);
  await page.keyboard.press('Tab');
  await page.keyboard.type(E2E_TOKEN);
  await page.keyboard.press('Enter');
  const timelineTab = page.getByRole('tab', { name: /^Timeline/ });
  await expect(timelineTab).toBeFocused();
  await expect(timeline.rowOfType('quota_notice')).toHaveCount(1);

  // j with focus where the session opened it (the view tabs), no click anywhere: an event is
  // selected, and the keyboard is on the list, where Enter opens it and Esc closes it
  await page.keyboard.press('j');
  await expect(timeline.list.locator('[data-selected="true"]')).toHaveCount(1);
  await expect(timeline.list).toBeFocused();
  await expectVisibleFocus(page, 'pressing j on the view tabs');
  await page.keyboard.press('Enter');
  await expect(timeline.detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(timeline.detail).toHaveCount(0);
  await expect(timeline.list).toBeFocused();

  // the skip link: the first stop in the session view, shown once it has focus; from it, the
  // event list is at most 3 presses away (here: Enter)
  const skip = page.getByRole('button', { name: 'Skip to the event list' });
  await tabTo(page, skip, { back: true });
  await expect(skip).toBeInViewport();
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(40);
  let presses = 0;
  const onList = (): Promise<boolean> =>
    timeline.list.evaluate((element) => element === document.activeElement);
  await page.keyboard.press('Enter');
  presses += 1;
  while (!(await onList()) && presses < 3) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  await expect(timeline.list).toBeFocused();
  expect(presses).toBeLessThanOrEqual(3);
  await expectVisibleFocus(page, 'following the skip link');

  // a row of category chips is one tab stop: the arrows move inside it, Tab leaves it
  await tabTo(page, timeline.categories.getByRole('button').first(), { back: true, max: 40 });
  await page.keyboard.press('ArrowRight');
  await expect(timeline.categories.getByRole('button').nth(1)).toBeFocused();
  await expectVisibleFocus(page, 'ArrowRight in the category chips');
  await page.keyboard.press('Tab');
  expect(await timeline.categories.evaluate((row) => row.contains(document.activeElement))).toBe(
    false,
  );
  expect(consoleErrors).toEqual([]);
});

test('new errors are announced politely in one summary, not per event, and not while paused', async ({
  page,
  api,
}) => {
  test.setTimeout(60_000);
  const { id, session } = await SessionPage.openNew(page, api);
  const announcer = page.getByTestId(TEST_IDS.liveAnnouncer);
  await expect(announcer).toHaveAttribute('role', 'status');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('log', { name: 'Telemetry events' })).toHaveCount(0);

  // errors arriving in the timeline (while the Logs view is shown) are summarised
  const t = (): number => Date.now() * 1000;
  const consoleError = (text: string) => ({
    ts: t(),
    type: 'console_error',
    category: 'console',
    source: { kind: 'cdp' },
    data: { level: 'error', text },
  });
  const failedResponse = {
    ts: t(),
    type: 'network_response',
    category: 'network',
    source: { kind: 'cdp' },
    data: { request_id: 'r1', status: 500, url: 'https://shop.example.test/api/cart' },
  };
  await api.publish(id, [consoleError('first'), consoleError('second'), failedResponse]);
  await expect(announcer).toHaveText(/^3 new errors in the timeline\s*$/);

  // a log stream's error lines, named by the stream
  await api.appendLog(id, '/var/log/app.log', ['INFO booting']);
  await session.openFile('/var/log/app.log', 'new');
  // the lines themselves are not read out: the log region is not live
  await expect(page.getByRole('log', { name: 'Log lines of /var/log/app.log' })).toHaveAttribute(
    'aria-live',
    'off',
  );
  await api.appendLog(id, '/var/log/app.log', ['ERROR one', 'INFO fine', 'ERROR two']);
  await expect(session.row('ERROR two')).toBeVisible();
  await expect(announcer).toHaveText(/^2 new error lines in app\.log\s*$/, { timeout: 10_000 });

  // paused: nothing is announced for what arrives meanwhile
  await session.list.focus();
  await page.keyboard.press('Space');
  await expect(session.pausedBar).toBeVisible();
  await expect(announcer).toHaveText('', { timeout: 15_000 });
  await api.appendLog(id, '/var/log/app.log', ['ERROR while paused']);
  await expect(session.pausedBar).toContainText('Paused: 1 new line');
  // the timeline is not paused: its errors still are, and only they
  await api.publish(id, [consoleError('third')]);
  await expect(announcer).toHaveText(/^1 new error in the timeline\s*$/, { timeout: 10_000 });
});
