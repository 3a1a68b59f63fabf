import type { Page } from '@playwright/test';
import { expect, test, type ReferenceApi } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';
import {
  expectLogicalOrder,
  expectPageIntact,
  expectReadable,
  HOSTILE as H,
  PWN,
  SHOWN,
  watchPage,
} from './support/hostile.ts';

/**
 * Every text field a server can send, carrying markup, script, javascript: URLs, bidi overrides,
 * ANSI tricks and 20,000-character words: nothing runs, nothing hides, the layout holds, and the
 * text is shown as sent (escapes interpreted, control characters shown as marks).
 */

test.use({ viewport: { width: 1280, height: 900 } });

const LOG_LINES = [
  `markup ${H.img} ${H.script}`,
  `url ${H.jsUrl}`,
  H.rlo,
  H.isolates,
  H.conceal,
  H.erase,
  H.blackOnBlack,
  H.panelColour,
  H.osc8,
  H.long,
  'an ordinary line',
];

test('hostile log lines are shown as text, readable, in logical order, in rows of one height', async ({
  page,
  api,
  consoleErrors,
}) => {
  const { dialogs } = await watchPage(page);
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/hostile.log', LOG_LINES);
  await session.openFile('/var/log/hostile.log');
  await expect(session.rows).toHaveCount(LOG_LINES.length);

  await expect(session.row('markup')).toContainText(`markup ${H.img} ${H.script}`);
  await expect(session.row('url javascript:')).toContainText(`url ${H.jsUrl}`);
  await expectLogicalOrder(session.row('invoice'));
  await expect(session.row('invoice')).toContainText(SHOWN.rlo);
  await expect(session.row('iso')).toContainText(SHOWN.isolates);
  await expect(session.row('iso').locator('[data-control]')).toHaveCount(7);
  for (const text of [SHOWN.conceal, SHOWN.blackOnBlack, SHOWN.panelColour, SHOWN.osc8]) {
    await expect(session.row(text)).toContainText(text);
    await expectReadable(session.row(text), text);
  }
  // what a terminal would overwrite stays on screen, with the carriage return shown
  await expect(session.row('OVERWRITE')).toContainText(SHOWN.erase);
  await expectReadable(session.row('OVERWRITE'), 'ERASED-PREFIX');
  await expect(session.row('OVERWRITE').locator('[data-control="U+000D"]')).toBeVisible();
  await expect(session.row('OSC8-LINK').locator('a')).toHaveCount(0);

  // the 20,000-character word stays inside its row, and every row keeps the same height
  await expect(session.row('WWWW')).toContainText(H.long);
  const heights = await session.rows.evaluateAll((rows) =>
    rows.map((row) => Math.round(row.getBoundingClientRect().height)),
  );
  expect(new Set(heights).size, `row heights ${heights.join(',')}`).toBe(1);
  await expectPageIntact(page, dialogs);

  // the other theme too
  await page
    .getByRole('button', { name: /^(Light|Dark) \(switch to (light|dark) theme\)$/ })
    .click();
  for (const text of [SHOWN.blackOnBlack, SHOWN.panelColour, SHOWN.conceal]) {
    await expectReadable(session.row(text), text);
  }
  // wrapped, the long word breaks inside the page
  await page.getByRole('button', { name: 'Wrap' }).click();
  await expect(session.row('WWWW')).toContainText(H.long);
  await expectPageIntact(page, dialogs);
  expect(consoleErrors).toEqual([]);
});

const CTX = { target_id: 'T-1', frame_id: 'F-1', url: H.jsUrl };
const STACK = {
  callFrames: [
    { functionName: H.script, scriptId: '1', url: H.jsUrl, lineNumber: 0, columnNumber: 4 },
    { functionName: H.rlo, scriptId: '1', url: H.img, lineNumber: 9, columnNumber: 0 },
  ],
  parent: {
    description: H.img,
    callFrames: [
      {
        functionName: H.long,
        scriptId: '2',
        url: `${H.jsUrl}/${H.long}`,
        lineNumber: 1,
        columnNumber: 1,
      },
    ],
  },
};

