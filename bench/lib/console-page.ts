import type { Page } from '@playwright/test';
import { TEST_IDS } from '../../src/config/test-ids.ts';
import { BENCH_TOKEN } from './server.ts';

const byTestId = (id: string): string => `[data-testid="${id}"]`;

/** Where the benchmark looks in the dashboard. */
export const SELECTORS = {
  logList: byTestId(TEST_IDS.logList),
  logRow: byTestId(TEST_IDS.logRow),
  logCounts: byTestId(TEST_IDS.logCounts),
  timelineList: byTestId(TEST_IDS.timelineList),
  timelineRow: byTestId(TEST_IDS.timelineRow),
  timelineCounts: byTestId(TEST_IDS.timelineCounts),
  networkRow: byTestId(TEST_IDS.networkRow),
  status: byTestId(TEST_IDS.streamStatus),
} as const;

/** Opens a session from the connect screen as a user does; the timeline shows first. */
export async function openSession(
  page: Page,
  baseUrl: string,
  sessionId: string,
  remember: 'memory' | 'tab' = 'memory',
  beforeOpen?: () => Promise<void>,
): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await beforeOpen?.();
  await page.getByLabel('Session id').fill(sessionId);
  await page.getByLabel('API token').fill(BENCH_TOKEN);
  if (remember === 'tab') await page.getByLabel('Remember in this tab').check();
  await page.getByRole('button', { name: 'Open session' }).click();
  await page.getByRole('tab', { name: /^Timeline/ }).waitFor();
}

/** Opens a log stream of a file (new lines only, or from its start) in the Logs view. */
export async function openLogFile(
  page: Page,
  virtualPath: string,
  from: 'start' | 'new',
): Promise<void> {
  const tab = page.getByRole('tab', { name: 'Logs' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  const form = page.getByRole('form', { name: 'Open a log stream' });
  if (!(await form.isVisible())) await page.getByRole('button', { name: '+ Open log' }).click();
  await form.getByLabel('File path').check();
  await form.getByLabel('File path on the browser instance').fill(virtualPath);
  await form
    .getByLabel('Start')
    .selectOption(from === 'start' ? 'From the beginning of the file' : 'New lines only');
  await form.getByRole('button', { name: 'Open stream' }).click();
  await page.locator(`${SELECTORS.status}[data-status="live"]`).first().waitFor();
}

/** Sets how many lines each log stream keeps. */
export async function setLogCapacity(page: Page, lines: number): Promise<void> {
  await page.getByLabel('Lines kept per stream').selectOption(String(lines));
}

/** Sets how many items each session's timeline keeps (the Timeline view's Keep). */
export async function setTimelineKeep(page: Page, items: number): Promise<void> {
  await page.locator(`${SELECTORS.timelineCounts} select`).selectOption(String(items));
}

export async function showTimeline(page: Page): Promise<void> {
  await page.getByRole('tab', { name: /^Timeline/ }).click();
}

/** Shows the session's Network view and waits for its first row. */
export async function showNetwork(page: Page): Promise<void> {
  await page.getByRole('tab', { name: /^Network/ }).click();
  await page.locator(SELECTORS.networkRow).first().waitFor({ timeout: 60_000 });
}
