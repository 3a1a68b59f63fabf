import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { TEST_IDS } from '../src/config/test-ids.ts';
import { formatTimestamp } from '../src/lib/time-format.ts';
import { E2E_DATA_DIR } from './env.ts';
import { E2E_TOKEN, expect, test, type ReferenceApi } from './fixtures.ts';
import { SessionPage } from './pages/session-page.ts';
import { TimelinePage } from './pages/timeline-page.ts';

/**
 * The dashboard under the faults a debugging tool meets: cut, silent and restarted streams, error
 * answers, hostile frames, a session that ends, a token that changes. The reference server injects
 * them (server/reference/test-rigs/faults.ts); every test looks only at what the user sees.
 */

function consoleLog(text: string, ts?: number) {
  return {
    ...(ts === undefined ? {} : { ts }),
    type: 'console_log',
    category: 'console',
    source: { kind: 'cdp' },
    data: { level: 'log', text },
  };
}

/** Every status the page's stream badge took, in order, with the status line at that moment. */
interface StatusLog {
  statuses: string[];
  lines: string[];
}

/**
 * Records the stream badge's `data-status` values from the page's start (an init script, so the
 * first connection is seen too), and the status line's text whenever it changes.
 */
async function recordStatuses(page: Page): Promise<void> {
  await page.addInitScript((testId: string) => {
    const log: StatusLog = { statuses: [], lines: [] };
    (window as unknown as { __statusLog: StatusLog }).__statusLog = log;
    const push = (list: string[], value: string | null | undefined): void => {
      if (value && list.at(-1) !== value) list.push(value);
    };
    new MutationObserver((records) => {
      const badge = document.querySelector(`[data-testid="${testId}"]`);
      for (const record of records) {
        // values replaced before this callback ran are only seen as an older value
        if (record.type === 'attributes' && record.target === badge)
          push(log.statuses, record.oldValue);
      }
      push(log.statuses, badge?.getAttribute('data-status'));
      push(log.lines, badge?.parentElement?.textContent);
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-status'],
      attributeOldValue: true,
    });
  }, TEST_IDS.streamStatus);
}

async function statusLog(page: Page): Promise<StatusLog> {
  return page.evaluate(() => (window as unknown as { __statusLog: StatusLog }).__statusLog);
}

/** Uncaught exceptions of the page (console errors are expected: the network fails on purpose). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openTimeline(page: Page, id: string): Promise<TimelinePage> {
  await new SessionPage(page).open(id, 'timeline');
  return new TimelinePage(page);
}

/** The text next to the status badge: status, reason, "Reconnect now". */
function statusLine(timeline: TimelinePage): Locator {
  return timeline.status.locator('xpath=..');
}

test('a telemetry stream cut every 2,000 events during a burst of 20,000 keeps every seq once, in order', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  await recordStatuses(page);
  const id = await api.createSession();
  const timeline = await openTimeline(page, id);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');
  await api.fault(id, { action: 'cut_every', events: 2_000 });

  const t0 = Date.now() * 1000;
  const published: number[] = [];
  const label = (n: number): string => `burst ${String(n).padStart(5, '0')}`;
  const BATCH = 800;
  for (let batch = 0; batch < 20_000 / BATCH; batch += 1) {
    const events = Array.from({ length: BATCH }, (_, i) =>
      consoleLog(label(batch * BATCH + i), t0 + batch * BATCH + i),
    );
    published.push(...(await api.publish(id, events)));
    // the server keeps 1,024 events: publish the next batch once this one is on screen
    await expect(timeline.row(label(batch * BATCH + BATCH - 1))).toHaveCount(1, {
      timeout: 15_000,
    });
  }
  const { state } = await api.fault(id, { action: 'cut_every', events: 0 });
  // 20,000 events and the session's own api_call events, 2,000 per connection
  expect(state.cuts).toBeGreaterThanOrEqual(10);
  // each cut the page saw: retrying, then live again; nothing else went wrong (a cut by the last
  // api_call events may still be reconnecting: the poll waits for it). The server's count can be
  // higher than the page's reconnects: it counts every telemetry connection it cut, and on each
  // reconnect the page also opens a short-lived probe stream (restart-probe.ts) that it closes
  // after one event, whose cut the page never shows
  const reconnects = async (): Promise<number> => {
    const { statuses } = await statusLog(page);
    const after = statuses.slice(statuses.indexOf('live')).join(' ');
    return /^live( retrying connecting live)*$/.test(after)
      ? (after.match(/retrying/g) ?? []).length
      : -1;
  };
  await expect.poll(reconnects).toBeGreaterThanOrEqual(10);
  expect(await reconnects()).toBeLessThanOrEqual(state.cuts);

  const { envelopes } = await timeline.export();
  // one assertion per list: 20,000 separate ones would cost minutes of reporting
  const seqs = envelopes.map((envelope) => envelope.seq);
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  const exported = new Set(seqs);
  expect(published.filter((seq) => !exported.has(seq))).toEqual([]);
  const texts = envelopes.flatMap((envelope) =>
    envelope.event.type === 'console_log' ? [String(envelope.event.data?.text)] : [],
  );
  expect(texts).toEqual(Array.from({ length: 20_000 }, (_, n) => label(n)));

  // only what is not an event is left: one separator per reconnect, no gap
  await timeline.search.fill('no event has this text');
  const separators = timeline.row(/Reconnected, resumed after seq \d+/);
  await expect.poll(async () => (await separators.count()) - (await reconnects())).toBe(0);
  await expect(timeline.rows.and(page.locator('[data-kind="gap"]'))).toHaveCount(0);
});

