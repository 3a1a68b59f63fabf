/// <reference lib="webworker" />
/**
 * The stream worker: reads and decodes the log and telemetry streams off the main thread
 * (lib/sse/stream-worker-host): the first few of all tabs each as its own request, the rest over
 * one WebSocket to the server’s stream relay when it has one (lib/sse/direct-slots, relay-fetch).
 * The page starts it through configureStreamWorker (app/provider).
 */
import { LIMITS } from '../config/limits';
import { logDecoder } from '../features/logs/api/log-decoder';
import { telemetryDecoder } from '../entities/session-events/api/telemetry-decoder';
import type { AnyStreamDecoder } from '../lib/sse/decoded-stream';
import { createDirectSlots } from '../lib/sse/direct-slots';
import { createRelayFetch } from '../lib/sse/relay-fetch';
import { serveStreams, type WorkerScope } from '../lib/sse/stream-worker-host';

const scope = self as unknown as WorkerScope;
const relayFetch = createRelayFetch({
  fallback: (input, init) => globalThis.fetch(input, init),
  ...LIMITS.streamRelay,
  // the first few streams of all tabs go straight to the server, the rest through the relay
  takeDirectSlot: createDirectSlots(LIMITS.directStreams),
  onState: (state) => scope.postMessage({ type: 'transport', state }, []),
});

serveStreams(
  scope,
  [logDecoder as AnyStreamDecoder, telemetryDecoder as AnyStreamDecoder],
  undefined,
  relayFetch,
);