function hostileEvents(): Record<string, unknown>[] {
  const event = (type: string, category: string, data: unknown): Record<string, unknown> => ({
    type,
    category,
    source: { kind: 'cdp', event: H.jsUrl, metadata: { [H.img]: H.script } },
    data,
  });
  return [
    event('console_log', 'console', {
      ...CTX,
      level: 'log',
      text: `log ${H.img} ${H.rlo}`,
      args: [H.img, H.script, H.jsUrl, H.long],
      stack_trace: STACK,
    }),
    event('console_error', 'console', {
      ...CTX,
      text: `Uncaught ${H.script}`,
      line: 0,
      column: 0,
      source_url: H.jsUrl,
      stack_trace: STACK,
    }),
    event('network_request', 'network', {
      ...CTX,
      request_id: 'H1',
      method: 'POST',
      url: `${H.jsUrl}/request`,
      document_url: H.jsUrl,
      headers: { 'X-Markup': H.img, [H.script]: H.jsUrl, 'X-Bidi': H.rlo, 'X-Long': H.long },
      post_data: `${H.script}${H.erase}`,
    }),
    event('network_response', 'network', {
      ...CTX,
      request_id: 'H1',
      method: 'POST',
      url: `${H.jsUrl}/request`,
      status: 500,
      status_text: H.img,
      headers: { 'content-type': 'text/html', 'set-cookie': H.script, 'x-long': H.long },
      mime_type: 'text/html',
      body: `<html><body onload="${PWN}">${H.script}${H.long}</body></html>`,
    }),
    event('network_request', 'network', {
      ...CTX,
      request_id: 'H2',
      method: 'GET',
      url: `https://example.test/${H.long}`,
    }),
    event('network_loading_failed', 'network', {
      ...CTX,
      request_id: 'H2',
      error_text: `net::ERR ${H.img} ${H.rlo}`,
      canceled: false,
    }),
    event('page_navigation', 'page', { url: H.jsUrl, frame_id: 'F-1' }),
    event('interaction_click', 'interaction', {
      ...CTX,
      x: 1,
      y: 2,
      selector: `a[href="${H.jsUrl}"] > ${H.img}`,
      tag: 'A',
      text: H.script,
    }),
    event('interaction_key', 'interaction', { ...CTX, key: H.script, selector: H.rlo }),
    event('page_tab_opened', 'page', { target_id: 'T-2', url: H.jsUrl, title: H.script }),
    event(`odd ${H.img}`, H.script, { [H.script]: H.img, nested: [H.jsUrl, H.rlo], long: H.long }),
  ];
}

