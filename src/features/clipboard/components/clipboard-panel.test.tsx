import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../config/limits';
import { useClipboardHistory } from '../stores/clipboard-history';
import { deferred, jsonResponse, mockClipboardFetch } from '../testing/clipboard-test-kit';
import { TEST_TOKEN, renderWithQuery, testConnection } from '../../../testing/render-with-query';
import { ClipboardPanel } from './clipboard-panel';

const SENT_AT = new Date('2025-03-04T05:35:12Z');

function renderPanel(
  options: Parameters<typeof renderWithQuery>[1] = {},
): ReturnType<typeof renderWithQuery> {
  return renderWithQuery(
    <ClipboardPanel connection={testConnection()} sessionId="sess/1" />,
    options,
  );
}

function textbox(): HTMLTextAreaElement {
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text to send' });
}

function history(): HTMLElement | null {
  return screen.queryByRole('list', { name: 'Sent from this page' });
}

async function typeText(user: ReturnType<typeof renderPanel>['user'], text: string): Promise<void> {
  await user.click(textbox());
  await user.paste(text);
}

describe('ClipboardPanel: sending', () => {
  beforeEach(() => {
    useClipboardHistory.setState({ bySession: {} });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SENT_AT);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('posts the exact JSON body with the bearer token and accepts an empty 200', async () => {
    const { requests } = mockClipboardFetch({
      write: () => new Response(null, { status: 200 }),
    });
    const { user } = renderPanel();
    await typeText(user, 'Grüße 👋\nline 2');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const status = screen.getByRole('status', { name: 'Send result' });
    await waitFor(() =>
      expect(status.textContent).toBe('✓ Sent 19 bytes to the session’s clipboard at 05:35:12'),
    );
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('/api/browsers/sess%2F1/computer/clipboard/write');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toBe('{"text":"Grüße 👋\\nline 2"}');
    // the typed text stays, ready to send again
    expect(textbox().value).toBe('Grüße 👋\nline 2');
    const entries = within(history() as HTMLElement).getAllByRole('listitem');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.textContent).toContain('05:35:12');
    expect(entries[0]?.textContent).toContain('14 characters · 19 bytes');
  });

  it('treats any 2xx as success without parsing its body', async () => {
    mockClipboardFetch({ write: () => new Response('OK, not JSON', { status: 202 }) });
    const { user } = renderPanel();
    await typeText(user, 'abc');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Sent 3 bytes/)).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends exactly once when Ctrl+Enter is pressed twice quickly', async () => {
    const gate = deferred<Response>();
    const { spy } = mockClipboardFetch({ write: () => gate.promise });
    // no delay between key events: the second press arrives before a re-render
    const { user } = renderPanel({ delay: null });
    await typeText(user, 'once');
    await user.keyboard('{Control>}{Enter}{Enter}{/Control}');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect(button).toHaveProperty('disabled', true);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Send result' }).textContent).toBe(
      'Sending 4 bytes…',
    );

    gate.resolve(new Response(null, { status: 200 }));
    expect(await screen.findByRole('button', { name: 'Send' })).toBeDefined();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(within(history() as HTMLElement).getAllByRole('listitem')).toHaveLength(1);
    expect(textbox().value).toBe('once');
  });

  it('shows status, code, message and every detail of a 400 JSON Error', async () => {
    mockClipboardFetch({
      write: () =>
        jsonResponse(400, {
          code: 'bad_request',
          message: 'text is required',
          details: [
            { code: 'invalid_input', message: 'text is missing' },
            { code: 'hint', message: 'send {"text": "<string>"}' },
          ],
        }),
    });
    const { user } = renderPanel();
    await typeText(user, 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('alert');
    const text = alert.textContent ?? '';
    expect(text).toContain('The text was not sent');
    expect(text).toContain(
      '400 Bad Request: text is required (bad_request); invalid_input: text is missing; hint: send {"text": "<string>"}',
    );
    const details = within(alert).getAllByRole('listitem');
    expect(details.map((item) => item.textContent)).toEqual([
      'invalid_inputtext is missing',
      'hintsend {"text": "<string>"}',
    ]);
    expect(within(alert).getByText('bad_request')).toBeDefined();
    expect(textbox().value).toBe('hello');
    expect(history()).toBeNull();
    expect(screen.getByRole('status', { name: 'Send result' }).textContent).toBe('');
  });

  it('shows the text of a plain-text 400', async () => {
    mockClipboardFetch({
      write: () =>
        new Response("invalid character 'x' looking for beginning of value", {
          status: 400,
          headers: { 'Content-Type': 'text/plain' },
        }),
    });
    const { user } = renderPanel();
    await typeText(user, 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText("invalid character 'x' looking for beginning of value"),
    ).toBeDefined();
    expect(alert.textContent).toContain('400 Bad Request');
  });

  it('keeps the typed text after a 500, and a later send succeeds', async () => {
    let fail = true;
    mockClipboardFetch({
      write: () =>
        fail
          ? new Response('failed to write to clipboard: xclip exited 1', { status: 500 })
          : new Response(null, { status: 200 }),
    });
    const { user } = renderPanel();
    await typeText(user, 'precious\ntext');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('500 Internal Server Error');
    expect(alert.textContent).toContain('failed to write to clipboard: xclip exited 1');
    expect(textbox().value).toBe('precious\ntext');
    expect(history()).toBeNull();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Sent 13 bytes/)).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a network failure as "no response"', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderPanel();
    await typeText(user, 'x');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('no response');
    expect(alert.textContent).toContain('Failed to fetch');
  });
});