test('a connection that goes silent, keepalives included, is shown as stalled and replaced', async ({
  page,
  api,
}) => {
  // the watchdog allows 25 s of silence: the page's clock is moved on instead of waiting for it
  await page.clock.install();
  await recordStatuses(page);
  const id = await api.createSession();
  await api.publish(id, [consoleLog('before the silence')]);
  const timeline = await openTimeline(page, id);
  await expect(timeline.row('before the silence')).toHaveCount(1);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');

  expect((await api.fault(id, { action: 'stall', streams: 'telemetry' })).affected).toBe(1);
  await api.publish(id, [consoleLog('sent into the silence')]);
  await page.clock.fastForward(30_000);
  await expect(timeline.row('sent into the silence')).toHaveCount(1);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');

  const { statuses, lines } = await statusLog(page);
  expect(statuses.slice(statuses.indexOf('live'))).toEqual([
    'live',
    'stalled',
    'connecting',
    'live',
  ]);
  expect(lines.some((line) => /Stalled: no data for \d+ s/.test(line))).toBe(true);
  // the stall stays in the timeline, with how long nothing came and what happened next
  await expect(timeline.row(/No data for \d+ s; reconnected, resumed after seq \d+/)).toHaveCount(
    1,
  );
  await expect(timeline.row('before the silence')).toHaveCount(1);
  await api.publish(id, [consoleLog('after the silence')]);
  await expect(timeline.row('after the silence')).toHaveCount(1);
});

test('a restarted event process is shown and nothing it sent before or after is lost', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  await api.publish(
    id,
    ['one', 'two', 'three'].map((n) => consoleLog(`old process ${n}`)),
  );
  const timeline = await openTimeline(page, id);
  await expect(timeline.row('old process three')).toHaveCount(1);

  await api.fault(id, 'restart_events');
  // published at once, before the dashboard is back: seq 1, 2, 3 again
  await api.publish(
    id,
    ['one', 'two', 'three'].map((n) => consoleLog(`new process ${n}`)),
  );
  await expect(timeline.row(/event process restarted: seq went back from \d+ to 1/)).toHaveCount(1);
  for (const n of ['one', 'two', 'three']) {
    await expect(timeline.row(`new process ${n}`)).toHaveCount(1);
    await expect(timeline.row(`old process ${n}`)).toHaveCount(1);
  }
  await api.publish(id, [consoleLog('new process four')]);
  await expect(timeline.row('new process four')).toHaveCount(1);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');

  const { envelopes } = await timeline.export();
  const texts = envelopes.flatMap((envelope) =>
    envelope.event.type === 'console_log' ? [String(envelope.event.data?.text)] : [],
  );
  expect(texts).toEqual([
    'old process one',
    'old process two',
    'old process three',
    'new process one',
    'new process two',
    'new process three',
    'new process four',
  ]);
});

