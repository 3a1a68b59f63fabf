import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newProbedPage, probeStart, probeStop, waitForCount } from '../lib/browser.ts';
import type { IngestResult } from '../lib/results.ts';
import { runWriter } from '../lib/writer.ts';
import {
  FRONTAIL_CONTAINER_SELECTOR,
  FRONTAIL_LINE_SELECTOR,
  startFrontail,
} from '../peer/frontail.ts';
import { summarize, type BenchContext } from './ingest.ts';

/** Lines frontail keeps on its page; it drops older ones as new ones come (its own cap). */
const FRONTAIL_LINES = 2_000;

/** frontail tailing a file the writer appends to at `rate` lines/s (0: flat out). */
export async function measureFrontail(
  context: BenchContext,
  rate: number,
  port: number,
): Promise<IngestResult> {
  const dir = path.join(os.tmpdir(), `session-console-bench-frontail-${process.pid}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'app.log');
  await writeFile(file, '');
  const frontail = await startFrontail({ file, port, lines: FRONTAIL_LINES });
  const page = await newProbedPage(context.browser);
  try {
    await page.goto(frontail.url);
    await page.locator(FRONTAIL_CONTAINER_SELECTOR).waitFor({ state: 'attached' });
    // its socket connects after the page loads; a first line proves the tail reaches the page
    await writeFile(file, 'ready\n', { flag: 'a' });
    await page.locator(FRONTAIL_LINE_SELECTOR).first().waitFor({ state: 'attached' });
    await probeStart(page, { lines: FRONTAIL_CONTAINER_SELECTOR, count: 'lines' });
    const report = await runWriter({ kind: 'file', file, rate, durationMs: context.durationMs });
    const delivered = await waitForCount(
      () => page.evaluate<number>('window.__bench.linesSeen()'),
      report.written,
      3_000,
      // frontail drains its queue slowly: what has not arrived one run's length after writing
      // stopped is late
      context.durationMs,
    );
    const record = await probeStop(page);
    return {
      ...summarize(
        {
          client: 'frontail',
          stream: 'logs',
          source: 'tail',
          targetRate: rate,
          written: report.written,
          writeRate: report.rate,
        },
        delivered,
        record,
        true,
      ),
      note: `frontail ${frontail.version}, ${FRONTAIL_LINES} lines kept`,
    };
  } finally {
    await page.close();
    await frontail.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
