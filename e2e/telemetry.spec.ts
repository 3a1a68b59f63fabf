import type { Page } from '@playwright/test';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { catalogueEvents, TINY_PNG } from './data/telemetry-events.ts';
import { expect, test, type ReferenceApi } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

// tall enough that the whole catalogue session fits in the virtual list's rendered window
test.use({ viewport: { width: 1400, height: 1600 } });

/** The summary each known type (and the unknown ones) shows in its row. */
const SUMMARIES: [type: string, summary: string][] = [
  ['cdp_connect', 'CDP client connected'],
  ['page_navigation', 'https://shop.example.test/checkout'],
  ['network_request', 'POST https://shop.example.test/api/coupon'],
  ['network_response', '404 POST https://shop.example.test/api/coupon (text/plain)'],
  [
    'network_loading_failed',
    'net::ERR_NAME_NOT_RESOLVED · GET https://cdn.example.test/fonts/inter.woff2',
  ],
  ['page_dom_content_loaded', 'DOMContentLoaded https://shop.example.test/checkout'],
  ['console_log', 'checkout ready {"step":2}'],
  ['page_load', 'load https://shop.example.test/checkout'],
  ['monitor_screenshot', 'screenshot'],
  ['page_layout_shift', 'layout shift 0.238'],
  ['page_lcp', 'LCP 1834 ms'],
  ['page_layout_settled', 'layout settled'],
  ['network_idle', 'network idle'],
  ['page_navigation_settled', 'navigation settled'],
  ['interaction_click', 'click form#pay > button.primary <button> "Pay now" at 412,580'],
  ['interaction_key', 'key Enter on input#coupon'],
  ['interaction_scroll_settled', 'scroll 0,0 → 0,1240 on html'],
  ['console_error', "Uncaught TypeError: Cannot read properties of undefined (reading 'rate')"],
  ['page_tab_opened', 'tab opened · "Help centre" · https://help.example.test/'],
  ['monitor_disconnected', 'monitor disconnected: chrome_restarted'],
  ['monitor_reconnected', 'monitor reconnected after 1.8 s'],
  ['monitor_reconnect_failed', 'monitor reconnect failed: reconnect_exhausted'],
  ['monitor_init_failed', 'monitor init failed at step attach_target'],
  ['api_call', 'writeClipboard → 200 (12 ms)'],
  ['cdp_disconnect', 'CDP client disconnected: client_close · after 1 min 33 s · 812 messages'],
  ['live_view_connect', 'live view connected'],
  ['live_view_disconnect', 'live view disconnected · after 1 min 0 s'],
  ['captcha_solve_result', 'captcha recaptcha_v2 timeout'],
  ['system_oom_kill', 'OOM kill: chromium · pid 4242 · rss 1800 MB'],
  ['service_crashed', 'neko crashed · running · pid 311'],
  ['page_crashed', 'page crashed: its renderer process died'],
  ['quota_notice', 'session minutes at 80% of the plan'],
];

function consoleLog(text: string) {
  return {
    type: 'console_log',
    category: 'console',
    source: { kind: 'cdp' },
    data: { level: 'log', text },
  };
}

async function openCatalogue(
  page: Page,
  api: ReferenceApi,
): Promise<{ id: string; timeline: TimelinePage }> {
  const id = await api.createSession();
  await api.publish(id, catalogueEvents(Date.now() * 1000 - 10_000_000));
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.rowOfType('quota_notice')).toHaveCount(1);
  return { id, timeline };
}

test('every known event type renders with its summary; unknown ones and oversized ones too', async ({
  page,
  api,
  consoleErrors,
}) => {
  const { timeline } = await openCatalogue(page, api);
  for (const [type, summary] of SUMMARIES) {
    await timeline.search.fill(type);
    await expect(timeline.rowOfType(type).filter({ hasText: summary }).first()).toBeVisible();
  }
  await timeline.search.fill('');
  await expect(timeline.row('too large, data dropped by the server')).toHaveCount(1);
  // an unknown category gets its own chip, named as sent
  await expect(timeline.chip('billing')).toHaveText(/billing\s*1/);
  // one banner per kind of incident, the OOM kill first: a later crash does not hide it
  const banners = page
    .getByRole('status')
    .filter({ hasText: 'Out of memory' })
    .locator(':scope > div');
  // (the collector's own state comes first, then the incidents)
  const shown = (await banners.allInnerTexts()).filter(
    (text) => !/^Page-event collector/.test(text),
  );
  expect(shown[0]).toMatch(/^Out of memory: the kernel killed chromium/);
  expect(shown.filter((text) => /Service neko crashed/.test(text))).toHaveLength(1);
  expect(shown.filter((text) => /A page crashed/.test(text))).toHaveLength(1);
  expect(shown.join('\n')).not.toMatch(/earlier\)/);
  // the Timeline tab counts errors as errors, not as a bare number
  await expect(page.getByRole('tab', { name: /^Timeline/ })).toHaveText(/^Timeline\s*\d+ errors?$/);
  expect(consoleErrors).toEqual([]);
});