interface ErrorCase {
  status: number;
  statusText: string;
  code: string;
  fatal: boolean;
  retryAfter?: number;
}

const ERROR_CASES: ErrorCase[] = [
  { status: 401, statusText: 'Unauthorized', code: 'unauthorized', fatal: true },
  { status: 403, statusText: 'Forbidden', code: 'forbidden', fatal: true },
  { status: 404, statusText: 'Not Found', code: 'not_found', fatal: true },
  {
    status: 429,
    statusText: 'Too Many Requests',
    code: 'rate_limited',
    fatal: false,
    retryAfter: 2,
  },
  { status: 500, statusText: 'Internal Server Error', code: 'internal_error', fatal: false },
  { status: 502, statusText: 'Bad Gateway', code: 'bad_gateway', fatal: false },
];

const BODIES = ['json', 'text', 'empty'] as const;

/** What the status line says about each body, as the server sends it (faults.ts). */
function reasonFor(error: ErrorCase, body: (typeof BODIES)[number]): string {
  const head = `${error.status} ${error.statusText}`;
  const message = `injected fault: ${error.status} on the telemetry stream`;
  if (body === 'empty') return head;
  if (body === 'text') return `${head}: ${message}`;
  return `${head}: ${message} (${error.code}); fault_injected: asked for with POST /browsers/{id}/faults`;
}

async function queueErrors(api: ReferenceApi, id: string, error: ErrorCase): Promise<void> {
  for (const body of BODIES) {
    await api.fault(id, {
      action: 'respond',
      status: error.status,
      body,
      streams: 'telemetry',
      ...(error.retryAfter === undefined ? {} : { retry_after: error.retryAfter }),
    });
  }
}

/**
 * Fatal answers stop the stream until the user asks again; each "Reconnect now" meets the next
 * queued answer. Transient ones are retried by the stream itself, with growing attempts.
 */
async function meetQueuedErrors(
  page: Page,
  timeline: TimelinePage,
  error: ErrorCase,
): Promise<void> {
  for (const body of BODIES) {
    const reason = reasonFor(error, body);
    if (error.fatal) {
      await expect(timeline.status).toHaveAttribute('data-status', 'failed');
      await expect(statusLine(timeline)).toContainText(`Failed: ${reason}`);
      await expectFailureShown(page, error, body);
      await page.getByRole('button', { name: 'Reconnect now' }).click();
    } else {
      await expect
        .poll(async () => (await statusLog(page)).lines.some((line) => line.includes(reason)))
        .toBe(true);
    }
  }
  await expect(timeline.status).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Stream error' })).toHaveCount(0);
}

/** The panel of a stream that stopped: every field of the answer, as the server sent it. */
async function expectFailureShown(
  page: Page,
  error: ErrorCase,
  body: (typeof BODIES)[number],
): Promise<void> {
  const region = page.getByRole('region', { name: 'Stream error' });
  const field = (name: string) => region.locator(`dt:text-is("${name}") + dd`);
  await expect(field('Status')).toHaveText(`${error.status} ${error.statusText}`);
  await expect(field('Code')).toHaveText(body === 'json' ? [error.code] : []);
  // an empty body leaves only the status to say what happened (api-error.ts)
  await expect(field('Message')).toHaveText(
    body === 'empty' ? error.statusText : `injected fault: ${error.status} on the telemetry stream`,
  );
  await expect(field('Details').getByRole('listitem')).toHaveText(
    body === 'json' ? [/^fault_injected\s*asked for with POST \/browsers\/\{id\}\/faults$/] : [],
  );
}

/** The badge's statuses while meeting the queued answers: each attempt and its outcome. */
function expectedStatuses(error: ErrorCase): string[] {
  const outcome = error.fatal ? 'failed' : 'retrying';
  return [...BODIES.flatMap(() => ['connecting', outcome]), 'connecting', 'live'];
}

