import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionSummary } from './session-summary';

describe('SessionSummary', () => {
  it('shows the session id and a note when the server does not offer session details', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { container } = render(
      <SessionSummary
        lookup={{ kind: 'not-offered', sessionId: hostile, answer: '404 Not Found' }}
      />,
    );
    expect(screen.getByText(hostile)).toBeDefined();
    expect(container.textContent).toContain(
      'This server does not offer session details (it answered 404 Not Found); the streams below connect on their own.',
    );
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows what the session captures when its details came', () => {
    const { container } = render(
      <SessionSummary
        lookup={{
          kind: 'found',
          info: {
            id: 's1',
            createdAt: null,
            capturing: ['console', 'network'],
            headless: null,
            cdpWsUrl: null,
            browserUnavailableReason: null,
            browser: null,
            name: null,
            tags: {},
            deletedAt: null,
          },
        }}
      />,
    );
    // (the Details button is for narrow screens, where the badges fold behind it)
    expect(container.textContent).toBe('Details ▾consolenetwork');
    expect(container.textContent).not.toContain('does not offer');
  });

  it('names the browser the reference server runs the session in', () => {
    const { getByTitle } = render(
      <SessionSummary
        lookup={{
          kind: 'found',
          info: {
            id: 's1',
            createdAt: null,
            capturing: [],
            headless: true,
            cdpWsUrl: 'ws://x/cdp',
            browserUnavailableReason: null,
            browser: 'Chromium 147.0.7727.0 (npm package @sparticuz/chromium 147.0.0)',
            name: null,
            tags: {},
            deletedAt: null,
          },
        }}
      />,
    );
    expect(getByTitle('The browser this session runs').textContent).toBe(
      'Chromium 147.0.7727.0 (npm package @sparticuz/chromium 147.0.0)',
    );
  });
});
