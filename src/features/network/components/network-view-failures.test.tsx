import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../config/test-ids';
import { readHar } from '../model/har';
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import { NetworkView } from './network-view';

/** A Playwright HAR (as its recorder writes it) with one refused request and one answered. */
function playwrightHar(): string {
  const entry = (url: string, response: Record<string, unknown>, time: number) => ({
    startedDateTime: '2026-11-24T10:00:00.000Z',
    time,
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [],
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: -1, mimeType: 'x-unknown' },
      headersSize: -1,
      bodySize: -1,
      redirectURL: '',
      _transferSize: -1,
      ...response,
    },
    cache: {},
    timings: { send: -1, wait: -1, receive: -1 },
  });
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'Playwright', version: '1.57.0' },
      entries: [
        entry(
          'http://127.0.0.1:9/api/cart',
          { status: -1, _failureText: 'net::ERR_CONNECTION_REFUSED' },
          -1,
        ),
        entry('https://shop.test/logo.png', { status: 200, statusText: 'OK' }, 20),
      ],
    },
  });
}

describe('NetworkView: a failed request from a HAR file', () => {
  it('reads "(failed) net::ERR_…" in the danger tone, and counts as failed', async () => {
    const user = userEvent.setup();
    const har = readHar(playwrightHar());
    const timeline = createFileTimeline({
      name: 'pw.har',
      envelopes: har?.envelopes ?? [],
      problems: [],
      capacity: 100,
    });
    render(<NetworkView timeline={timeline} />);
    const rows = screen.getAllByTestId(TEST_IDS.networkRow);
    expect(rows).toHaveLength(2);
    const failedRow = rows.find((row) => row.textContent?.includes('cart'));
    if (!failedRow) throw new Error('no row for the refused request');
    const status = within(failedRow).getAllByRole('cell')[0];
    expect(status?.textContent).toBe('(failed) net::ERR_CONNECTION_REFUSED');
    expect(status?.firstElementChild?.className).toContain('text-danger');
    expect(failedRow.textContent).not.toContain('-1');
    expect(failedRow.dataset.status).toBe('failed');

    // "Failed only" keeps it, and only it
    await user.click(screen.getByRole('button', { name: 'Failed only' }));
    expect(screen.getByTestId(TEST_IDS.networkCount).textContent).toBe('1 of 2 requests');
    expect(screen.getAllByTestId(TEST_IDS.networkRow)[0]?.textContent).toContain('cart');
  });
});
