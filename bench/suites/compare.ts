/**
 * Two runs compared: two ended sessions of one shopping task (the same pages, clicks and requests,
 * run B with a failing request and an error partway), each read from its history in the session
 * view (the baseline), then both opened in the comparison view until its summary counts every
 * event of both.
 */
import type { Browser } from '@playwright/test';
import { openSession } from '../lib/console-page.ts';
import { createRandom } from '../lib/lines.ts';
import type { CompareResult } from '../lib/results.ts';
import { BENCH_TOKEN } from '../lib/server.ts';
import { spread } from '../lib/stats.ts';
import type { BenchContext } from './ingest.ts';

const PUBLISH_BATCH = 5_000;
const HISTORY = '[data-testid="history-status"]';
const SHOP = 'https://shop.test';
/** Events of one page visit: the navigation, then blocks of a click, four requests and logs. */
const VISIT_EVENTS = 500;
const BLOCK = 25;
/** µs between one event and the next. */
const STEP_US = 1_000;
const SECTIONS = ['products', 'search', 'item', 'cart', 'checkout', 'orders', 'account'];
const BUTTONS: [string, string][] = [
  ['#search', 'Search'],
  ['#filter-size', 'Size'],
  ['#sort-price', 'Sort by price'],
  ['button.add-to-cart', 'Add to cart'],
  ['#open-cart', 'Cart'],
  ['#apply-coupon', 'Apply'],
  ['#next-page', 'Next'],
  ['#checkout', 'Checkout'],
];
const ENDPOINTS = ['inventory', 'prices', 'cart', 'recommendations', 'session', 'reviews'];
const WORDS =
  'rendered list hydrated cache hit fetched prices cart updated image loaded layout settled route matched'.split(
    ' ',
  );
const STACK = {
  callFrames: [
    {
      functionName: 'applyDiscount',
      scriptId: '7',
      url: `${SHOP}/app.js`,
      lineNumber: 411,
      columnNumber: 16,
    },
  ],
};

type Event = { ts: number; type: string; category: string; source: unknown; data: unknown };

/**
 * One run of the task, `count` events from `startUs`: the same in A and B but for one visit
 * (60% in) where B's inventory request fails with a 500, an error follows, and B's clicks on that
 * page are retries instead.
 */
export function taskRun(run: 'A' | 'B', count: number, startUs: number): Event[] {
  const random = createRandom(23);
  const failVisit = Math.floor((count / VISIT_EVENTS) * 0.6);
  const events: Event[] = [];
  const push = (type: string, category: string, data: Record<string, unknown>): void => {
    const ts = startUs + events.length * STEP_US;
    events.push({ ts, type, category, source: { kind: 'cdp' }, data });
  };
  for (let n = 0; n < count; n += 1) {
    const visit = Math.floor(n / VISIT_EVENTS);
    const at = n % VISIT_EVENTS;
    const failing = run === 'B' && visit === failVisit;
    if (at === 0) {
      push('page_navigation', 'page', {
        url: `${SHOP}/${SECTIONS[visit % SECTIONS.length]}/${10_000 + visit}`,
        target_id: 'T-1',
        frame_id: 'F-1',
        loader_id: `L-${visit}`,
        nav_seq: visit + 1,
      });
      continue;
    }
    const block = Math.floor((at - 1) / BLOCK);
    const slot = (at - 1) % BLOCK;
    if (slot === 0) {
      const [selector, text] =
        failing && block > 5 ? ['#retry', 'Try again'] : BUTTONS[(visit + block) % BUTTONS.length]!;
      push('interaction_click', 'interaction', { selector, text, tag: 'BUTTON', x: 640, y: 360 });
    } else if (slot <= 8) {
      const request = block * 4 + Math.floor((slot - 1) / 2);
      const endpoint = ENDPOINTS[request % ENDPOINTS.length]!;
      const common = {
        request_id: `R-${visit}-${request}`,
        url: `${SHOP}/api/${endpoint}?page=${visit}&item=${request}`,
        method: request % 5 === 4 ? 'POST' : 'GET',
      };
      if (slot % 2 === 1) push('network_request', 'network', { ...common, resource_type: 'Fetch' });
      else {
        const status = failing && block === 5 && request === block * 4 ? 500 : 200;
        push('network_response', 'network', { ...common, status, mime_type: 'application/json' });
      }
    } else if (failing && block === 5 && slot === 9) {
      push('console_error', 'console', {
        level: 'error',
        text: "TypeError: Cannot read properties of undefined (reading 'total')",
        stack_trace: STACK,
      });
    } else {
      let text = '';
      while (text.length < 40)
        text += `${text ? ' ' : ''}${WORDS[Math.floor(random() * WORDS.length)]}`;
      push('console_log', 'console', { level: 'info', text: `${text} #${n}`, args: [] });
    }
  }
  return events;
}

async function publish(context: BenchContext, sessionId: string, events: Event[]): Promise<void> {
  for (let from = 0; from < events.length; from += PUBLISH_BATCH) {
    const response = await context.server.api(`/browsers/${sessionId}/telemetry/events`, {
      method: 'POST',
      body: JSON.stringify(events.slice(from, from + PUBLISH_BATCH)),
    });
    if (!response.ok) throw new Error(`publish: HTTP ${response.status}`);
  }
}

