import { E2E_DEMO_SITE_URL } from './env.ts';
import { expect, test, E2E_TOKEN, EVERYTHING } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

test.use({ viewport: { width: 1400, height: 1000 }, screenOpen: true });
test.describe.configure({ timeout: 120_000 });

test('the Screen panel: the live view read-only, then driven; a screenshot now joins the timeline', async ({
  page,
  api,
}) => {
  const id = await api.createSession(EVERYTHING);
  const { tab } = await api.driveBrowser(id);
  await tab.goto(`${E2E_DEMO_SITE_URL}products.html`);
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  const panel = page.getByRole('region', { name: 'Screen' });

  // read-only, in a sandbox, from its own origin: frames arrive
  const frameElement = panel.locator('iframe');
  await expect(frameElement).toHaveAttribute('src', /readOnly=true/);
  expect(new URL((await frameElement.getAttribute('src')) ?? '').origin).not.toBe(
    new URL(page.url()).origin,
  );
  await expect(frameElement).toHaveAttribute('sandbox', /allow-scripts/);
  const canvas = page.frameLocator('iframe[title^="Live view"]').locator('canvas');
  await expect
    .poll(async () => Number((await canvas.getAttribute('data-frames')) ?? '0'), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await expect(timeline.rowOfType('live_view_connect').first()).toBeAttached();

  // the picture changes as the page does: the pixels differ once the page is painted red
  const pixels = () => canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL());
  const before = await pixels();
  await tab.evaluate(() => document.body.style.setProperty('background', 'rgb(200, 30, 30)'));
  await expect.poll(pixels, { timeout: 10_000 }).not.toBe(before);
  await tab.evaluate(() => document.body.style.removeProperty('background'));

  // read-only: a click in the picture reaches nothing
  const button = await tab.locator('#add-to-cart, button').first().boundingBox();
  const viewport = await tab.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  const at = async () => {
    const box = await canvas.boundingBox();
    if (!button || !box) throw new Error('no button or no picture to click');
    return {
      x: ((button.x + button.width / 2) / viewport.w) * box.width,
      y: ((button.y + button.height / 2) / viewport.h) * box.height,
    };
  };
  await canvas.click({ position: await at() });
  await page.waitForTimeout(1_500);
  await expect(timeline.rowOfType('interaction_click')).toHaveCount(0);

  // in control: a click in the picture is a click on the page
  await panel.getByRole('button', { name: 'Take control' }).click();
  await expect(panel.getByRole('status')).toContainText('You are driving the browser.');
  await expect(frameElement).not.toHaveAttribute('src', /readOnly/);
  await expect
    .poll(async () => Number((await canvas.getAttribute('data-frames')) ?? '0'), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await canvas.click({ position: await at() });
  await expect(timeline.rowOfType('interaction_click').first()).toBeAttached({ timeout: 15_000 });
  await panel.getByRole('button', { name: 'Give back' }).click();
  await expect(frameElement).toHaveAttribute('src', /readOnly=true/);
  await expect(panel.getByText('You are driving the browser.')).toHaveCount(0);

  // Screenshot now: one more screenshot in the timeline, taken from this page
  const takenNow = async (): Promise<number> => {
    const { envelopes } = await timeline.export();
    return envelopes.filter(
      (envelope) =>
        envelope.event.type === 'monitor_screenshot' &&
        envelope.event.data?.trigger === 'screenshot_now',
    ).length;
  };
  expect(await takenNow()).toBe(0);
  const asked = Date.now();
  await panel.getByRole('button', { name: 'Screenshot now' }).click();
  await expect.poll(takenNow).toBe(1);
  const { envelopes } = await timeline.export();
  const shot = envelopes.find((envelope) => envelope.event.data?.trigger === 'screenshot_now');
  // at the moment it was asked for, with its image kept for the export
  expect(Math.abs((shot?.event.ts ?? 0) / 1000 - asked)).toBeLessThan(1000);
});

test('a recording made from the Screen panel plays on the time axis: the timeline follows it, an event seeks it', async ({
  page,
  api,
}) => {
  const id = await api.createSession(EVERYTHING);
  const { tab } = await api.driveBrowser(id);
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  const panel = page.getByRole('region', { name: 'Screen' });
  const recordings = panel.getByRole('region', { name: 'Recordings' });

  await recordings.getByRole('button', { name: '● Record' }).click();
  await expect(recordings.getByRole('button', { name: /recording…$/ })).toBeVisible();
  // the page changes while it records: events to follow, frames to see
  await tab.goto(`${E2E_DEMO_SITE_URL}products.html`);
  await tab.waitForTimeout(1500);
  await tab.goto(`${E2E_DEMO_SITE_URL}`);
  await tab.waitForTimeout(1500);
  await recordings.getByRole('button', { name: '■ Stop' }).click();
  const entry = recordings.getByRole('button', { name: /· \d+:\d\d$/ });
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await entry.click();

  const player = recordings.getByRole('group', { name: 'Recording player' });
  await expect(player).toBeVisible({ timeout: 30_000 });
  const video = player.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), {
      timeout: 15_000,
    })
    .toBeGreaterThan(2);

  // playing selects the event of the moment shown
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect(timeline.list.locator('[aria-current="true"]')).toHaveCount(1, { timeout: 10_000 });
  await video.evaluate((element: HTMLVideoElement) => element.pause());

  // choosing an event (a console error) seeks the recording to its moment, within a frame
  const listed = await api.call(`/browsers/${id}/replays`);
  const [replay] = (await listed.json()) as { started_at: string }[];
  const started = Date.parse(replay?.started_at ?? '');
  const { envelopes } = await timeline.export();
  const error = envelopes.find(
    (envelope) =>
      envelope.event.type === 'console_error' && envelope.event.ts / 1000 > started + 500,
  );
  expect(error, 'a console error while recording').toBeTruthy();
  // only the console's events, so that the row is among those drawn
  await timeline.chip('Console').click();
  const row = timeline.page.locator(`[data-testid="timeline-row"][data-seq="${error?.seq}"]`);
  await expect(row).toHaveCount(1);
  await row.click();
  const expected = ((error?.event.ts ?? 0) / 1000 - started) / 1000;
  const frame = 0.1;
  const near = async () =>
    Math.abs((await video.evaluate((element: HTMLVideoElement) => element.currentTime)) - expected);
  await expect.poll(near).toBeLessThanOrEqual(frame);
  // and the event chosen stays the one selected: the recording's moment is its moment
  await page.waitForTimeout(500);
  await expect(row).toHaveAttribute('aria-current', 'true');
  expect(await near()).toBeLessThanOrEqual(frame);

  // the session ends: its recording still plays
  expect((await api.call(`/browsers/${id}`, { method: 'DELETE' })).status).toBe(204);
  await expect(page.getByTestId('session-ended')).toBeVisible({ timeout: 15_000 });
  // opened afresh, as an ended session is (the token, in memory only, is asked for again)
  await page.reload();
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Open session' }).click();
  await expect(page.getByTestId('history-status')).toContainText(/History: [\d,]+ events/);
  const ended = recordings.getByRole('button', { name: /· \d+:\d\d$/ });
  await expect(ended).toHaveAttribute('aria-pressed', 'false');
  await ended.click();
  await expect(recordings.getByRole('group', { name: 'Recording player' })).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(
      () => recordings.locator('video').evaluate((element: HTMLVideoElement) => element.duration),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(2);

  // a debug bundle with the recording (its size said before saving) plays it offline, in sync
  await page.getByRole('button', { name: 'Debug bundle…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Debug bundle' });
  await dialog.getByLabel(/^Recordings of the screen \(1\)/).check();
  await expect(dialog).toContainText(/1 recording, [\d.]+ MB/, { timeout: 20_000 });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save bundle' }).click();
  const bundle = test.info().outputPath('with-recording.zip');
  await (await download).saveAs(bundle);
  await page.keyboard.press('Escape');
  await page.goto('/');
  await page.getByLabel('Open a bundle…').setInputFiles(bundle);
  const saved = page.getByRole('complementary', { name: 'Saved recordings' });
  const offline = saved.locator('video');
  await expect
    .poll(() => offline.evaluate((element: HTMLVideoElement) => element.duration), {
      timeout: 15_000,
    })
    .toBeGreaterThan(2);
  await offline.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect(page.getByTestId('timeline-list').locator('[aria-current="true"]')).toHaveCount(1, {
    timeout: 10_000,
  });
});