for (const error of ERROR_CASES) {
  test(`${error.status} answers with JSON, text and empty bodies, on connect and on reconnect, are shown${
    error.fatal ? ' and stop retrying' : ' and retried'
  }`, async ({ page, api }) => {
    test.setTimeout(60_000);
    const errors = pageErrors(page);
    await recordStatuses(page);
    const id = await api.createSession();
    await api.publish(id, [consoleLog('received before any error')]);
    await queueErrors(api, id, error);

    // on connect: nothing received yet
    const timeline = await openTimeline(page, id);
    await meetQueuedErrors(page, timeline, error);
    await expect(timeline.row('received before any error')).toHaveCount(1);
    let log = await statusLog(page);
    expect(log.statuses).toEqual(expectedStatuses(error));

    // on reconnect: everything received stays, and the stream resumes where it was
    await queueErrors(api, id, error);
    const mark = log.statuses.length;
    await api.fault(id, 'drop_streams');
    await meetQueuedErrors(page, timeline, error);
    log = await statusLog(page);
    expect(log.statuses.slice(mark)).toEqual(['retrying', ...expectedStatuses(error)]);
    await expect(timeline.row('received before any error')).toHaveCount(1);
    await api.publish(id, [consoleLog('received after the errors')]);
    await expect(timeline.row('received after the errors')).toHaveCount(1);

    if (!error.fatal) {
      // backing off: the attempts are counted, and the backoff grows with the count
      for (const attempt of [1, 2, 3])
        expect(log.lines).toContainEqual(
          expect.stringContaining(`Reconnecting (attempt ${attempt})…`),
        );
    }
    const retryAfter = error.retryAfter;
    if (retryAfter !== undefined) {
      // every 429 retry, whatever the body, counts down from the server's 2 s or more (without
      // Retry-After, the first retries would wait a second at most)
      const firstCountdowns = log.lines.flatMap((line, i) => {
        const seconds = /Retrying in (\d+) s: 429/.exec(line)?.[1];
        const starts = !(log.lines[i - 1] ?? '').includes('Retrying in');
        return seconds !== undefined && starts ? [Number(seconds)] : [];
      });
      expect(firstCountdowns).toHaveLength(BODIES.length * 2);
      expect(firstCountdowns.filter((seconds) => seconds < retryAfter)).toEqual([]);
    }
    const { state } = await api.fault(id, { action: 'state' });
    expect(state.responses_sent).toBe(BODIES.length * 2);
    expect(state.responses_pending).toBe(0);
    expect(errors).toEqual([]);
  });
}

/** Writes bytes into a file of the session's filesystem, as a process on the machine would. */
async function appendBytes(sessionId: string, virtualPath: string, bytes: Buffer): Promise<void> {
  const file = path.join(E2E_DATA_DIR, 'sessions', sessionId, virtualPath);
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, bytes);
}