test('category counts, errors only, levels, types and search filter the timeline; the URL keeps them', async ({
  page,
  api,
}) => {
  const { id, timeline } = await openCatalogue(page, api);
  for (const [label, count] of [
    ['Console', 4],
    ['Network', 7],
    ['Page', 9],
    ['Interaction', 3],
    ['Screenshot', 1],
    ['Monitor', 4],
    ['Connection', 4],
    ['System', 2],
    ['Captcha', 1],
  ] as const) {
    await expect(timeline.chip(label)).toHaveText(new RegExp(`${label}\\s*${count}$`));
  }

  const errorsOnly = page.getByRole('button', { name: 'Errors only (10)' });
  await errorsOnly.click();
  await expect(timeline.rows).toHaveCount(10);
  await expect(timeline.rowOfType('network_response')).toHaveText(/404 POST/);
  await errorsOnly.click();

  // a chip shows only its kind, as DevTools' filters do; the row says so
  const categories = page.getByRole('toolbar', { name: 'Categories' });
  await timeline.chip('Network').click();
  await expect(timeline.chip('Network')).toHaveAttribute('aria-pressed', 'true');
  await expect(timeline.chip('Console')).toHaveAttribute('aria-pressed', 'false');
  await expect(timeline.rows).toHaveCount(7);
  await expect(timeline.rows.and(page.locator(':not([data-type^="network_"])'))).toHaveCount(0);
  await expect(categories).toContainText('showing only Network');
  // Ctrl adds another kind; clicking the only one again shows all
  await timeline.chip('Console').click({ modifiers: ['ControlOrMeta'] });
  await expect(timeline.rows).toHaveCount(11);
  await expect(categories).toContainText('showing only Console and Network');
  await timeline.chip('Console').click();
  await expect(timeline.rows.and(page.locator(':not([data-type^="console_"])'))).toHaveCount(0);
  await timeline.chip('Console').click();
  await expect(categories).not.toContainText('showing');
  // Ctrl hides one, Show all brings it back
  await timeline.chip('Network').click({ modifiers: ['ControlOrMeta'] });
  await expect(timeline.chip('Network')).toHaveAttribute('aria-pressed', 'false');
  await expect(timeline.rows.and(page.locator('[data-type^="network_"]'))).toHaveCount(0);
  await expect(categories).toContainText('showing all but Network');
  await page.getByRole('button', { name: 'Show all categories' }).click();
  await expect(timeline.chip('Network')).toHaveAttribute('aria-pressed', 'true');

  // the levels work alike: Ctrl hides info
  await page
    .getByRole('toolbar', { name: 'Console levels' })
    .getByRole('button', { name: /^info/ })
    .click({ modifiers: ['ControlOrMeta'] });
  await expect(timeline.row('checkout ready')).toHaveCount(0);
  await expect(timeline.row('slow coupon service')).toHaveCount(1);

  await page.getByText('Types: all').click();
  await page.getByRole('checkbox', { name: /interaction_click/ }).check();
  await expect(timeline.rows).toHaveCount(1);
  await expect(timeline.rows).toHaveText(/click form#pay/);
  await page.getByRole('button', { name: 'Show all types' }).click();

  await timeline.search.fill('COUPON');
  await expect(timeline.row('slow coupon service')).toHaveCount(1);
  await expect(timeline.rowOfType('network_response')).toHaveCount(1);
  await expect(timeline.rowOfType('page_load')).toHaveCount(0);

  // the filter is in the URL: a shared link opens the same view
  await expect(page).toHaveURL(/tq=COUPON/);
  await expect(page).toHaveURL(/tl=info/);
  const url = page.url();
  expect(url).not.toContain('e2e-reference-token');
  const other = await page.context().newPage();
  await other.goto(url);
  await other.getByLabel('API token').fill('e2e-reference-token');
  await other.getByRole('button', { name: 'Open session' }).click();
  const shared = new TimelinePage(other);
  await expect(shared.search).toHaveValue('COUPON');
  await expect(shared.row('slow coupon service')).toHaveCount(1);
  await expect(shared.row('checkout ready')).toHaveCount(0);
  await other.close();
  expect(id).toBeTruthy();
});

test('an uncaught error shows its stack like DevTools: async parents in order, one-based positions', async ({
  page,
  api,
}) => {
  const { timeline } = await openCatalogue(page, api);
  await timeline.rowOfType('console_error').click();
  const stack = timeline.detail.getByRole('list', { name: 'Stack trace' });
  await expect(stack.getByRole('listitem')).toHaveText([
    /applyDiscount\s*app\.js:89:15/,
    /priceCart\s*app\.js:121:10/,
    /await/,
    /submitOrder\s*app\.js:142:6/,
    /setTimeout/,
    /\(anonymous\)\s*app\.js:161:3/,
    /inject\s*content\.js:4:21/,
  ]);
  await expect(stack.getByText('app.js:89:15')).toHaveAttribute(
    'title',
    'https://shop.example.test/assets/app.js',
  );
  // the failed request pairs with its request: method, URL, status and body
  await timeline
    .rowOfType('network_response')
    .filter({ hasText: '404 POST https://shop.example.test/api/coupon' })
    .click();
  const exchange = timeline.detail.getByRole('article', { name: 'Network request' });
  await expect(exchange).toContainText('https://shop.example.test/api/coupon');
  await expect(exchange).toContainText('404');
  await expect(exchange).toContainText('coupon not found');
  await expect(exchange).toContainText('"code": "SPRING"');
  await page.keyboard.press('Escape');
  await expect(timeline.detail).toHaveCount(0);

  await page.getByRole('tab', { name: /Screenshots \(1\)/ }).click();
  await expect(
    page.getByRole('img', { name: /^Screenshot at \d\d:\d\d:\d\d\.\d{3}/ }),
  ).toBeVisible();
  await page.getByRole('tab', { name: /Console errors \(1 group\)/ }).click();
  await expect(
    page
      .getByText("Uncaught TypeError: Cannot read properties of undefined (reading 'rate')")
      .first(),
  ).toBeVisible();
});

test('events evicted from the server buffer before the replay show as a gap with their range', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  const t0 = Date.now() * 1000;
  const events = Array.from({ length: 1100 }, (_, i) => ({
    ts: t0 + i,
    type: 'console_log',
    category: 'console',
    source: { kind: 'cdp' },
    data: { level: 'log', text: `burst line ${i}` },
  }));
  await api.publish(id, events);
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.row('burst line 1099')).toHaveCount(1);
  await timeline.scrollToTop();
  const gap = timeline.rows.first();
  await expect(gap).toHaveAttribute('data-kind', 'gap');
  const text = (await gap.textContent()) ?? '';
  const match =
    /([\d,]+) older events not held by the stream \(seq 1–(\d+)\): they had left the server’s buffer before this page opened it/.exec(
      text,
    );
  expect(match, text).not.toBeNull();
  const last = Number(match?.[2]);
  expect(Number((match?.[1] ?? '').replace(/,/g, ''))).toBe(last);
  // the server keeps 1024 events: what came after the gap is the oldest one retained (publishing
  // is a platform call, whose events are off here: the burst is all there is, and maybe the
  // session's own first events)
  expect(last).toBeGreaterThanOrEqual(1100 - 1024);
  await expect(timeline.rows.nth(1)).toHaveAttribute('data-seq', String(last + 1));
  // the counts say so in a neutral tone: nothing was lost on the way
  const counts = page.getByTestId(TEST_IDS.timelineCounts);
  await expect(counts).toHaveAttribute('data-lost', '0');
  const older = counts.getByText(/^[\d,]+ older events not held by the stream$/);
  await expect(older).toBeVisible();
  await expect(older).not.toHaveClass(/text-warn/);
  await expect(counts.getByText(/ missed$/)).toHaveCount(0);
});

