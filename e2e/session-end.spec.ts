import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

/**
 * A session deleted while its view is open: a normal end, said calmly once the session's record
 * says so, and the view becomes what opening the ended session shows.
 */

function consoleLog(text: string) {
  return {
    type: 'console_log',
    category: 'console',
    source: { kind: 'cdp' },
    data: { level: 'log', text },
  };
}

test('deleting the session while its timeline is shown: "ended at HH:MM:SS", its history, no failure', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  await api.publish(id, [consoleLog('event before the end')]);
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.row('event before the end')).toHaveCount(1);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');
  // the clipboard panel's toggle ('Hide clipboard ▸' while it is open, '◂ Clipboard' folded)
  await expect(page.getByRole('button', { name: /clipboard/i })).toHaveCount(1);

  const deleted = await api.call(`/browsers/${id}`, { method: 'DELETE' });
  expect(deleted.status).toBe(204);

  await expect(page.getByTestId('session-ended')).toHaveText(/^ended at \d\d:\d\d:\d\d$/);
  // the history, as after a reload: the event is still there, no stream to fail or reconnect
  await expect(page.getByTestId('history-status')).toContainText(/History: [\d,]+ events/);
  await expect(timeline.row('event before the end')).toHaveCount(1);
  await expect(timeline.status).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Stream error' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reconnect now' })).toHaveCount(0);
  // nothing that needs the session's browser
  await expect(page.getByRole('button', { name: 'Copy CDP URL' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /clipboard/i })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Clipboard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark now' })).toHaveCount(0);
});
