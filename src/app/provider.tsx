import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { configureStreamWorker } from '../lib/sse/decoded-stream';
import { reconnectAllTimelines } from '../entities/session-events/stores/timeline-registry';
import { reconnectAllLogs } from '../features/logs/stores/log-tabs-registry';
import { useCredentials } from '../features/sessions/stores/credentials-store';
import { createQueryClient } from './query-client';

// Streams read and decode their frames in this worker, started with the first stream.
configureStreamWorker(
  () => new Worker(new URL('./stream.worker.ts', import.meta.url), { type: 'module' }),
);

// A new token applies to every open stream at once, whichever session is shown: they reconnect
// with it and keep what they show. Only a change does: a session view that opens must not
// restart the others' streams (a log followed from its end loses the lines written meanwhile).
useCredentials.subscribe((state, previous) => {
  if (state.tokenVersion === previous.tokenVersion) return;
  reconnectAllLogs();
  reconnectAllTimelines();
});

export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