test('forced disconnects during a burst of 5,000 events end with every seq exactly once', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const id = await api.createSession();
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');
  const t0 = Date.now() * 1000;
  let published: number[] = [];
  for (let batch = 0; batch < 100; batch += 1) {
    const events = Array.from({ length: 50 }, (_, i) => ({
      ts: t0 + batch * 50 + i,
      type: 'network_request',
      category: 'network',
      source: { kind: 'cdp' },
      data: {
        request_id: `r${batch}-${i}`,
        method: 'GET',
        url: `https://burst.test/${batch}/${i}`,
      },
    }));
    published = published.concat(await api.publish(id, events));
    if (batch % 20 === 19 && batch < 99) await api.fault(id, 'drop_streams');
    await page.waitForTimeout(40);
  }
  const lastSeq = published.at(-1) ?? 0;
  await expect(timeline.row(`https://burst.test/99/49`)).toHaveCount(1, { timeout: 30_000 });

  const { envelopes } = await timeline.export();
  const seqs = envelopes.map((envelope) => envelope.seq);
  // session calls (the faults among them) add api_call events: the stream goes on past the burst
  expect(seqs.at(-1)).toBeGreaterThanOrEqual(lastSeq);
  for (const seq of published) expect(seqs.filter((item) => item === seq)).toHaveLength(1);
  for (let i = 1; i < seqs.length; i += 1) expect(seqs[i]).toBe((seqs[i - 1] ?? 0) + 1);

  // nothing missed; each reconnect says where it resumed
  await timeline.search.fill('no event has this text');
  await expect(timeline.rows.and(page.locator('[data-kind="gap"]'))).toHaveCount(0);
  await expect(timeline.row(/Reconnected, resumed after seq \d+/)).toHaveCount(4);
});

