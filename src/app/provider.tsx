import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { configureStreamWorker } from '../lib/sse/decoded-stream';
import { createQueryClient } from './query-client';

// Streams read and decode their frames in this worker, started with the first stream.
configureStreamWorker(
  () => new Worker(new URL('./stream.worker.ts', import.meta.url), { type: 'module' }),
);

export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
