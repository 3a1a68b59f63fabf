import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRecentSessions } from '../stores/recent-sessions';
import { ConnectScreen } from './connect-screen';

const REFUSED = '“..” is not a session id: an id must be a single path segment, not “.” or “..”';

function renderScreen(refused?: string) {
  const onOpen = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConnectScreen onOpen={onOpen} refused={refused} />
    </QueryClientProvider>,
  );
  return onOpen;
}

/** What the connect form says (the session list below has alerts of its own). */
function formAlert(): string | null {
  const form = screen.getByRole('form', { name: 'Connect to a session' });
  return within(form).getByRole('alert').textContent;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useRecentSessions.getState().forget('..');
});

describe('ConnectScreen', () => {
  it('refuses a typed id that is not a path segment, and says why', async () => {
    const user = userEvent.setup();
    const onOpen = renderScreen();
    await user.type(screen.getByLabelText('Session id'), ' .. ');
    await user.type(screen.getByLabelText(/^API token/), 'tok');
    await user.click(screen.getByRole('button', { name: 'Open session' }));
    expect(formAlert()).toBe(REFUSED);
    expect(onOpen).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Session id'));
    await user.type(screen.getByLabelText('Session id'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Open session' }));
    expect(onOpen).toHaveBeenCalledWith('abc');
  });

  it('refuses such an id chosen from the list of recent sessions', async () => {
    useRecentSessions.getState().opened('..');
    const user = userEvent.setup();
    const onOpen = renderScreen();
    await user.click(screen.getByRole('button', { name: '..' }));
    expect(formAlert()).toBe(REFUSED);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('says why the id in the URL was refused', () => {
    renderScreen(REFUSED);
    expect(formAlert()).toBe(REFUSED);
  });
});