test('an export opens later with no server and shows the same events', async ({ page, api }) => {
  const { timeline } = await openCatalogue(page, api);
  const exported = await timeline.export();
  expect(exported.path).toMatch(/telemetry-[\w-]+-\d{8}-\d{4}\.jsonl$/);
  const screenshot = exported.envelopes.find(
    (envelope) => envelope.event.type === 'monitor_screenshot',
  );
  expect(screenshot?.event.data?.png).toBe(TINY_PNG);

  await page.goto('/');
  await page.getByLabel('Open an exported telemetry file…').setInputFiles(exported.path);
  await expect(page).toHaveURL(/#\/file$/);
  const file = new TimelinePage(page);
  await expect(file.rowOfType('quota_notice')).toHaveCount(1);
  await file.scrollToTop();
  await expect(file.row(/Opened .*\.jsonl: [\d,]+ events/)).toHaveCount(1);
  await file.rowOfType('console_error').click();
  await expect(file.detail.getByRole('list', { name: 'Stack trace' })).toContainText(
    'applyDiscount',
  );
  const again = await file.export();
  expect(again.envelopes).toEqual(exported.envelopes);
});

test('the keyboard moves through events, opens and closes details, and finds the search', async ({
  page,
  api,
}) => {
  const { timeline } = await openCatalogue(page, api);
  // the list may still be taking events: a click that lands on a row that moved is made again
  await expect(async () => {
    await timeline.rowOfType('cdp_connect').click();
    await expect(timeline.rowOfType('cdp_connect')).toHaveAttribute('data-selected', 'true', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(timeline.detail).toHaveCount(0);
  await page.keyboard.press('j');
  await expect(timeline.rowOfType('page_navigation')).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('k');
  await expect(timeline.rowOfType('page_navigation')).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(timeline.detail).toContainText('page_navigation');
  await page.keyboard.press('Escape');
  await expect(timeline.detail).toHaveCount(0);
  await page.keyboard.press('/');
  await expect(timeline.search).toBeFocused();
});

test('a restarted event process is shown, old events kept, and new ones follow', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  await api.publish(id, [consoleLog('before the restart')]);
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.row('before the restart')).toHaveCount(1);
  await api.fault(id, 'restart_events');
  await expect(timeline.row(/Reconnected, resumed after seq \d+/)).toHaveCount(1);
  await api.publish(id, [consoleLog('after the restart')]);
  await expect(timeline.row(/event process restarted: seq went back from \d+ to 1/)).toHaveCount(1);
  await expect(timeline.row('after the restart')).toHaveCount(1);
  await expect(timeline.row('before the restart')).toHaveCount(1);
});

test('starting from now shows only events published after it', async ({ page, api }) => {
  const id = await api.createSession();
  await api.publish(id, [consoleLog('old news')]);
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.row('old news')).toHaveCount(1);
  await page.getByLabel('Start').selectOption('from now');
  await expect(timeline.row('old news')).toHaveCount(0);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');
  await api.publish(id, [consoleLog('fresh news')]);
  await expect(timeline.row('fresh news')).toHaveCount(1);
  await expect(page).toHaveURL(/tr=now/);
});
