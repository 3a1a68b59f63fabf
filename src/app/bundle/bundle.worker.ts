/// <reference lib="webworker" />
/**
 * The bundle worker: unpacks and reads a debug bundle off the page's thread (read-bundle.ts does
 * the reading; this only takes the file in and posts the result back). The page starts one per
 * bundle opened (read-bundle-file.ts), and ends it once the answer has come.
 */
import type { BundleReply } from './read-bundle-file';
import { readBundle } from './read-bundle';

interface BundleWorkerScope {
  onmessage: ((event: MessageEvent<Blob>) => void) | null;
  postMessage(message: BundleReply): void;
}

const scope = self as unknown as BundleWorkerScope;

scope.onmessage = (event) => {
  event.data.arrayBuffer().then(
    (buffer) => scope.postMessage({ read: readBundle(new Uint8Array(buffer)) }),
    (error: unknown) =>
      scope.postMessage({
        failure: `the file could not be read (${error instanceof Error ? error.message : String(error)})`,
      }),
  );
};
