import type { Page } from '@playwright/test';
import { E2E_TOKEN, expect, test } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';
import {
  neverAnswer,
  startHostileUpstream,
  type HostileUpstream,
} from './support/hostile-upstream.ts';

/**
 * The dashboard with KERNEL_BASE_URL pointed at an upstream that misbehaves: its content never
 * runs in our origin, nothing waits forever, and what it does not offer does not stop the view.
 */

let upstream: HostileUpstream;

test.beforeAll(async () => {
  upstream = await startHostileUpstream();
});
test.afterAll(async () => {
  await upstream?.stop();
});
test.afterEach(() => upstream.reset());

/** Opens a session from the console server's connect screen, as a user does. */
async function openSession(page: Page, url: string, id: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel('Session id').fill(id);
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Open session' }).click();
}

const SCRIPT = 'window.top.__pwned = (window.top.__pwned || 0) + 1; alert("pwned")';

test('upstream HTML and script under /api never run, whether visited or loaded as a script', async ({
  page,
}) => {
  upstream.on(/^\/browsers\/x\/evil\.js$/, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/javascript' });
    res.end(SCRIPT);
  });
  upstream.on(/^\/browsers\/x\/evil\.html$/, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<script>${SCRIPT}</script>`);
  });
  upstream.on(/^\/browsers\/x\/error\.html$/, (_req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/html' });
    res.end(`<title>Not here</title><script>${SCRIPT}</script>`);
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto(`${upstream.url}/`);
  await expect(page.getByLabel('Session id')).toBeVisible();
  // the dashboard's own policy allows scripts from this origin: /api must never be one
  const loaded = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve('load');
        script.onerror = () => resolve('error');
        document.head.append(script);
      }),
    '/api/browsers/x/evil.js',
  );
  expect(loaded).toBe('error');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  const visited = await page.goto(`${upstream.url}/api/browsers/x/evil.html`);
  expect(visited?.status()).toBe(502);
  await expect(page.locator('body')).toContainText('which is not an API response');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // an upstream's HTML error page arrives as plain text: its words shown, its markup never parsed
  const shown = await page.goto(`${upstream.url}/api/browsers/x/error.html`);
  expect(shown?.status()).toBe(404);
  await expect(page.locator('body')).toContainText('<title>Not here</title><script>');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

function frame(seq: number, text: string, ts: number): string {
  const event = {
    ts,
    type: 'console_log',
    category: 'console',
    source: { kind: 'cdp', event: 'Runtime.consoleAPICalled' },
    data: { level: 'log', text, args: [text] },
  };
  return `id: ${seq}\ndata: ${JSON.stringify({ seq, event })}\n\n`;
}

test('a seq that goes back with the newest timestamp is a restart: kept after a marker, no invented gap', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  const ts = Date.now() * 1000;
  upstream.on(/^\/browsers\/[^/]+\/telemetry\/stream/, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    res.write(frame(1, 'first event', ts));
    res.write(frame(2, 'second event', ts + 1000));
    res.write(frame(3, 'third event', ts + 2000));
    // an identical frame again is a duplicate; the same seq with other content is not
    res.write(frame(3, 'third event', ts + 2000));
    res.write(frame(2, 'new process event', ts + 2000));
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), 1000);
    res.on('close', () => clearInterval(keepalive));
  });
  await openSession(page, upstream.url, id);
  const timeline = new TimelinePage(page);
  await expect(timeline.row('new process event')).toHaveCount(1);
  await expect(timeline.row(/event process restarted: seq went back from 3 to 2/)).toHaveCount(1);
  await expect(timeline.row('third event')).toHaveCount(1);
  await expect(timeline.row(/missed|not held by the stream/)).toHaveCount(0);
  const order = await timeline.rows.allInnerTexts();
  const at = (needle: string): number => order.findIndex((text) => text.includes(needle));
  expect(at('third event')).toBeLessThan(at('restarted'));
  expect(at('restarted')).toBeLessThan(at('new process event'));
});

test('a session lookup that is never answered fails after the page’s own bound, with Try again', async ({
  page,
  api,
}) => {
  test.setTimeout(60_000);
  const id = await api.createSession();
  let hold = true;
  upstream.on(/^\/browsers\/[^/?]+(\?|$)/, () => (hold ? undefined : false));
  await openSession(page, upstream.url, id);
  await expect(page.getByText(`Opening session ${id}…`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The session could not be opened' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('no answer from the server within 10 s')).toBeVisible();
  hold = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('tab', { name: /^Timeline/ })).toBeVisible();
});

test('a clipboard write that is never answered fails after the page’s bound, and Send works again', async ({
  page,
  api,
}) => {
  test.setTimeout(60_000);
  const id = await api.createSession();
  let hold = true;
  upstream.on(/\/computer\/clipboard\/write$/, () => (hold ? undefined : false));
  await openSession(page, upstream.url, id);
  const panel = page.getByRole('complementary', { name: 'Clipboard' });
  await panel.getByRole('textbox').fill('held up');
  await panel.getByRole('textbox').press('Control+Enter');
  await expect(panel.getByRole('button', { name: /Sending/ })).toBeDisabled();
  const alert = panel.getByRole('alert').filter({ hasText: 'The text was not sent' });
  await expect(alert).toContainText('no answer from the server within 10 s', { timeout: 15_000 });
  hold = false;
  await expect(panel.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await panel.getByRole('textbox').press('Control+Enter');
  await expect(panel.getByRole('status').filter({ hasText: /Sent \d+ bytes/ })).toBeVisible();
});

test('the gateway gives up on a silent upstream with a 504 that names it', async ({
  page,
  api,
}) => {
  const quick = await startHostileUpstream({ gatewayUpstreamTimeoutMs: 1_500 });
  try {
    const id = await api.createSession();
    quick.on(/^\/browsers\/[^/?]+$/, neverAnswer);
    await openSession(page, quick.url, id);
    await expect(
      page.getByRole('heading', { name: 'The session could not be opened' }),
    ).toBeVisible();
    await expect(page.getByText(new URL(quick.upstreamUrl).host)).toBeVisible();
    await expect(page.getByText(/504/).first()).toBeVisible();
  } finally {
    await quick.stop();
  }
});

test('an upstream without GET /browsers/{id}: the view opens and the streams decide', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  upstream.on(/^\/browsers\/[^/?]+(\?|$)/, (_req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('404 page not found\n');
  });
  await openSession(page, upstream.url, id);
  await expect(
    page.getByText(/does not offer session details \(it answered 404 Not Found\)/),
  ).toBeVisible();
  const timeline = new TimelinePage(page);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');
  await api.publish(id, [
    {
      type: 'console_log',
      category: 'console',
      source: { kind: 'cdp' },
      data: { level: 'log', text: 'streams decide' },
    },
  ]);
  await expect(timeline.row('streams decide')).toHaveCount(1);

  // the API's own Error body still means what it says
  upstream.reset();
  upstream.on(/^\/browsers\/[^/?]+(\?|$)/, (_req, res) => {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end('{"code":"not_found","message":"browser session not found"}');
  });
  await openSession(page, upstream.url, id);
  await expect(page.getByRole('heading', { name: 'No such session' })).toBeVisible();
});

test('a log stream whose headers never come is replaced, and the log says how long nothing came', async ({
  page,
  api,
}) => {
  test.setTimeout(60_000);
  const id = await api.createSession();
  await api.appendLog(id, '/var/log/held.log', ['a line already there']);
  let held = 0;
  upstream.on(/\/logs\/stream\?/, () => {
    held += 1;
    return held === 1 ? undefined : false;
  });
  await openSession(page, upstream.url, id);
  const session = new SessionPage(page);
  await session.showLogs();
  const form = page.getByRole('form', { name: 'Open a log stream' });
  await form.getByLabel('File path').check();
  await form.getByLabel('File path on the browser instance').fill('/var/log/held.log');
  await form.getByRole('button', { name: 'Open stream' }).click();
  await expect(session.status).toHaveAttribute('data-status', 'connecting');
  const notice = session.rows.filter({ hasText: /No data for 1\d s; connected on a new attempt/ });
  await expect(notice).toHaveCount(1, { timeout: 25_000 });
  await expect(session.status).toHaveAttribute('data-status', 'live');
  await api.appendLog(id, '/var/log/held.log', ['a line after the silence']);
  await expect(session.row('a line after the silence')).toHaveCount(1);
});
