import { expect, type BrowserContext, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../env.ts';
import type { ReferenceApi } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';

/**
 * Ten log streams and the telemetry stream in one page, seven more pages of the same session
 * open beside it, then a clipboard send: over HTTP/1.1 a browser opens at most six connections
 * to one server, so streams that each held one left the sixth log stream "connecting", the
 * seventh page blank and the send waiting. Every stream must go live and the send must answer.
 */
export async function manyStreams(
  page: Page,
  context: BrowserContext,
  api: ReferenceApi,
): Promise<void> {
  const id = await api.createSession();
  const session = new SessionPage(page);
  await session.open(id);
  const files = Array.from({ length: 10 }, (_, i) => `/var/log/many/stream-${i}.log`);
  for (const [i, file] of files.entries()) await api.appendLog(id, file, [`first line of ${i}`]);
  for (const [i, file] of files.entries()) {
    await session.openFile(file);
    await expect(session.row(`first line of ${i}`)).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: /stream-\d\.log.*\(live\)/ })).toHaveCount(10);
  // the first tab's stream is still open and live behind the nine others
  await api.appendLog(id, files[0] ?? '', ['still streaming 0']);
  await page.getByRole('tab', { name: /stream-0\.log/ }).click();
  await expect(session.row('still streaming 0')).toBeVisible();

  const others: Page[] = [];
  for (let i = 0; i < 7; i += 1) {
    const other = await context.newPage();
    others.push(other);
    await other.goto('/');
    await other.getByLabel('Session id').fill(id);
    await other.getByLabel('API token').fill(E2E_TOKEN);
    await other.getByRole('button', { name: 'Open session' }).click();
    await expect(other.getByRole('tab', { name: /^Timeline/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }
  for (const other of others)
    await expect(other.getByTestId('stream-status').first()).toHaveAttribute('data-status', 'live');

  // a short request is not queued behind the streams
  const panel = page.getByRole('complementary', { name: 'Clipboard' });
  await panel.getByRole('textbox').fill('sent beside eighteen streams');
  await panel.getByRole('textbox').press('Control+Enter');
  await expect(panel.getByRole('status').filter({ hasText: /Sent \d+ bytes/ })).toBeVisible();
  for (const other of others) await other.close();
}
