import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventItem } from '../../../entities/session-events/testing/overview-test-kit';
import type { NetworkExchange } from '../../../entities/session-events/model/network';
import type { EventItem } from '../../../entities/session-events/model/types';
import { NetworkDetail } from './network-detail';

// 2026-11-21T06:13:05.250Z (tests run with TZ=UTC).
const T0 = Date.UTC(2026, 10, 21, 6, 13, 5, 250) * 1000;

function item(type: string, data: Record<string, unknown>, tsUs: number, index = 0): EventItem {
  return eventItem(index, tsUs, { category: 'network', type, data });
}

const URL_TEXT = 'https://api.example.test/v1/items?q=a%20b';

const request = item(
  'network_request',
  {
    request_id: '7',
    method: 'POST',
    url: URL_TEXT,
    headers: { 'Content-Type': 'application/json', accept: '*/*' },
    post_data: '{"name":"x"}',
    initiator_type: 'script',
    resource_type: 'Fetch',
  },
  T0,
);

function exchange(parts: Partial<NetworkExchange>): NetworkExchange {
  return {
    requestId: '7',
    request,
    response: null,
    finished: null,
    failed: null,
    redirects: [],
    durationMs: null,
    ...parts,
  };
}

/** The value a definition list gives for a term. */
function fact(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('NetworkDetail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows method, URL, status, timing, classification, headers and JSON bodies', () => {
    const response = item(
      'network_response',
      {
        request_id: '7',
        status: 201,
        status_text: 'Created',
        mime_type: 'application/json',
        headers: { server: 'test', ETag: '"1"' },
        body: '{"id":1,"tags":["a"]}',
      },
      T0 + 42_500,
      1,
    );
    render(
      <NetworkDetail
        exchange={exchange({ response, durationMs: 42.4 })}
        originUs={T0 - 2_000_000}
      />,
    );
    expect(screen.getByText('POST')).toBeDefined();
    expect(screen.getByText(URL_TEXT)).toBeDefined();
    expect(screen.getByText('201 Created').className).toContain('text-ok');
    expect(fact('Started')).toBe('06:13:05.250 (+2.000s)');
    expect(fact('Duration')).toBe('42 ms');
    expect(fact('MIME type')).toBe('application/json');
    expect(fact('Resource type')).toBe('Fetch');
    expect(fact('Initiator')).toBe('script');

    const requestHeaders = within(section('Request headers')).getAllByRole('row');
    expect(requestHeaders.map((row) => row.textContent)).toEqual([
      'NameValue',
      'accept*/*',
      'Content-Typeapplication/json',
    ]);
    expect(within(section('Response headers')).getByText('"1"')).toBeDefined();
    expect(
      within(section('Request body')).getByText('{ "name": "x" }', { normalizer: squash }),
    ).toBeDefined();
    const body = within(section('Response body')).getByLabelText('Response body text');
    expect(body.tagName).toBe('PRE');
    expect(body.textContent).toBe('{\n  "id": 1,\n  "tags": [\n    "a"\n  ]\n}');
    expect(screen.queryByText(/Body as captured/)).toBeNull();
  });

  it('marks statuses of 400 and above as danger', () => {
    const response = item('network_response', { request_id: '7', status: 503 }, T0 + 1000, 1);
    render(<NetworkDetail exchange={exchange({ response, durationMs: 1 })} originUs={null} />);
    expect(screen.getByText('503').className).toContain('text-danger');
    expect(fact('Started')).toBe('06:13:05.250');
    expect(within(section('Response body')).getByText('No response body captured')).toBeDefined();
    expect(within(section('Response headers')).getByText('No headers captured')).toBeDefined();
  });

  it('shows a failure in red, with (canceled), and says there is no response', () => {
    const failed = item(
      'network_loading_failed',
      { request_id: '7', error_text: 'net::ERR_ABORTED', canceled: true },
      T0 + 5000,
      1,
    );
    render(<NetworkDetail exchange={exchange({ failed, durationMs: 5 })} originUs={null} />);
    const failure = screen.getByText(/net::ERR_ABORTED/);
    expect(failure.textContent).toBe('(canceled) net::ERR_ABORTED');
    expect(failure.className).toContain('text-danger');
    expect(
      within(section('Response headers')).getByText('No response (the request failed)'),
    ).toBeDefined();
  });

  it('reads a failed load as DevTools does, after the status when the response had come', () => {
    const failed = item(
      'network_loading_failed',
      { request_id: '7', error_text: 'net::ERR_BLOCKED_BY_ORB' },
      T0 + 5000,
      2,
    );
    const response = item('network_response', { request_id: '7', status: 200 }, T0 + 4000, 1);
    render(<NetworkDetail exchange={exchange({ response, failed })} originUs={null} />);
    const failure = screen.getByText('(failed) net::ERR_BLOCKED_BY_ORB');
    expect(failure.className).toContain('text-danger');
    // the status is still said, but not in the tone of a success
    expect(screen.getByText('200').className).not.toContain('text-ok');
  });

  it('masks credentials in headers, reveals one on request, and masks again for another request', async () => {
    const user = userEvent.setup();
    const token = 'eyJhbGciOiJIUzI1NiJ9.c2Vzc2lvbi00Mg.s3cr3t-signature'; // 52 characters
    const withAuth = (id: string, index: number, authorization: string): EventItem =>
      item(
        'network_request',
        {
          request_id: id,
          method: 'GET',
          url: `https://api.example.test/${id}`,
          headers: { Authorization: authorization, Cookie: 'sid=abc123', Accept: '*/*' },
        },
        T0,
        index,
      );
    const first = exchange({ requestId: '7', request: withAuth('7', 0, `Bearer ${token}`) });
    const view = render(<NetworkDetail exchange={first} originUs={null} />);
    const headers = (): HTMLElement => section('Request headers');
    const row = (name: string): HTMLElement =>
      within(headers()).getByRole('row', { name: new RegExp(`^${name}`) });

    expect(within(row('Authorization')).getByText('Bearer ••••••• (52 characters)')).toBeDefined();
    expect(within(row('Cookie')).getByText('••••••• (10 characters)')).toBeDefined();
    expect(within(row('Accept')).getByText('*/*')).toBeDefined();
    expect(document.body.textContent).not.toContain(token);
    expect(document.body.textContent).not.toContain('sid=abc123');

    const reveal = within(headers()).getByRole('button', { name: 'Reveal Authorization' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    await user.click(reveal);
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    expect(within(row('Authorization')).getByText(`Bearer ${token}`)).toBeDefined();
    // one value at a time: the cookie stays masked
    expect(document.body.textContent).not.toContain('sid=abc123');
    await user.click(reveal);
    expect(document.body.textContent).not.toContain(token);
    await user.click(reveal);

    // another request chosen in the same pane: its secrets are masked
    const second = exchange({ requestId: '8', request: withAuth('8', 5, 'Basic dXNlcjpwYXNz') });
    view.rerender(<NetworkDetail exchange={second} originUs={null} />);
    expect(within(row('Authorization')).getByText('Basic ••••••• (12 characters)')).toBeDefined();
    expect(document.body.textContent).not.toContain('dXNlcjpwYXNz');
    expect(
      within(headers())
        .getByRole('button', { name: 'Reveal Authorization' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    // and going back to the first one does not bring the revealed value back
    view.rerender(<NetworkDetail exchange={first} originUs={null} />);
    expect(document.body.textContent).not.toContain(token);
  });

  it('says what is missing while the request is pending or no longer held', () => {
    const { unmount } = render(
      <NetworkDetail
        exchange={exchange({
          request: item('network_request', { request_id: '7', method: 'GET', url: URL_TEXT }, T0),
        })}
        originUs={null}
      />,
    );
    expect(screen.getAllByText('No response yet')).toHaveLength(3);
    expect(fact('Duration')).toBe('Pending');
    expect(within(section('Request body')).getByText('No request body')).toBeDefined();
    expect(within(section('Request headers')).getByText('No headers captured')).toBeDefined();
    unmount();

    const response = item('network_response', { request_id: '7', status: 200 }, T0, 1);
    render(<NetworkDetail exchange={exchange({ request: null, response })} originUs={null} />);
    expect(screen.getByText('URL not captured')).toBeDefined();
    expect(
      within(section('Request headers')).getByText('The request event is no longer held'),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Copy URL' })).toHaveProperty('disabled', true);
  });

  it('notes that a long body is as captured, and keeps huge unbroken text as wrapping text', () => {
    const huge = 'A'.repeat(100_000);
    const response = item(
      'network_response',
      { request_id: '7', status: 200, body: huge, headers: { 'x-long': huge } },
      T0,
      1,
    );
    const hostile = '<img src=x onerror=alert(1)>';
    const withHostileUrl = item('network_request', { request_id: '7', url: hostile + huge }, T0);
    const { container } = render(
      <NetworkDetail exchange={exchange({ request: withHostileUrl, response })} originUs={null} />,
    );
    expect(
      screen.getByText(
        'Body as captured (the server keeps up to 8 KB of structured text, 4 KB of other text)',
      ),
    ).toBeDefined();
    const body = screen.getByLabelText('Response body text');
    expect(body.textContent).toBe(huge);
    expect(body.className).toContain('break-all');
    expect(body.className).toContain('overflow-auto');
    expect(screen.getByText(hostile + huge).className).toContain('break-all');
    expect(container.querySelector('img')).toBeNull();
  });

  it('copies the full URL', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<NetworkDetail exchange={exchange({})} originUs={null} />);
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(URL_TEXT);
    const copied = await screen.findAllByText('Copied');
    expect(copied).toHaveLength(1);
    expect(copied[0]?.getAttribute('role')).toBe('status');
  });

  it('copies the request as cURL with secrets masked, unless asked for them', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <NetworkDetail
        exchange={exchange({
          request: item(
            'network_request',
            {
              request_id: '7',
              method: 'GET',
              url: URL_TEXT,
              headers: { Authorization: 'Bearer s3cret', Accept: '*/*' },
            },
            T0,
          ),
        })}
        originUs={null}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Copy as cURL' }));
    const masked = writeText.mock.calls.at(-1)?.[0] ?? '';
    expect(masked).toMatch(/^curl '/);
    expect(masked).toContain("-H 'Authorization: <masked>'");
    expect(masked).not.toContain('s3cret');
    await user.click(screen.getByLabelText(/^Include secrets/));
    await user.click(screen.getByRole('button', { name: 'Copy as Playwright' }));
    expect(writeText.mock.calls.at(-1)?.[0]).toContain('"Authorization": "Bearer s3cret"');
  });
});

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
