import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { TINY_PNG } from './data/telemetry-events.ts';
import { expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

test.use({ viewport: { width: 1400, height: 1000 } });

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface Manifest {
  format: string;
  session: { id: string };
  secrets: string;
  telemetry: { file: string; events: number; marks: { text: string }[] };
  network: { file: string; requests: number };
  logs: { file: string; lines_file: string; source: { target: string }; lines: number }[];
  screenshots: {
    included: boolean;
    count: number;
    files: string[];
    left_out: number;
    why?: string;
  };
  time_range: { from: string; to: string } | null;
}

/** Saves a debug bundle from the view shown and reads the .zip back: its files and manifest. */
async function saveBundle(
  page: Page,
  options: { screenshots: boolean },
): Promise<{ path: string; files: Record<string, Uint8Array>; manifest: Manifest }> {
  await page.getByRole('button', { name: 'Debug bundle…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Debug bundle' });
  const screenshots = dialog.getByLabel(/^Screenshots \(\d+\)$/);
  await expect(screenshots).toBeFocused();
  await screenshots.setChecked(options.screenshots);
  await expect(dialog.getByLabel(/^Include secrets/)).not.toBeChecked();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save bundle' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^bundle-.+-\d{8}-\d{4}\.zip$/);
  await expect(dialog.getByText(/^Saved \d+\.\d MB$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const path = test.info().outputPath(`${Date.now()}-${saved.suggestedFilename()}`);
  await saved.saveAs(path);
  const files = unzipSync(new Uint8Array(await readFile(path)));
  const manifest = JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())) as Manifest;
  return { path, files, manifest };
}

test('a debug bundle holds the telemetry, log stream, HAR, screenshots, marks and manifest, and opens offline with every part', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const session = new SessionPage(page);
  await session.open('demo');
  const form = page.getByRole('form', { name: 'Open a log stream' });
  await form.getByLabel('Supervised process').fill('chromium');
  await form.getByLabel('Start').selectOption('From the beginning of the file');
  await form.getByRole('button', { name: 'Open stream' }).click();
  await expect(session.status).toHaveAttribute('data-status', 'live');

  // wait for what the bundle should carry: a screenshot, the demo's 500, then set a mark
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  const timeline = new TimelinePage(page);
  await expect(timeline.rowOfType('monitor_screenshot').first()).toBeAttached({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Network' }).click();
  const rows = page.getByTestId(TEST_IDS.networkRow);
  await expect(rows.filter({ hasText: '/api/inventory' }).first()).toHaveAttribute(
    'data-status',
    '500',
    { timeout: 60_000 },
  );
  await page.getByTestId(TEST_IDS.networkList).focus();
  await page.keyboard.press('m');
  await page.keyboard.type('cart broke');
  await page.keyboard.press('Enter');

  const { path, files, manifest } = await saveBundle(page, { screenshots: true });
  const names = Object.keys(files);
  expect(manifest).toMatchObject({
    format: 'session-console-bundle',
    session: { id: 'demo' },
    secrets: 'masked',
    telemetry: { file: 'telemetry.jsonl', marks: [{ text: 'cart broke' }] },
    network: { file: 'network.har' },
    logs: [{ file: 'logs/01-chromium.log', source: { target: 'chromium' } }],
    screenshots: { included: true },
  });
  expect(manifest.time_range).not.toBeNull();
  for (const name of ['manifest.json', 'telemetry.jsonl', 'network.har', 'logs/01-chromium.log'])
    expect(names).toContain(name);
  // every screenshot is a PNG file of its own
  expect(manifest.screenshots.count).toBeGreaterThan(0);
  for (const name of manifest.screenshots.files)
    expect([...(files[name] ?? new Uint8Array()).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  // the stream's lines as a .log, as many as the manifest says
  const logText = strFromU8(files['logs/01-chromium.log'] ?? new Uint8Array());
  expect(logText.split('\n').length - 1).toBeGreaterThanOrEqual(manifest.logs[0]?.lines ?? 1);
  expect(manifest.logs[0]?.lines).toBeGreaterThan(0);
  // the HAR has the 500, the telemetry the envelopes and the mark
  const har = JSON.parse(strFromU8(files['network.har'] ?? new Uint8Array())) as {
    log: { entries: { request: { url: string }; response: { status: number } }[] };
  };
  expect(har.log.entries.length).toBe(manifest.network.requests);
  expect(
    har.log.entries.find((entry) => entry.request.url.endsWith('/api/inventory'))?.response.status,
  ).toBe(500);
  const jsonl = strFromU8(files['telemetry.jsonl'] ?? new Uint8Array());
  expect(jsonl).toContain('"png_file":"screenshots/');
  expect(jsonl).toContain('"kind":"mark","ts":');

  // opened with no server: every part is there
  await page.goto('/');
  await page.getByLabel('Open a bundle…').setInputFiles(path);
  await expect(page).toHaveURL(/#\/file$/);
  const facts = page.getByText(/^Session demo/).locator('..');
  await expect(facts).toContainText('secrets masked');
  await expect(facts).not.toContainText('missing');

  // the timeline, with the mark and a screenshot shown from its PNG
  await expect(page.getByRole('tab', { name: /^Timeline/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await timeline.search.fill('cart broke');
  await expect(timeline.row('cart broke')).toHaveCount(1);
  // the demo's agent types a lot: narrowed to screenshots, one is in view whatever came after it
  await timeline.search.fill('screenshot');
  await timeline.rowOfType('monitor_screenshot').first().click();
  const image = timeline.detail.getByRole('img', { name: /^Screenshot at / });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await timeline.search.fill('');

  // the Network view from the same events: the 500 is there
  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(rows.filter({ hasText: '/api/inventory' }).first()).toHaveAttribute(
    'data-status',
    '500',
  );

  // the log stream, every line, searchable, its status saying where it came from
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('tab', { name: /chromium/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(session.status).toHaveAttribute('data-status', 'ended');
  await expect(page.getByRole('button', { name: '+ Open log' })).toHaveCount(0);
  const firstLine = logText.split('\n').find((line) => line.trim().length > 20) ?? '';
  await expect(session.rows.first()).toBeVisible();
  await expect(page.getByTestId(TEST_IDS.logCounts)).toHaveAttribute(
    'data-retained',
    String(manifest.logs[0]?.lines),
  );

  // the All view: the lines and the events on one list
  await page.getByRole('tab', { name: 'All' }).click();
  const all = page.getByTestId(TEST_IDS.allList);
  await expect(all.locator('[data-kind="log"]').first()).toBeAttached();
  await expect(all.locator('[data-source="telemetry"]').first()).toBeAttached();
  await page.getByLabel('Search events and lines').fill(firstLine.slice(0, 40));
  await expect(all.locator('[data-kind="log"]').first()).toBeVisible();

  // saved again from the opened bundle, without screenshots: none in the zip, the events say so
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  const again = await saveBundle(page, { screenshots: false });
  expect(Object.keys(again.files).some((name) => name.startsWith('screenshots/'))).toBe(false);
  expect(again.manifest.screenshots).toMatchObject({ included: false, count: 0, files: [] });
  expect(again.manifest.screenshots.left_out).toBeGreaterThan(0);
  expect(again.manifest.screenshots.why).toMatch(/left out as asked \(saved without screenshots\)/);
  expect(strFromU8(again.files['telemetry.jsonl'] ?? new Uint8Array())).toContain(
    '"png_omitted":true',
  );
  expect(again.manifest.logs[0]?.lines).toBe(manifest.logs[0]?.lines);
});

test('a file that is not a bundle says why, and loses nothing on screen', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Open a bundle…').setInputFiles({
    name: 'page.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('<!doctype html><title>Sign in</title>'),
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'page.zip cannot be opened' }),
  ).toContainText('it is not a zip file that can be read');
  await expect(page.getByLabel('Session id')).toBeVisible();
});

test('more screenshots than the page holds: readable thumbnails stepped with the arrow keys, a bundle form that closes on Escape or a click beside it, and a bundle that says which images it left out and why', async ({
  page,
  api,
}) => {
  test.setTimeout(90_000);
  const id = await api.createSession();
  const t0 = Date.now() * 1000 - 600_000_000;
  // three more than LIMITS.screenshotImages (200): the oldest three images are released
  await api.publish(
    id,
    Array.from({ length: 203 }, (_, at) => ({
      ts: t0 + at * 1_000_000,
      type: 'monitor_screenshot',
      category: 'screenshot',
      source: { kind: 'local_process' },
      data: { png: TINY_PNG },
    })),
  );
  await new SessionPage(page).open(id, 'timeline');
  await page.getByRole('tab', { name: /^Screenshots \(203\)/ }).click();
  const strip = page.getByRole('toolbar', { name: 'Screenshots' });
  const thumbs = strip.getByRole('button', { name: /^Screenshot at / });
  await expect(thumbs).toHaveCount(203);

  // thumbnails of a readable size, in a strip with no scrollbar across them
  const box = await thumbs.last().locator('img').boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(115);
  expect(box?.height).toBeGreaterThanOrEqual(70);
  expect(await strip.evaluate((element) => element.scrollHeight - element.clientHeight)).toBe(0);
  expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

  // the arrow keys step through them, each one reached shown large below the strip
  const large = page.getByRole('img', { name: /^Screenshot at / });
  await expect(large).toBeVisible();
  const newest = await large.getAttribute('alt');
  await thumbs.last().focus();
  await page.keyboard.press('ArrowLeft');
  await expect(thumbs.nth(201)).toBeFocused();
  await expect(thumbs.nth(201)).toHaveAttribute('aria-pressed', 'true');
  await expect(large).not.toHaveAttribute('alt', newest ?? '');
  const stripBox = await strip.boundingBox();
  const largeBox = await large.boundingBox();
  expect(largeBox?.y ?? 0).toBeGreaterThanOrEqual((stripBox?.y ?? 0) + (stripBox?.height ?? 0));

  // the form: what will be left out, said before saving; Escape and a click beside it close it
  const button = page.getByRole('button', { name: 'Debug bundle…' });
  const dialog = page.getByRole('dialog', { name: 'Debug bundle' });
  await button.click();
  await expect(dialog).toContainText(
    '3 older screenshots are no longer held and will be left out: the page holds only the newest 200 screenshot images',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  await button.click();
  await page.mouse.click(5, 5); // beside the dialog, on the dimmed page
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  // inside a 420 px window
  await page.setViewportSize({ width: 420, height: 800 });
  await page.getByRole('button', { name: 'Debug bundle…' }).click();
  const narrow = await dialog.boundingBox();
  expect(narrow?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((narrow?.x ?? 0) + (narrow?.width ?? 999)).toBeLessThanOrEqual(420);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1400, height: 1000 });

  // the manifest counts them with the reason, and the opened bundle says it
  const { path, manifest } = await saveBundle(page, { screenshots: true });
  expect(manifest.screenshots).toMatchObject({ included: true, count: 200, left_out: 3 });
  expect(manifest.screenshots.why).toMatch(
    /^3 released, as the page holds only the newest 200 screenshot images/,
  );
  await page.goto('/');
  await page.getByLabel('Open a bundle…').setInputFiles(path);
  await expect(page).toHaveURL(/#\/file$/);
  await page.getByText('1 part missing').click();
  await expect(
    page.getByText(/^3 screenshots were saved without their image: 3 released/),
  ).toBeVisible();
});
