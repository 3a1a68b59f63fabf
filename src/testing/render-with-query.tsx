import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { ApiConnection } from '../lib/http/request';

export const TEST_TOKEN = 'tok-secret-123';

export function testConnection(): ApiConnection {
  return { base: '/api', token: () => TEST_TOKEN };
}

/** Renders with a fresh QueryClient (retries off) and a userEvent instance. */
export function renderWithQuery(
  ui: ReactElement,
  options: Parameters<typeof userEvent.setup>[0] = {},
): RenderResult & { user: ReturnType<typeof userEvent.setup> } {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup(options);
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...view, user };
}