describe('ClipboardPanel: history', () => {
  beforeEach(() => useClipboardHistory.setState({ bySession: {} }));
  afterEach(() => vi.restoreAllMocks());

  async function sendTwo(): Promise<{
    user: ReturnType<typeof renderPanel>['user'];
    bodies: () => (string | null)[];
  }> {
    const { requests } = mockClipboardFetch({ write: () => new Response(null, { status: 200 }) });
    const { user } = renderPanel();
    await typeText(user, 'alpha');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: /^Re-send “alpha”/ });
    await user.clear(textbox());
    await typeText(user, 'beta\nsecond line');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: /^Re-send “beta”/ });
    return { user, bodies: () => requests.map((request) => request.body) };
  }

  it('lists sends newest first with a first-line preview and the full text on demand', async () => {
    const { user } = await sendTwo();
    const items = within(history() as HTMLElement).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['beta', 'alpha']);
    expect(items[0]?.querySelector('p')?.getAttribute('title')).toBe('beta\nsecond line');
    await user.click(within(items[0] as HTMLElement).getByText('Full text'));
    expect(items[0]?.querySelector('pre')?.textContent).toBe('beta\nsecond line');
  });

  it('re-sends the entry’s exact text and records it as a new send', async () => {
    const { user, bodies } = await sendTwo();
    await user.click(screen.getByRole('button', { name: /^Re-send “alpha”/ }));
    await waitFor(() => expect(bodies()).toHaveLength(3));
    expect(bodies()[2]).toBe('{"text":"alpha"}');
    await waitFor(() =>
      expect(within(history() as HTMLElement).getAllByRole('listitem')).toHaveLength(3),
    );
    expect(screen.getAllByRole('button', { name: /^Re-send “alpha”/ })).toHaveLength(2);
  });

  it('does not re-send while a send is in flight, keeping focus on the button', async () => {
    const gate = deferred<Response>();
    let calls = 0;
    const { spy } = mockClipboardFetch({
      write: () => (++calls === 1 ? new Response(null, { status: 200 }) : gate.promise),
    });
    const { user } = renderPanel();
    await typeText(user, 'alpha');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const resend = await screen.findByRole('button', { name: /^Re-send “alpha”/ });
    await user.click(resend);
    await waitFor(() => expect(resend.getAttribute('aria-disabled')).toBe('true'));
    await user.click(resend);
    await user.keyboard('{Enter}');
    expect(spy).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(resend);
    gate.resolve(new Response(null, { status: 200 }));
    await waitFor(() => expect(resend.getAttribute('aria-disabled')).toBe('false'));
  });

  it('deletes only the chosen entry and keeps focus in the list', async () => {
    const { user } = await sendTwo();
    await user.click(screen.getByRole('button', { name: /^Delete “beta”.* from history$/ }));
    expect(screen.queryByRole('button', { name: /^Re-send “beta”/ })).toBeNull();
    const alphaDelete = screen.getByRole('button', { name: /^Delete “alpha”/ });
    expect(document.activeElement).toBe(alphaDelete);
    await user.click(alphaDelete);
    expect(history()).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Sent from this page' }),
    );
  });

  it('clears the history', async () => {
    const { user } = await sendTwo();
    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(history()).toBeNull();
    expect(screen.getByText(/Nothing sent yet/)).toBeDefined();
    expect(useClipboardHistory.getState().bySession).toEqual({});
  });

  it('renders hostile text as literal text and creates no element from it', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    mockClipboardFetch({
      write: () => new Response(null, { status: 200 }),
      read: () => jsonResponse(200, { text: hostile }),
    });
    const { user, container } = renderPanel();
    await typeText(user, hostile);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: /^Re-send “<img/ });
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    await screen.findByText('✓ Matches what was sent');

    expect(container.querySelector('img')).toBeNull();
    const shown = within(history() as HTMLElement).getAllByText(hostile);
    // the one-line preview and the full text, both as plain text
    expect(shown.map((element) => element.tagName)).toEqual(['P', 'PRE']);
    const readback = screen.getByRole('status', { name: 'Read-back result' });
    expect(within(readback).getByText(hostile).tagName).toBe('PRE');
  });
});

describe('ClipboardPanel: a server that never answers', () => {
  beforeEach(() => {
    useClipboardHistory.setState({ bySession: {} });
    // userEvent waits on timers between steps: fireEvent here, and time moves only when told
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** Lets `ms` of fake time pass, then what it settled render. */
  const pass = (ms: number): Promise<void> =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('gives up after the request timeout, says so, and lets the user send again', async () => {
    let answer = (): Promise<Response> => new Promise<Response>(() => undefined);
    const { spy } = mockClipboardFetch({ write: () => answer() });
    renderPanel();
    fireEvent.change(textbox(), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await pass(50);
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);

    await pass(LIMITS.requestTimeoutMs - 100);
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    await pass(100);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The text was not sent');
    expect(alert.textContent).toContain('Timed out: no answer from the server within 10 s');
    expect(within(alert).getByText('no response')).toBeDefined();
    expect(screen.getByRole('status', { name: 'Send result' }).textContent).toBe('');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', false);
    expect(textbox().value).toBe('hello');
    // the request was aborted, so a real fetch lets its connection go
    expect(spy.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);

    answer = async () => new Response(null, { status: 200 });
    fireEvent.click(send);
    await pass(50);
    expect(screen.getByText(/Sent 5 bytes/)).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
