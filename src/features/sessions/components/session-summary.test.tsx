import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../model/browser-session';
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
            liveViewUrl: null,
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
            liveViewUrl: null,
          },
        }}
      />,
    );
    expect(getByTitle('The browser this session runs').textContent).toBe(
      'Chromium 147.0.7727.0 (npm package @sparticuz/chromium 147.0.0)',
    );
  });

  describe('an ended session', () => {
    const info: SessionInfo = {
      id: 's1',
      createdAt: '2026-11-24T15:00:00Z',
      capturing: [],
      headless: true,
      cdpWsUrl: 'ws://x/cdp?jwt=secret',
      browserUnavailableReason: null,
      browser: null,
      name: null,
      tags: {},
      deletedAt: null,
      liveViewUrl: null,
    };
    afterEach(() => vi.useRealTimers());

    it('says calmly when it ended (24-hour time) and offers no CDP URL to connect to', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T18:00:00Z'));
      const { rerender } = render(<SessionSummary lookup={{ kind: 'found', info }} />);
      expect(screen.getByRole('button', { name: 'Copy CDP URL' })).toBeDefined();
      expect(screen.queryByTestId('session-ended')).toBeNull();

      // the same summary after the session's record said it ended, as after a reload
      const ended = { ...info, deletedAt: '2026-11-24T15:22:02.512Z' };
      rerender(<SessionSummary lookup={{ kind: 'found', info: ended }} />);
      const badge = screen.getByTestId('session-ended');
      expect(badge.textContent).toBe('ended at 15:22:02');
      expect(badge.className).not.toMatch(/danger|warn/);
      // in the live region that was there from the start: the end is said
      expect(badge.parentElement?.getAttribute('role')).toBe('status');
      expect(screen.queryByRole('button', { name: 'Copy CDP URL' })).toBeNull();
    });

    it('gives the date too when it ended on another day', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
      const ended = { ...info, deletedAt: '2026-11-24T15:22:02Z' };
      render(<SessionSummary lookup={{ kind: 'found', info: ended }} />);
      expect(screen.getByTestId('session-ended').textContent).toBe('ended at 2026-11-24 15:22:02');
    });
  });
});
