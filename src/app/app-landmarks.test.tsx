import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';

function renderApp(hash: string) {
  window.location.hash = hash;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App />
    </QueryClientProvider>,
  );
}

/** Every element on the page is in a landmark (banner, main) or is the polite live region. */
function expectAllInLandmarks(container: HTMLElement): void {
  const root = container.firstElementChild as HTMLElement;
  const roles = [...root.children].map((child) =>
    child.tagName === 'HEADER' ? 'banner' : child.tagName === 'MAIN' ? 'main' : child.role,
  );
  expect(roles).toEqual(['banner', 'main', 'status']);
  expect(screen.getAllByRole('main')).toHaveLength(1);
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('App landmarks and heading', () => {
  it('the connect screen: all in landmarks, one h1 (the screen’s title)', () => {
    const { container } = renderApp('#/');
    expectAllInLandmarks(container);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('form', { name: 'Connect to a session' })).toBeDefined();
    expect(within(main).getByRole('region', { name: 'Open a file' })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Session Console',
    ]);
  });

  it('a session link: all in landmarks, the app’s name as the one h1', () => {
    const { container } = renderApp('#/sessions/abc');
    expectAllInLandmarks(container);
    expect(within(screen.getByRole('main')).getByLabelText('API token')).toBeDefined();
    const [h1, ...more] = screen.getAllByRole('heading', { level: 1 });
    expect(more).toEqual([]);
    expect(within(screen.getByRole('banner')).getByRole('heading', { level: 1 })).toBe(h1);
    expect(h1?.textContent).toBe('Session Console');
  });

  it('the theme button is named by the word it shows, then what it does', async () => {
    const user = userEvent.setup();
    renderApp('#/');
    const button = screen.getByRole('button', { name: /theme\)$/ });
    const shown = (): string => button.textContent?.replace(/[☀☾]/u, '') ?? '';
    const before = shown();
    expect(button.getAttribute('aria-label')).toBe(
      `${before} (switch to ${before === 'Dark' ? 'light' : 'dark'} theme)`,
    );
    await user.click(button);
    expect(shown()).not.toBe(before);
    expect(button.getAttribute('aria-label')?.startsWith(`${shown()} (switch to `)).toBe(true);
  });
});