test('hostile log output is shown and the stream goes on: malformed frames, 5 MB line, invalid UTF-8, NUL, 10,000 lines in one chunk', async ({
  page,
  api,
}) => {
  test.setTimeout(60_000);
  const errors = pageErrors(page);
  const { id, session } = await SessionPage.openNew(page, api);
  await api.appendLog(id, '/var/log/app.log', ['first line']);
  await session.openFile('/var/log/app.log');
  await expect(session.row('first line')).toBeVisible();

  // from the file: bytes that are not UTF-8, NUL, and a 5 MB line
  await appendBytes(
    id,
    '/var/log/app.log',
    Buffer.concat([
      Buffer.from('bad bytes '),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(' end\nnul \0 byte\n'),
    ]),
  );
  await expect(session.row('bad bytes')).toContainText('bad bytes \ufffd\ufffd\ufffd end');
  await expect(session.rows.filter({ hasText: /nul .* byte/ })).toHaveCount(1);
  await api.appendLog(id, '/var/log/app.log', [
    `huge start ${'x'.repeat(5 * 1024 * 1024)} huge end`,
  ]);
  await expect(session.row('huge start')).toHaveCount(1, { timeout: 15_000 });

  // ten thousand lines in one write
  const bulk = Array.from({ length: 10_000 }, (_, n) => `bulk ${String(n).padStart(5, '0')}`);
  await api.appendLog(id, '/var/log/app.log', bulk);
  await expect(session.row('bulk 09999')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/10,004 received/)).toBeVisible();

  // straight onto the wire: frames that are not log events, raw invalid UTF-8 and a raw NUL
  const raw = Buffer.concat([
    Buffer.from('data: {not json\n\n'),
    Buffer.from('data: {"event":"log","timestamp":"2025-01-01T00:00:00Z"}\n\n'),
    Buffer.from('data: {"event":"log","message":"raw '),
    Buffer.from([0xff, 0xfe]),
    Buffer.from(' bytes"}\n\n'),
    Buffer.from('data: {"event":"log","message":"raw \0 nul"}\n\n'),
    Buffer.from(
      'event: surprise\nid: 7\nretry: 1\ndata: {"event":"log","message":"odd fields"}\n\n',
    ),
  ]);
  const injected = await api.fault(id, {
    action: 'inject',
    streams: 'logs',
    base64: raw.toString('base64'),
  });
  expect(injected.affected).toBe(1);
  await expect(session.row('unreadable frame: {not json')).toHaveCount(1);
  await expect(session.row('unreadable frame: {"event":"log","timestamp"')).toHaveCount(1);
  await expect(session.row('raw \ufffd\ufffd bytes')).toHaveCount(1);
  await expect(session.rows.filter({ hasText: /unreadable frame: .*raw .* nul/ })).toHaveCount(1);
  await expect(session.row('odd fields')).toHaveCount(1);

  await api.appendLog(id, '/var/log/app.log', ['the stream goes on']);
  await expect(session.row('the stream goes on')).toBeVisible();
  await expect(session.status).toHaveAttribute('data-status', 'live');
  await expect(page.getByText(/10,010 received/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('hostile telemetry is shown and the stream goes on: a frame just under 1 MB, one over, malformed frames, NUL', async ({
  page,
  api,
}) => {
  const errors = pageErrors(page);
  const id = await api.createSession();
  const timeline = await openTimeline(page, id);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');

  // the envelope of this one stays under the server's 1 MB cut
  const nearlyMb = `nearly a megabyte ${'y'.repeat(1024 * 1024 - 400)}`;
  const overMb = `over a megabyte ${'z'.repeat(1024 * 1024 + 100)}`;
  await api.publish(id, [consoleLog(nearlyMb), consoleLog(overMb), consoleLog('nul \0 inside')]);
  await expect(timeline.row('nearly a megabyte yyy')).toHaveCount(1);
  await expect(timeline.row('too large, data dropped by the server')).toHaveCount(1);
  await expect(timeline.row(/nul .* inside/)).toHaveCount(1);

  const raw = Buffer.concat([
    Buffer.from('data: {oops\n\n'),
    Buffer.from('data: {"seq":"nine","event":{}}\n\n'),
    Buffer.from('data: '),
    Buffer.from([0xff, 0x00, 0xfe]),
    Buffer.from('\n\n'),
  ]);
  await api.fault(id, { action: 'inject', streams: 'telemetry', base64: raw.toString('base64') });
  await expect(timeline.rows.and(page.locator('[data-kind="unreadable"]'))).toHaveCount(3);
  await expect(timeline.row('{oops')).toHaveCount(1);

  await api.publish(id, [consoleLog('the stream goes on')]);
  await expect(timeline.row('the stream goes on')).toHaveCount(1);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');
  await timeline.row('nearly a megabyte').click();
  await expect(timeline.detail).toContainText('nearly a megabyte yyyy');
  expect(errors).toEqual([]);
});

test('a session that ends while streaming switches calmly to the ended layout, keeping everything received', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  await api.publish(
    id,
    Array.from({ length: 50 }, (_, n) => consoleLog(`early event ${n}`)),
  );
  const session = new SessionPage(page);
  await session.open(id, 'logs');
  await api.appendLog(id, '/var/log/app.log', ['line before the end']);
  await session.openFile('/var/log/app.log');
  await expect(session.row('line before the end')).toBeVisible();

  // the session ends in the middle of a burst: what arrived before the end must stay
  await api.publish(
    id,
    Array.from({ length: 200 }, (_, n) => consoleLog(`late event ${n}`)),
  );
  await api.appendLog(
    id,
    '/var/log/app.log',
    Array.from({ length: 100 }, (_, n) => `late line ${n}`),
  );
  const ended = await api.call(`/browsers/${id}`, { method: 'DELETE' });
  expect(ended.status).toBe(204);
  // the session's record says it ended: said calmly, once, with the time (24-hour)
  await expect(page.getByTestId('session-ended')).toHaveText(/^ended at \d\d:\d\d:\d\d$/);
  const at = ((await page.getByTestId('session-ended').textContent()) ?? '').slice(
    'ended at '.length,
  );
  await expect(session.row(`the session ended at ${at}`)).toHaveCount(1);
  await expect(session.status).toHaveAttribute('data-status', 'ended');
  await expect(page.getByRole('region', { name: 'Stream error' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reconnect now' })).toHaveCount(0);
  await expect(page.getByText('This session ended: its log streams stopped')).toBeVisible();
  // nothing that needs the session's browser any more
  await expect(page.getByRole('button', { name: 'Copy CDP URL' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Clipboard/ })).toHaveCount(0);
  // kept, though the late lines may have pushed it out of view: the list follows the tail
  await session.list.evaluate((list) => {
    list.scrollTop = 0;
  });
  await expect(session.row('line before the end')).toBeVisible();
  // nothing received was dropped, and the late lines on screen have no hole
  await expect(page.getByText(/^([\d,]+) lines retained · \1 received$/)).toBeVisible();
  const shown = [...(await session.list.innerText()).matchAll(/late line (\d+)/g)].map((match) =>
    Number(match[1]),
  );
  expect(shown).toEqual(shown.map((_, i) => (shown[0] ?? 0) + i));

  // the timeline reads the session's history, as it would after a reload
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  const timeline = new TimelinePage(page);
  await expect(page.getByTestId('history-status')).toContainText(/History: [\d,]+ events/);
  await expect(timeline.row('late event 199')).toHaveCount(1);
  const { envelopes } = await timeline.export();
  const texts = envelopes.flatMap((envelope) =>
    envelope.event.type === 'console_log' ? [String(envelope.event.data?.text)] : [],
  );
  // every early event, then every late one, in order and without a hole
  expect(texts).toEqual([
    ...Array.from({ length: 50 }, (_, n) => `early event ${n}`),
    ...Array.from({ length: 200 }, (_, n) => `late event ${n}`),
  ]);
});

test('a token replaced while streams are open: they reconnect with the new one and lose nothing', async ({
  page,
  api,
}) => {
  await recordStatuses(page);
  const id = await api.createSession();
  await api.publish(id, [consoleLog('event before the new token')]);
  const session = new SessionPage(page);
  await session.open(id, 'logs');
  await api.appendLog(id, '/var/log/app.log', ['line before the new token']);
  await session.openFile('/var/log/app.log');
  await expect(session.row('line before the new token')).toBeVisible();

  // the key is rotated: the old one is refused from now on, open streams go on
  await api.fault(id, { action: 'rotate_token', token: 'sk_e2e_second_token' });
  const changeToken = async (token: string): Promise<void> => {
    await page.getByRole('button', { name: 'Change token' }).click();
    const form = page.getByRole('form', { name: 'Use another token' });
    await form.getByLabel('API token').fill(token);
    await form.getByRole('button', { name: 'Use this token' }).click();
    await expect(form).toHaveCount(0);
  };
  await changeToken('sk_e2e_second_token');
  // only the new token can open a stream now: a live log stream proves it was used
  await expect(session.row('reconnected: the log stream restarts')).toHaveCount(1);
  await expect(session.status).toHaveAttribute('data-status', 'live');
  await api.appendLog(id, '/var/log/app.log', ['line after the new token']);
  await expect(session.row('line after the new token')).toBeVisible();
  await expect(session.row('line before the new token')).toBeVisible();
  const logStatuses = (await statusLog(page)).statuses;
  expect(logStatuses).not.toContain('failed');

  await page.getByRole('tab', { name: /^Timeline/ }).click();
  const timeline = new TimelinePage(page);
  await expect(timeline.row(/Reconnected, resumed after seq \d+/)).toHaveCount(1);
  await api.publish(id, [consoleLog('event after the new token')]);
  await expect(timeline.row('event after the new token')).toHaveCount(1);

  // rotated again while the dashboard still holds the second token: refused, said once above
  // the view (the session's record, read again, refuses it too), then fixed
  await api.fault(id, { action: 'rotate_token', token: 'sk_e2e_third_token' });
  await api.fault(id, 'drop_streams');
  await expect(timeline.status).toHaveAttribute('data-status', 'failed');
  await expect(statusLine(timeline)).toContainText(
    'Failed: 401 Unauthorized: invalid API token (unauthorized)',
  );
  const refused = page.getByRole('form', { name: 'Token no longer accepted' });
  await expect(refused).toContainText('the token changed');
  await expect(refused.locator('dt:text-is("Message") + dd')).toHaveText('invalid API token');
  await expect(page.getByRole('region', { name: 'Stream error' })).toHaveCount(0);
  await api.publish(id, [consoleLog('event while refused')]);
  await refused.getByLabel('API token').fill('sk_e2e_third_token');
  await refused.getByRole('button', { name: 'Retry with this token' }).click();
  await expect(refused).toHaveCount(0);
  await expect(timeline.status).toHaveAttribute('data-status', 'live');
  await expect(timeline.row('event while refused')).toHaveCount(1);

  const { envelopes } = await timeline.export();
  const seqs = envelopes.map((envelope) => envelope.seq);
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  const texts = envelopes.flatMap((envelope) =>
    envelope.event.type === 'console_log' ? [String(envelope.event.data?.text)] : [],
  );
  expect(texts).toEqual([
    'event before the new token',
    'event after the new token',
    'event while refused',
  ]);
});

test('a token rejected mid-session is shown above the view, and what is on screen stays', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  await api.publish(id, [consoleLog('event shown before the bad token')]);
  const timeline = await openTimeline(page, id);
  await expect(timeline.row('event shown before the bad token')).toHaveCount(1);

  await page.getByRole('button', { name: 'Change token' }).click();
  const form = page.getByRole('form', { name: 'Use another token' });
  await form.getByLabel('API token').fill('not-the-token');
  await form.getByRole('button', { name: 'Use this token' }).click();
  await expect(page.getByRole('heading', { name: 'Token rejected' })).toBeVisible();
  // the session view and its events are still there under the rejection
  await expect(page.getByRole('tab', { name: /^Timeline/ })).toBeVisible();
  await expect(timeline.row('event shown before the bad token')).toHaveCount(1);

  // the right token again: the rejection goes, the view was never left
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Retry with this token' }).click();
  await expect(page.getByRole('heading', { name: 'Token rejected' })).toHaveCount(0);
  await api.publish(id, [consoleLog('event after the right token')]);
  await expect(timeline.row('event after the right token')).toHaveCount(1);
  await expect(timeline.row('event shown before the bad token')).toHaveCount(1);
});

test('relative times count from the session’s creation, the same on every connection, and say so', async ({
  page,
  api,
}) => {
  const id = await api.createSession();
  const created = Date.parse(
    ((await (await api.call(`/browsers/${id}`)).json()) as { created_at: string }).created_at,
  );
  // an event stated 2.5 s after the session was created
  await api.publish(id, [consoleLog('two and a half seconds in', (created + 2_500) * 1000)]);
  const expected = formatTimestamp(created + 2_500, 'relative', created);
  const relativeOf = (timeline: TimelinePage) =>
    timeline
      .row('two and a half seconds in')
      .locator('span[title="since the session was created"]');

  let timeline = await openTimeline(page, id);
  await expect(relativeOf(timeline)).toHaveText(expected);
  // a new connection that starts from now, then from the oldest event again: the same origin
  await page.getByLabel('Start').selectOption('now');
  await api.publish(id, [consoleLog('later event')]);
  await expect(timeline.row('later event')).toHaveCount(1);
  // the page reloaded keeps the start in its URL: from now, so the early event is not shown
  await expect(page).toHaveURL(/[?&]tr=now/);
  await page.reload();
  await page.getByLabel('API token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Open session' }).click();
  timeline = new TimelinePage(page);
  await expect(page.getByLabel('Start')).toHaveValue('now');
  await expect(timeline.row('later event')).toHaveCount(0);
  await page.getByLabel('Start').selectOption('all');
  await expect(relativeOf(timeline)).toHaveText(expected);
});
