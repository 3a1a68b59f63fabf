import { describe, expect, it } from 'vitest';
import { decodeBrowserSession } from './browser-session';

describe('decodeBrowserSession', () => {
  it('decodes what the reference server and upstream send', () => {
    const info = decodeBrowserSession({
      session_id: 'abc',
      created_at: '2026-11-21T05:00:00.000Z',
      headless: true,
      cdp_ws_url: 'wss://x',
      browser_live_view_url: 'https://live.example/s/abc?jwt=j',
      telemetry: {
        browser: {
          network: { enabled: true },
          console: { enabled: true },
          page: { enabled: false },
          future_thing: { enabled: true },
        },
      },
    });
    expect(info).toEqual({
      id: 'abc',
      createdAt: '2026-11-21T05:00:00.000Z',
      capturing: ['console', 'network', 'future_thing'],
      headless: true,
      cdpWsUrl: 'wss://x',
      browserUnavailableReason: null,
      browser: null,
      name: null,
      tags: {},
      deletedAt: null,
      liveViewUrl: 'https://live.example/s/abc?jwt=j',
    });
  });

  it('decodes the name, tags and end of a session', () => {
    expect(
      decodeBrowserSession({
        session_id: 'abc',
        name: 'checkout agent',
        tags: { team: 'shop', count: 3 },
        deleted_at: '2026-11-23T12:00:00Z',
      }),
    ).toMatchObject({
      name: 'checkout agent',
      tags: { team: 'shop' },
      deletedAt: '2026-11-23T12:00:00Z',
    });
  });

  it('tolerates missing and wrongly typed fields', () => {
    expect(
      decodeBrowserSession({ session_id: 'x', telemetry: null, headless: 'yes', created_at: 5 }),
    ).toMatchObject({
      capturing: null,
      headless: null,
      createdAt: null,
    });
  });

  it('rejects a body without an id', () => {
    expect(() => decodeBrowserSession({ telemetry: {} })).toThrow('no session_id');
    expect(() => decodeBrowserSession('<html>')).toThrow('not a JSON object');
  });
});
