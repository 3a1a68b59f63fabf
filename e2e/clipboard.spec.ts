import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';

test('clipboard send, then read back matches', async ({ page, api }) => {
  const { id } = await SessionPage.openNew(page, api);
  const panel = page.getByRole('complementary', { name: 'Clipboard' });
  const text = 'hello from the console ✓\nsecond line';
  await panel.getByRole('textbox').fill(text);
  await panel.getByRole('textbox').press('Control+Enter');
  await expect(panel.getByRole('status').filter({ hasText: /Sent \d+ bytes/ })).toBeVisible();
  const read = await api.call(`/browsers/${id}/computer/clipboard/read`, { method: 'POST' });
  expect(await read.json()).toEqual({ text });
  await panel.getByRole('button', { name: 'Read back' }).click();
  await expect(panel.getByText('Matches what was sent')).toBeVisible();
});
