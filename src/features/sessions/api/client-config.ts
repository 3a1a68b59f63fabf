import { queryOptions } from '@tanstack/react-query';

/** What the serving gateway tells the page: whether a local demo session can be opened. */
export interface ClientConfig {
  mode: 'reference' | 'upstream' | 'unknown';
  demo: { sessionId: string; token: string } | null;
}

function decodeClientConfig(value: unknown): ClientConfig {
  if (typeof value !== 'object' || value === null) return { mode: 'unknown', demo: null };
  const record = value as Record<string, unknown>;
  const mode = record.mode === 'reference' || record.mode === 'upstream' ? record.mode : 'unknown';
  const demo = record.demo as Record<string, unknown> | undefined;
  const valid = demo && typeof demo.sessionId === 'string' && typeof demo.token === 'string';
  return {
    mode,
    demo: valid ? { sessionId: demo.sessionId as string, token: demo.token as string } : null,
  };
}

export const clientConfigQuery = queryOptions<ClientConfig>({
  queryKey: ['client-config'],
  queryFn: async ({ signal }) => {
    const response = await fetch('/console-config.json', { signal, cache: 'no-store' });
    if (!response.ok) return { mode: 'unknown', demo: null };
    try {
      return decodeClientConfig(await response.json());
    } catch {
      return { mode: 'unknown', demo: null };
    }
  },
  staleTime: Infinity,
  retry: false,
});
