import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TelemetryEvent } from '../../../types/api';
import { describeEvent } from '../../../entities/session-events/model/catalogue';
import { eventKeys } from '../../../entities/session-events/model/event-item';
import type { EventItem } from '../../../entities/session-events/model/types';
import { EventFields } from './event-fields';

const TS_US = 1_760_000_000_123_456; // 2025-10-09T08:53:20.123456Z

function eventItem(event: TelemetryEvent, extra: Partial<EventItem> = {}): EventItem {
  return {
    kind: 'event',
    index: 3,
    seq: 42,
    epoch: 0,
    tsUs: event.ts,
    event,
    ...eventKeys(event),
    ...describeEvent(event),
    ...extra,
  };
}

const consoleError: TelemetryEvent = {
  ts: TS_US,
  type: 'console_error',
  category: 'console',
  source: {
    kind: 'cdp',
    event: 'Runtime.exceptionThrown',
    metadata: { cdp_session_id: 'AB12', target: 'page' },
  },
  data: {
    text: 'Uncaught TypeError: x is not a function\n    at handle (app.js:10:5)',
    line: 9,
    column: 4,
    source_url: 'https://shop.example.com/app.js',
    handled: false,
    frame_id: null,
    stack_trace: {
      callFrames: [
        {
          functionName: 'handle',
          scriptId: '7',
          url: 'https://shop.example.com/app.js',
          lineNumber: 9,
          columnNumber: 4,
        },
      ],
    },
  },
};

function definition(term: string, root: HTMLElement = document.body): HTMLElement {
  const dt = within(root).getAllByText(term, { selector: 'dt' })[0];
  const dd = dt?.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`no definition for ${term}`);
  return dd;
}

