// The dashboard's CSP lets it frame the reference server's live view, and nothing more: one
// origin beside 'self' in frame-src, on the dashboard's pages only, never on the API's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, dashboardCsp, SECURITY_HEADERS } from './gateway.ts';
import { closeServer, listen, makeDist } from './test-helpers.ts';

const BASE = SECURITY_HEADERS['Content-Security-Policy'];

describe('gateway: framing the live view', () => {
  let dist: Awaited<ReturnType<typeof makeDist>>;
  let server: Awaited<ReturnType<typeof listen>>;
  const asked: (string | undefined)[] = [];

  beforeAll(async () => {
    dist = await makeDist();
    server = await listen(
      createGateway({
        staticRoot: dist.root,
        api: (_req, res) => res.writeHead(204).end(),
        frameOrigin: (host) => {
          asked.push(host);
          return `http://${(host ?? '').replace(/:\d+$/, '')}:7301`;
        },
      }),
    );
  });
  afterAll(async () => {
    await closeServer(server.server);
    await dist.cleanup();
  });

  it('adds the live view origin, for the host the page was reached under, to frame-src', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(response.headers.get('content-security-policy')).toBe(
      `${BASE}; frame-src 'self' http://127.0.0.1:7301`,
    );
    expect(asked).toContain(`127.0.0.1:${server.port}`);
  });

  it('leaves the API its own CSP', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/browsers`);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
  });

  it('names only a plain origin, never anything that would add a directive', () => {
    expect(dashboardCsp(undefined)).toBe(BASE);
    expect(dashboardCsp('https://live.example.com')).toBe(
      `${BASE}; frame-src 'self' https://live.example.com`,
    );
    expect(dashboardCsp('http://[::1]:7301')).toBe(`${BASE}; frame-src 'self' http://[::1]:7301`);
    // an upstream's live views, named by the configuration (LIVE_VIEW_ORIGINS), beside it
    expect(
      dashboardCsp(undefined, ['https://*.live.example.com', 'https://live.example.org']),
    ).toBe(`${BASE}; frame-src 'self' https://*.live.example.com https://live.example.org`);
    expect(dashboardCsp(undefined, ["https://x; script-src 'unsafe-inline'", '*'])).toBe(BASE);
    for (const hostile of [
      "http://x; script-src 'unsafe-inline'",
      'http://x/path',
      'javascript:alert(1)',
      'http://a b',
      '*',
    ])
      expect(dashboardCsp(hostile)).toBe(BASE);
  });
});
