import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventItem } from '../../../entities/session-events/testing/overview-test-kit';
import type { NetworkExchange } from '../../../entities/session-events/model/network';
import type { EventItem } from '../../../entities/session-events/model/types';
import { NetworkDetail } from './network-detail';
import { NetworkTiming } from './network-timing';

const T0 = Date.UTC(2026, 10, 21, 6, 13, 5, 250) * 1000;

function item(type: string, data: Record<string, unknown>, index: number): EventItem {
  return eventItem(index, T0 + index * 10_000, { category: 'network', type, data });
}

/** A request on a new TLS connection, as the reference server reports it: 30 ms in all. */
function exchange(parts: { timing?: boolean; finished?: boolean } = {}): NetworkExchange {
  const { timing = true, finished = true } = parts;
  return {
    requestId: '9',
    request: item(
      'network_request',
      {
        request_id: '9',
        method: 'GET',
        url: 'https://shop.test/api/me',
        headers: { Accept: '*/*' },
        cdp_timestamp: 100,
      },
      0,
    ),
    response: item(
      'network_response',
      {
        request_id: '9',
        status: 200,
        request_headers: { Accept: '*/*', Cookie: 'sid=s3cret', Host: 'shop.test' },
        ...(timing && {
          timing: {
            requestTime: 100.001,
            dnsStart: 0.5,
            dnsEnd: 1.5,
            connectStart: 1.5,
            connectEnd: 4,
            sslStart: 2,
            sslEnd: 4,
            sendStart: 4.2,
            sendEnd: 4.5,
            receiveHeadersEnd: 15.5,
          },
        }),
      },
      1,
    ),
    finished: finished
      ? item('network_loading_finished', { request_id: '9', cdp_timestamp: 100.03 }, 2)
      : null,
    failed: null,
    redirects: [],
    durationMs: null,
  };
}

/** The duration a phase's row shows, by its name. */
function duration(name: string): string | null | undefined {
  return screen.getByRole('rowheader', { name }).closest('tr')?.lastElementChild?.textContent;
}

describe('NetworkTiming', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each phase with its duration and a bar on the request’s own scale', () => {
    render(<NetworkTiming exchange={exchange()} />);
    const section = screen.getByRole('region', { name: 'Timing' });
    expect(
      within(section)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Queueing',
      'Stalled',
      'DNS lookup',
      'Initial connection',
      'SSL/TLS',
      'Request sent',
      'Waiting for server response (TTFB)',
      'Content download',
      'Total',
    ]);
    expect(duration('Queueing')).toBe('1.00 ms');
    expect(duration('DNS lookup')).toBe('1.00 ms');
    expect(duration('Initial connection')).toBe('2.50 ms');
    expect(duration('Waiting for server response (TTFB)')).toBe('11.00 ms');
    expect(duration('Content download')).toBe('13.50 ms');
    expect(duration('Total')).toBe('30.00 ms');
    // the download runs from 16.5 ms to the end of the 30 ms
    const bar = screen
      .getByRole('rowheader', { name: 'Content download' })
      .closest('tr')
      ?.querySelector('span');
    expect(parseFloat(bar?.style.left ?? '')).toBeCloseTo(55, 6);
    expect(parseFloat(bar?.style.width ?? '')).toBeCloseTo(45, 6);
  });

  it('says a load still going on, and what is known without a breakdown', () => {
    const { unmount } = render(<NetworkTiming exchange={exchange({ finished: false })} />);
    expect(screen.queryByRole('rowheader', { name: 'Content download' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Total' }).closest('tr')?.textContent).toContain(
      'still loading',
    );
    unmount();
    render(<NetworkTiming exchange={exchange({ timing: false })} />);
    expect(screen.getByRole('region', { name: 'Timing' }).textContent).toContain(
      'No timing breakdown in this telemetry',
    );
  });

  it('is part of the details, whose Copy as cURL carries the cookie the browser sent, masked', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<NetworkDetail exchange={exchange()} originUs={T0} />);
    expect(screen.getByRole('region', { name: 'Timing' })).toBeTruthy();
    expect(screen.queryByText(/Provisional headers/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy as cURL' }));
    const copied = String((writeText.mock.calls[0] as unknown[] | undefined)?.[0]);
    expect(copied).toContain("-H 'Cookie: <masked>'");
    expect(copied).not.toContain('s3cret');
    expect(copied).not.toContain('Host:');
  });
});