describe('EventFields', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the header: category, type, seq, clock and relative time, raw µs, error badge', () => {
    render(<EventFields item={eventItem(consoleError)} originUs={TS_US - 2_500_000} />);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Console')).toBeDefined();
    expect(within(header).getByText('console_error')).toBeDefined();
    expect(within(header).getByText('seq 42')).toBeDefined();
    const time = within(header).getByText('08:53:20.123');
    expect(time.getAttribute('title')).toBe(`${TS_US} µs since the Unix epoch`);
    expect(time.getAttribute('datetime')).toBe('2025-10-09T08:53:20.123Z');
    expect(within(header).getByText('+2.500s')).toBeDefined();
    expect(within(header).getByText('error')).toBeDefined();
    expect(within(header).queryByText(/epoch/)).toBeNull();
    expect(within(header).queryByText(/too large/)).toBeNull();
  });

  it('shows the epoch after a restart and leaves out the relative time without an origin', () => {
    const item = eventItem({ ...consoleError, category: 'proxy' }, { epoch: 2 });
    render(<EventFields item={item} originUs={null} />);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('epoch 2')).toBeDefined();
    expect(within(header).getByText('proxy')).toBeDefined();
    expect(within(header).queryByText(/^\+/)).toBeNull();
  });

  it('shows the source with its metadata', () => {
    render(<EventFields item={eventItem(consoleError)} originUs={null} />);
    const source = screen.getByRole('region', { name: 'Source' });
    expect(definition('kind', source).textContent).toBe('cdp');
    expect(definition('event', source).textContent).toBe('Runtime.exceptionThrown');
    expect(definition('cdp_session_id', source).textContent).toBe('AB12');
    expect(definition('target', source).textContent).toBe('page');
  });

  it('shows every data field: text with its line breaks, numbers, booleans, null, nested JSON', () => {
    render(<EventFields item={eventItem(consoleError)} originUs={null} />);
    const data = screen.getByRole('region', { name: 'Data' });
    const text = definition('text', data);
    expect(text.textContent).toBe(
      'Uncaught TypeError: x is not a function\n    at handle (app.js:10:5)',
    );
    expect(text.querySelector('span')?.className).toContain('whitespace-pre-wrap');
    // positions a person reads count from one, as the stack trace shows them (sent from zero)
    expect(definition('line', data).textContent).toBe('10 (one-based; sent as 9)');
    expect(definition('column', data).textContent).toBe('5 (one-based; sent as 4)');
    expect(definition('handled', data).textContent).toBe('false');
    expect(definition('frame_id', data).textContent).toBe('null');
    expect(definition('source_url', data).textContent).toBe('https://shop.example.com/app.js');
    const stack = definition('stack_trace', data).querySelector('pre');
    expect(stack).not.toBeNull();
    expect(JSON.parse(stack?.textContent ?? '')).toEqual(consoleError.data?.stack_trace);
    expect(stack?.textContent).toContain('\n  "callFrames": [');
  });

  it('shows hostile strings literally, never as markup', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const event: TelemetryEvent = {
      ts: TS_US,
      type: '<b>odd</b>',
      category: '<script>',
      source: { kind: 'extension', metadata: { [hostile]: hostile } },
      data: { [hostile]: hostile, nested: { html: hostile } },
    };
    const { container } = render(<EventFields item={eventItem(event)} originUs={null} />);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(definition(hostile, screen.getByRole('region', { name: 'Data' })).textContent).toBe(
      hostile,
    );
    expect(screen.getByText('<b>odd</b>')).toBeDefined();
    expect(container.textContent).toContain('"html": "<img src=x onerror=alert(1)>"');
  });

  it('warns when the server dropped the data of a too large event', () => {
    const event: TelemetryEvent = { ...consoleError, data: null, truncated: true };
    render(<EventFields item={eventItem(event)} originUs={null} />);
    expect(
      within(screen.getByRole('banner')).getByText('too large, data dropped by the server'),
    ).toBeDefined();
    expect(
      within(screen.getByRole('region', { name: 'Data' })).getByText(
        'Dropped by the server: the event was over 1 MB.',
      ),
    ).toBeDefined();
  });

  it('says when an event has no data fields', () => {
    const event: TelemetryEvent = {
      ts: TS_US,
      type: 'cdp_connect',
      category: 'connection',
      source: { kind: 'kernel_api' },
    };
    render(<EventFields item={eventItem(event)} originUs={null} />);
    expect(screen.getByText('No data.')).toBeDefined();
    expect(screen.queryByText('error')).toBeNull();
  });

  it('shows the raw JSON when expanded', async () => {
    const user = userEvent.setup();
    render(<EventFields item={eventItem(consoleError)} originUs={null} />);
    expect(screen.queryByText(/"seq": 42/)).toBeNull();
    await user.click(screen.getByText('Raw JSON'));
    const pre = await screen.findByText(/"seq": 42/, { selector: 'pre' });
    expect(JSON.parse(pre.textContent ?? '')).toEqual({ seq: 42, event: consoleError });
    // the JSON is as sent: its positions count from zero, and the view says so
    expect(screen.getByText(/counted from zero/).tagName).toBe('P');
  });

  it('copies the raw JSON and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<EventFields item={eventItem(consoleError)} originUs={null} />);
    await user.click(screen.getByRole('button', { name: 'Copy JSON' }));
    expect(writeText).toHaveBeenCalledWith(
      JSON.stringify({ seq: 42, event: consoleError }, null, 2),
    );
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Copied');
  });

  it('masks credentials in header fields and the raw JSON until revealed, for this event only', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const token = 'live-s3cret-token-0123456789'; // 28 characters
    const request: TelemetryEvent = {
      ts: TS_US,
      type: 'network_request',
      category: 'network',
      source: { kind: 'cdp' },
      data: {
        request_id: '9',
        url: 'https://api.example.test/cart',
        headers: { Authorization: `Bearer ${token}`, accept: '*/*' },
        request_headers: { Cookie: 'sid=cookie-value' },
      },
    };
    const view = render(<EventFields item={eventItem(request)} originUs={null} />);
    const data = screen.getByRole('region', { name: 'Data' });
    expect(definition('Authorization', data).textContent).toContain(
      'Bearer ••••••• (28 characters)',
    );
    expect(definition('accept', data).textContent).toBe('*/*');
    expect(definition('Cookie', data).textContent).toContain('••••••• (16 characters)');
    await user.click(screen.getByText('Raw JSON'));
    const raw = (): string => screen.getByText(/"seq": 42/, { selector: 'pre' }).textContent ?? '';
    expect(raw()).toContain('"Authorization": "<masked>"');
    expect(document.body.textContent).not.toContain(token);
    expect(document.body.textContent).not.toContain('cookie-value');
    await user.click(screen.getByRole('button', { name: 'Copy JSON' }));
    expect(writeText.mock.calls.at(-1)?.[0]).not.toContain(token);

    // one value revealed in the data fields, the rest stays masked
    await user.click(within(data).getByRole('button', { name: 'Reveal Authorization' }));
    expect(definition('Authorization', data).textContent).toContain(`Bearer ${token}`);
    expect(raw()).not.toContain(token);
    // the raw JSON and its copy with secrets, when asked
    await user.click(screen.getByLabelText('with secrets'));
    expect(raw()).toContain(`"Authorization": "Bearer ${token}"`);
    await user.click(screen.getByRole('button', { name: 'Copy JSON' }));
    expect(writeText.mock.calls.at(-1)?.[0]).toContain('sid=cookie-value');

    // another event shown: masked again, the raw JSON still open
    view.rerender(<EventFields item={eventItem(request, { index: 4, seq: 43 })} originUs={null} />);
    expect(screen.getByText(/"seq": 43/, { selector: 'pre' }).textContent).toContain('<masked>');
    expect(document.body.textContent).not.toContain(token);
    expect(screen.getByLabelText('with secrets')).toHaveProperty('checked', false);
  });

  it('says when copying failed', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<EventFields item={eventItem(consoleError)} originUs={null} />);
    await user.click(screen.getByRole('button', { name: 'Copy JSON' }));
    expect(await screen.findByText('Could not copy: denied')).toBeDefined();
    expect(screen.getByRole('status').className).toContain('text-danger');
  });
});
