/**
 * The writer, in a worker thread of its own so the benchmark's other work never delays it: appends
 * log lines to a file, or publishes telemetry events to a session, at a steady rate (or as fast as
 * it can), and reports how many it wrote and at what rate.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { causeOf } from './failure.ts';
import { createRandom, epochMs, logLine, telemetryEvent } from './lines.ts';

export type WriterJob =
  | { kind: 'file'; file: string; rate: number; durationMs: number }
  | {
      kind: 'publish';
      url: string;
      token: string;
      rate: number;
      durationMs: number;
    };

export interface WriterReport {
  written: number;
  /** Requests made to publish (each one is also an `api_call` event on the session). */
  requests: number;
  elapsedMs: number;
  /** Written per second over the whole run. */
  rate: number;
}

const TICK_MS = 10;
/** Characters of a refused publish's body kept in the error. */
const BODY_CHARS = 300;
/** Lines or events per write when running flat out. */
const FLAT_OUT_BATCH = 5_000;
/**
 * Lines or events per write at most: a writer that fell behind its rate (a server slower than the
 * rate, on a slow machine) catches up in writes of this size rather than one write of everything
 * due, which as a publish could pass the server's limit on a request's body (64 MB in the
 * benchmark's server: about 100,000 events).
 */
export const MOST_PER_WRITE = 20_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function run(job: WriterJob): Promise<WriterReport> {
  const random = createRandom(0x5e55);
  let written = 0;
  let requests = 0;
  let fd: number | undefined;
  const emit = async (count: number): Promise<void> => {
    const stamp = epochMs();
    if (job.kind === 'file') {
      let text = '';
      for (let i = 0; i < count; i += 1) text += `${logLine(written + i, stamp, random)}\n`;
      writeSync(fd as number, text);
    } else {
      const events = [];
      for (let i = 0; i < count; i += 1) events.push(telemetryEvent(written + i, stamp, random));
      let response: Response;
      try {
        response = await fetch(job.url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${job.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(events),
        });
      } catch (error) {
        throw new Error(`publish of ${count} events after ${written} written`, { cause: error });
      }
      requests += 1;
      if (!response.ok) {
        const body = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim();
        throw new Error(
          `publish: HTTP ${response.status} ${response.statusText}${body ? `: ${body.slice(0, BODY_CHARS)}` : ''} (after ${written} written)`,
        );
      }
      await response.arrayBuffer();
    }
    written += count;
  };
  if (job.kind === 'file') fd = openSync(job.file, 'a');
  const started = epochMs();
  try {
    for (;;) {
      const elapsed = epochMs() - started;
      if (elapsed >= job.durationMs) break;
      if (job.rate === 0) {
        await emit(FLAT_OUT_BATCH);
        continue;
      }
      const due = Math.floor((job.rate * Math.min(elapsed, job.durationMs)) / 1_000) - written;
      if (due > 0) await emit(Math.min(due, MOST_PER_WRITE));
      // behind by more than one write: the next one at once
      if (due <= MOST_PER_WRITE) await sleep(TICK_MS);
    }
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const elapsedMs = epochMs() - started;
  return { written, requests, elapsedMs, rate: (written * 1_000) / elapsedMs };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as WriterJob).then(
    (report) => port.postMessage({ ok: true, report }),
    (error: unknown) => port.postMessage({ ok: false, error: causeOf(error) }),
  );
}
