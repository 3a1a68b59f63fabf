import { Worker } from 'node:worker_threads';
import type { WriterJob, WriterReport } from './writer-worker.ts';

export type { WriterJob, WriterReport };

/** Runs one writer job in its own thread; resolves with its report when it is done. */
export function runWriter(job: WriterJob): Promise<WriterReport> {
  return new Promise((resolve, reject) => {
    // a worker does not inherit tsx's loader: it registers it before importing the writer
    const entry = new URL('./writer-worker.ts', import.meta.url).href;
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
      { eval: true, workerData: job },
    );
    worker.once('message', (message: { ok: boolean; report?: WriterReport; error?: string }) => {
      if (message.ok && message.report) resolve(message.report);
      else reject(new Error(message.error ?? 'the writer failed'));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
