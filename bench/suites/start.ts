import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { newProbedPage } from '../lib/browser.ts';
import { openSession, SELECTORS } from '../lib/console-page.ts';
import type { StartResult } from '../lib/results.ts';
import { projectRoot } from '../lib/server.ts';
import { spread } from '../lib/stats.ts';
import { telemetryEvent, createRandom, epochMs } from '../lib/lines.ts';
import type { BenchContext } from './ingest.ts';

/** Scripts and stylesheets `dist/index.html` loads before anything else: their bytes and gzip. */
async function initialAssets(): Promise<
  Pick<StartResult, 'jsKb' | 'jsGzipKb' | 'cssKb' | 'cssGzipKb'>
> {
  const dist = path.join(projectRoot, 'dist');
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const sizes = { jsKb: 0, jsGzipKb: 0, cssKb: 0, cssGzipKb: 0 };
  for (const [, reference] of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)) {
    const body = await readFile(path.join(dist, reference as string));
    const kind = reference?.endsWith('.css') ? 'css' : 'js';
    sizes[`${kind}Kb`] += body.length / 1024;
    sizes[`${kind}GzipKb`] += gzipSync(body).length / 1024;
  }
  return sizes;
}

/**
 * Time from opening the page to the first timeline event on screen, for a session whose token
 * this tab remembers (the page opens straight onto it), `runs` times.
 */
export async function measureStart(context: BenchContext, runs: number): Promise<StartResult> {
  const { server, browser } = context;
  const sessionId = await server.createSession();
  const random = createRandom(7);
  const events = Array.from({ length: 20 }, (_, n) => telemetryEvent(n, epochMs(), random));
  const published = await server.api(`/browsers/${sessionId}/telemetry/events`, {
    method: 'POST',
    body: JSON.stringify(events),
  });
  if (!published.ok) throw new Error(`publish: HTTP ${published.status}`);
  const page = await newProbedPage(browser, { firstSeen: SELECTORS.timelineRow });
  const times: number[] = [];
  const cdp = await page.context().newCDPSession(page);
  try {
    // every load is a first visit's: nothing comes from the HTTP cache
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await openSession(page, server.baseUrl, sessionId, 'tab');
    await page.locator(SELECTORS.timelineRow).first().waitFor();
    const url = page.url();
    for (let run = 0; run < runs; run += 1) {
      // a fresh document each time: the address bar's session link, the token from this tab
      await page.goto('about:blank');
      await page.goto(url);
      await page.locator(SELECTORS.timelineRow).first().waitFor();
      times.push(await page.evaluate<number>('window.__bench.firstSeen()'));
    }
  } finally {
    await cdp.detach();
    await page.close();
    await server.api(`/browsers/${sessionId}`, { method: 'DELETE' });
  }
  return { ...(await initialAssets()), firstEventMs: spread(times) };
}
