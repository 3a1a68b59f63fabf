/// <reference lib="webworker" />
/**
 * The stream worker: reads and decodes the log and telemetry streams off the main thread
 * (lib/sse/stream-worker-host). The page starts it through configureStreamWorker (app/provider).
 */
import { logDecoder } from '../features/logs/api/log-decoder';
import { telemetryDecoder } from '../features/telemetry/api/telemetry-decoder';
import type { AnyStreamDecoder } from '../lib/sse/decoded-stream';
import { serveStreams, type WorkerScope } from '../lib/sse/stream-worker-host';

serveStreams(self as unknown as WorkerScope, [
  logDecoder as AnyStreamDecoder,
  telemetryDecoder as AnyStreamDecoder,
]);
