import type { BundleRead } from './read-bundle';

/** What the bundle worker answers: the bundle read, or why reading it failed. */
export type BundleReply = { read: BundleRead } | { failure: string };

/**
 * Reads a bundle file in a worker of its own (bundle.worker.ts), so unpacking and parsing never
 * hold up the page: the page only takes the result in. The worker is ended once it has answered,
 * which gives its memory back. Where no worker can run (tests in jsdom) it is read here instead.
 * Rejects with what went wrong when the worker fails (out of memory, or it could not start).
 */
export async function readBundleFile(file: Blob): Promise<BundleRead> {
  if (typeof Worker === 'undefined') {
    // the reader (and its zip library) loads only here: the page itself never reads a bundle
    const { readBundle } = await import('./read-bundle');
    return readBundle(new Uint8Array(await file.arrayBuffer()));
  }
  const worker = new Worker(new URL('./bundle.worker.ts', import.meta.url), { type: 'module' });
  try {
    const reply = await new Promise<BundleReply>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<BundleReply>) => resolve(event.data);
      worker.onmessageerror = () =>
        reject(new Error('the bundle reader’s answer could not be read'));
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`the bundle reader stopped (${event.message || 'it gave no reason'})`));
      };
      worker.postMessage(file);
    });
    if ('failure' in reply) throw new Error(reply.failure);
    return reply.read;
  } finally {
    worker.terminate();
  }
}