/** An ended session opened in its view, as history.ts does: ms until all of it read, and events. */
async function readHistory(
  browser: Browser,
  baseUrl: string,
  sessionId: string,
): Promise<{ ms: number; events: number }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    const opened = { at: 0 };
    await openSession(page, baseUrl, sessionId, 'memory', async () => {
      opened.at = await page.evaluate(() => performance.now());
    });
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent?.includes('History: '),
      HISTORY,
      { timeout: 600_000, polling: 50 },
    );
    const done = await page.evaluate(() => performance.now());
    const text = (await page.locator(HISTORY).textContent()) ?? '';
    const events = Number(/([\d,]+) events/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
    return { ms: done - opened.at, events };
  } finally {
    await page.close();
  }
}

interface Watched {
  firstMs: number;
  first: { a: number; b: number };
  completeMs: number;
}

/**
 * In the page, from now: when the comparison's summary first shows, with the events it counted,
 * and when it counts `a` and `b` events (its last line: "A: n steps, m events; B: …").
 */
function watchSummary(expected: { a: number; b: number }): string {
  // set, not returned: evaluate would wait for the promise
  return `void (window.__benchCompare = new Promise((resolve, reject) => {
    const started = performance.now();
    let first = null;
    const count = (text) => Number(text.replace(/,/g, ''));
    const look = () => {
      const lines = document.querySelectorAll('[aria-label="Summary"] li');
      const last = lines[lines.length - 1]?.textContent ?? '';
      const found = /A: [\\d,]+ steps?, ([\\d,]+) events?; B: [\\d,]+ steps?, ([\\d,]+) events?/.exec(last);
      const now = performance.now() - started;
      if (found) {
        const seen = { a: count(found[1]), b: count(found[2]) };
        if (first === null) first = { ms: now, seen };
        if (seen.a === ${expected.a} && seen.b === ${expected.b})
          return resolve({ firstMs: first.ms, first: first.seen, completeMs: now });
      }
      if (now > 600000) return reject(new Error('the summary did not count every event: ' + last));
      requestAnimationFrame(look);
    };
    look();
  }))`;
}

/** The comparison opened by its link in a fresh page, the token given at its prompt. */
async function openComparison(
  browser: Browser,
  baseUrl: string,
  ids: { a: string; b: string },
  expected: { a: number; b: number },
): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(`${baseUrl}/#/compare?a=${ids.a}&b=${ids.b}`);
    const prompt = page.getByRole('form', { name: 'Token for the sessions compared' });
    await prompt.waitFor();
    await page.evaluate(watchSummary(expected));
    await prompt.getByLabel('API token').fill(BENCH_TOKEN);
    await prompt.getByRole('button', { name: 'Compare' }).click();
    return await page.evaluate<Watched>('window.__benchCompare');
  } finally {
    await page.close();
  }
}

/**
 * Two ended sessions of `events` events each: each read in its own view (in turn, summed), and
 * the two compared from the comparison's link until its summary counts them all, `runs` times.
 */
export async function measureCompare(
  context: BenchContext,
  options: { events: number; runs: number },
): Promise<CompareResult> {
  const { server, browser } = context;
  const ids = { a: await server.createSession(), b: await server.createSession() };
  const startUs = Date.now() * 1_000;
  await publish(context, ids.a, taskRun('A', options.events, startUs));
  await publish(context, ids.b, taskRun('B', options.events, startUs + 60_000_000));
  await server.api(`/browsers/${ids.a}`, { method: 'DELETE' });
  await server.api(`/browsers/${ids.b}`, { method: 'DELETE' });

  const readA: number[] = [];
  const readB: number[] = [];
  const readBoth: number[] = [];
  const firstMs: number[] = [];
  const completeMs: number[] = [];
  const held = { a: 0, b: 0 };
  let firstSeen = { a: 0, b: 0 };
  for (let run = 0; run < options.runs; run += 1) {
    const a = await readHistory(browser, server.baseUrl, ids.a);
    const b = await readHistory(browser, server.baseUrl, ids.b);
    held.a = a.events;
    held.b = b.events;
    readA.push(a.ms);
    readB.push(b.ms);
    readBoth.push(a.ms + b.ms);
    const watched = await openComparison(browser, server.baseUrl, ids, held);
    firstMs.push(watched.firstMs);
    completeMs.push(watched.completeMs);
    firstSeen = watched.first;
    context.log(
      `  read ${Math.round(a.ms)} + ${Math.round(b.ms)} ms; compared: first summary ${Math.round(watched.firstMs)} ms (${watched.first.a} + ${watched.first.b} events), all ${Math.round(watched.completeMs)} ms`,
    );
  }
  const both = spread(readBoth);
  const complete = spread(completeMs);
  return {
    published: options.events,
    events: held,
    readAMs: spread(readA),
    readBMs: spread(readB),
    readBothMs: both,
    firstSummaryMs: spread(firstMs),
    firstSummaryEvents: firstSeen,
    completeSummaryMs: complete,
    share: complete.median / both.median,
    firstShare: spread(firstMs).median / both.median,
  };
}
