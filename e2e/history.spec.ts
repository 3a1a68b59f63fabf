import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

const logs = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({
    type: 'console_log',
    category: 'console',
    data: { level: 'log', text: `${prefix} ${n}` },
  }));

test('a gap the stream shows mid-stream is filled from the history, in place', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');
  await api.publish(id, logs('before', 5));
  await expect(timeline.row(/before 4$/)).toHaveCount(1);

  // the server loses the next 1,000 event frames on the way; the history keeps them
  const { affected } = await api.fault(id, { action: 'drop_events', events: 1_000 });
  expect(affected).toBe(1);
  await api.publish(id, logs('dropped', 1_000));
  await api.publish(id, logs('after', 1));

  await expect(timeline.row(/after 0$/)).toHaveCount(1);
  // nothing is missing once the history filled the gap
  await expect(page.getByTestId('timeline-counts')).toHaveAttribute('data-missed', '0');
  // the gap, and what was recovered right after it, where the events belong
  await timeline.scrollToTop();
  const gap = page.locator('[data-kind="gap"]');
  await expect(gap).toHaveCount(1);
  await expect(gap).toContainText('1,000 events missed (seq');
  await expect(gap).toContainText('all 1,000 recovered from the history');
  await expect(timeline.row(/dropped 0$/)).toHaveCount(1);
  // every event once, in seq order, nothing missed any more
  const { envelopes } = await timeline.export();
  const seqs = envelopes.map((envelope) => envelope.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(seqs).size).toBe(seqs.length);
  expect(seqs.at(-1)! - seqs[0]! + 1).toBe(seqs.length);
});

test('events older than the stream’s ring load from the history, above what is shown', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  // the end-to-end server's ring holds 1,024 events
  await api.publish(id, logs('early', 1_500));
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.row(/early 1499$/)).toHaveCount(1);
  await timeline.scrollToTop();
  const gap = page.locator('[data-kind="gap"]');
  await expect(gap).toContainText('they had left the server’s buffer before this page opened it');
  await gap.getByRole('button', { name: 'Load from history' }).click();
  await expect(gap).toContainText(/all [\d,]+ recovered from the history/);
  await timeline.scrollToTop();
  await expect(timeline.row(/early 0$/)).toHaveCount(1);
  const { envelopes } = await timeline.export();
  const texts = envelopes.map((envelope) => envelope.event.data?.text);
  expect(texts.filter((text) => typeof text === 'string' && text.startsWith('early '))).toEqual(
    Array.from({ length: 1_500 }, (_, n) => `early ${n}`),
  );
});
