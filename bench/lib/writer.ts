import { Worker } from 'node:worker_threads';
import { causeOf } from './failure.ts';
import type { WriterJob, WriterReport } from './writer-worker.ts';

export type { WriterJob, WriterReport };

/**
 * Runs one writer job in its own thread; resolves with its report when it is done, or rejects
 * with `writer failed: <cause>` (an HTTP status and body, or the exception's message).
 */
export function runWriter(job: WriterJob): Promise<WriterReport> {
  return new Promise((resolve, reject) => {
    // a worker does not inherit tsx's loader: it registers it before importing the writer
    const entry = new URL('./writer-worker.ts', import.meta.url).href;
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
      { eval: true, workerData: job },
    );
    let settled = false;
    const fail = (cause: string): void => {
      if (settled) return;
      settled = true;
      reject(new Error(`writer failed: ${cause}`));
    };
    worker.once('message', (message: { ok: boolean; report?: WriterReport; error?: string }) => {
      if (message.ok && message.report && !settled) {
        settled = true;
        resolve(message.report);
      } else fail(message.error ?? 'no cause given');
      void worker.terminate();
    });
    worker.once('error', (error) => fail(causeOf(error)));
    worker.once('exit', (code) => fail(`its thread exited with code ${code} before it reported`));
  });
}