async function openHostileTimeline(page: Page, api: ReferenceApi): Promise<TimelinePage> {
  const id = await api.createSession();
  await api.publish(id, hostileEvents());
  await new SessionPage(page).open(id, 'timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.row('odd <img')).toHaveCount(1);
  return timeline;
}

test('hostile telemetry fields are shown as sent in rows and details, and nothing runs', async ({
  page,
  api,
  consoleErrors,
}) => {
  const { dialogs } = await watchPage(page);
  const timeline = await openHostileTimeline(page, api);
  const heights = await timeline.rows.evaluateAll((rows) =>
    rows.map((row) => Math.round(row.getBoundingClientRect().height)),
  );
  expect(new Set(heights).size, `row heights ${heights.join(',')}`).toBe(1);
  await expectPageIntact(page, dialogs);

  const detailOf = async (row: string, expected: string[]): Promise<void> => {
    await timeline.row(row).first().click();
    for (const text of expected) await expect(timeline.detail).toContainText(text);
    await expectPageIntact(page, dialogs);
  };

  await detailOf(`log ${H.img}`, [H.img, H.script, H.jsUrl, H.long, 'invoiceRLOfdp.exe']);
  // stack frames: names and URLs as text, the override revealed
  const stack = timeline.detail.getByRole('list', { name: 'Stack trace' });
  await expect(stack).toContainText(H.script);
  await expect(stack).toContainText(H.img);
  await expectLogicalOrder(stack.getByRole('listitem').filter({ hasText: 'invoice' }));

  await detailOf(`Uncaught ${H.script}`, [`Uncaught ${H.script}`, H.jsUrl]);

  // the request and its response, paired: URL, headers, bodies, status text
  await detailOf('POST javascript:', [`${H.jsUrl}/request`, H.img, H.script, H.long]);
  const exchange = timeline.detail.getByRole('article', { name: 'Network request' });
  await expect(exchange).toContainText(`500 ${H.img}`);
  await expect(exchange).toContainText(`<html><body onload="${PWN}">${H.script}`);
  // telemetry text is not a terminal: the escape and the carriage return are shown as marks
  await expect(exchange).toContainText(`${H.script}ERASED-PREFIX␛[2K␍OVERWRITE`);
  await expect(exchange.getByRole('row').filter({ hasText: 'X-Bidi' })).toContainText(SHOWN.rlo);

  await detailOf('net::ERR', [`net::ERR ${H.img} ${SHOWN.rlo}`]);
  await detailOf('tab opened', [H.script, H.jsUrl]);
  await detailOf(`click a[href="${H.jsUrl}"]`, [H.img, H.script]);
  await detailOf('odd <img', [`odd ${H.img}`, H.script, H.img, H.long]);
  // the raw JSON view of the same event
  await timeline.detail.getByText('Raw JSON').click();
  await expect(timeline.detail.locator('pre').last()).toContainText(
    JSON.stringify(H.img).slice(1, -1),
  );
  await expectPageIntact(page, dialogs);

  // the unknown category is a chip named as sent; errors are grouped with their text
  await expect(timeline.categories).toContainText(H.script);
  await page.getByRole('tab', { name: /Console errors/ }).click();
  await expect(page.getByRole('list', { name: 'Console error groups' })).toContainText(
    `Uncaught ${H.script}`,
  );
  await expectPageIntact(page, dialogs);
  expect(consoleErrors).toEqual([]);
});

test('error messages that echo hostile input are shown as text', async ({
  page,
  api,
  consoleErrors,
}) => {
  const { dialogs } = await watchPage(page);
  // a shared link can name any log path: the server's 400 echoes it back
  const id = await api.createSession();
  const log = encodeURIComponent(`p0:${H.img}${H.rlo}`);
  await page.goto(`/#/sessions/${id}?view=logs&log=${log}`);
  await page.getByLabel('API token').fill('e2e-reference-token');
  await page.getByRole('button', { name: 'Open session' }).click();
  const session = new SessionPage(page);
  await expect(session.status).toHaveAttribute('data-status', 'failed');
  const status = page.getByText(/path must be absolute/).first();
  await expect(status).toContainText(`got "${H.img}invoiceRLOfdp.exe"`);
  await expectPageIntact(page, dialogs);

  // a session id from a link is shown as text wherever it appears
  await page.goto(`/#/sessions/${encodeURIComponent(`${H.img}${H.rlo}`)}`);
  await expect(page.getByRole('heading', { name: 'No such session' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(`${H.img}invoiceRLOfdp.exe`);
  await expectPageIntact(page, dialogs);
  // one with a '/' in it (the script's end tag) is refused by the page itself, before any request:
  // the reason quotes the id as text
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(encodeURIComponent(H.script))) asked.push(request.url());
  });
  await page.goto(`/#/sessions/${encodeURIComponent(`${H.script}${H.rlo}`)}`);
  await expect(page.getByRole('alert')).toContainText(
    `“${H.script}invoice⟨RLO⟩fdp.exe” is not a session id: an id must be a single path segment, without “/” or “\\”`,
  );
  await expectPageIntact(page, dialogs);
  expect(asked).toEqual([]);
  // one without a '/' but too long for a request line: the server refuses it, and the page holds
  await page.goto(`/#/sessions/${encodeURIComponent(`${H.img}${H.long}`)}`);
  await expect(
    page.getByRole('heading', { name: 'The session could not be opened' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('431');
  await expectPageIntact(page, dialogs);
  // the browser reports the failed requests themselves (400, 404, 431); nothing else may appear
  expect(consoleErrors.filter((text) => !/status of (400|404|431)/.test(text))).toEqual([]);
});
