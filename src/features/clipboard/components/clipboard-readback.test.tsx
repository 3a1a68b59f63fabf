import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../config/limits';
import { useClipboardHistory } from '../stores/clipboard-history';
import { deferred, jsonResponse, mockClipboardFetch } from '../testing/clipboard-test-kit';
import { TEST_TOKEN, renderWithQuery, testConnection } from '../../../testing/render-with-query';
import { ClipboardPanel } from './clipboard-panel';
import { ClipboardReadback } from './clipboard-readback';

function result(): HTMLElement {
  return screen.getByRole('status', { name: 'Read-back result' });
}

function renderReadback(expected: string | null): ReturnType<typeof renderWithQuery> {
  return renderWithQuery(
    <ClipboardReadback connection={testConnection()} sessionId="s1" expected={expected} />,
  );
}

describe('ClipboardReadback', () => {
  beforeEach(() => useClipboardHistory.setState({ bySession: {} }));
  afterEach(() => vi.restoreAllMocks());

  it('reads with POST and the bearer token, and shows the text with whitespace kept', async () => {
    const text = '  two spaces\n\ttab and trailing  ';
    const gate = deferred<Response>();
    const { requests } = mockClipboardFetch({ read: () => gate.promise });
    const { user } = renderReadback(text);
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    expect(screen.getByRole('button', { name: 'Reading…' })).toHaveProperty('disabled', true);
    gate.resolve(jsonResponse(200, { text }));

    expect(await within(result()).findByText('✓ Matches what was sent')).toBeDefined();
    const shown = within(result()).getByLabelText('Text read from the session’s clipboard');
    expect(shown.textContent).toBe(text);
    expect(shown.className).toContain('whitespace-pre-wrap');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/browsers/s1/computer/clipboard/read');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('says when the clipboard differs from what was sent', async () => {
    mockClipboardFetch({ read: () => jsonResponse(200, { text: 'hello' }) });
    const { user } = renderReadback('hello\n');
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    expect(await within(result()).findByText('≠ Differs from what was sent')).toBeDefined();
    expect(within(result()).getByText('Sent 6 bytes, read 5 bytes.')).toBeDefined();
    expect(within(result()).queryByText(/Matches/)).toBeNull();
  });

  it('says when there is nothing to compare with, and shows an empty clipboard', async () => {
    mockClipboardFetch({ read: () => jsonResponse(200, { text: '' }) });
    const { user } = renderReadback(null);
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    expect(await within(result()).findByText('The clipboard is empty.')).toBeDefined();
    expect(
      within(result()).getByText('Nothing sent from this page to compare with.'),
    ).toBeDefined();
  });

  it('after the newest send was deleted, says so and whether the clipboard holds one still listed', async () => {
    const history = useClipboardHistory.getState();
    const older = history.record('s1', 'older text', Date.UTC(2026, 0, 1, 10, 0, 0));
    const newest = history.record('s1', 'newest text', Date.UTC(2026, 0, 1, 10, 5, 0));
    history.remove('s1', newest.id);
    expect(older.id).not.toBe(newest.id);
    let answer = 'older text';
    mockClipboardFetch({ read: () => jsonResponse(200, { text: answer }) });
    const { user } = renderReadback(null);
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    const said = await within(result()).findByText(/The newest send was deleted from this page/);
    expect(said.textContent).toMatch(/holds the send of 10:00:00(\.000)? listed below\.$/);
    expect(within(result()).queryByText(/Nothing sent from this page/)).toBeNull();

    answer = 'newest text';
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    const none = await within(result()).findByText(/It is not the send still listed\./);
    expect(none.textContent).toContain('cannot be compared');
  });

  it.each([
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [501, 'Not Implemented'],
  ])('treats %i as a server without clipboard read, not as an error', async (status, phrase) => {
    mockClipboardFetch({ read: () => new Response('404 page not found', { status }) });
    const { user } = renderReadback('x');
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    expect(
      await within(result()).findByText(/This server does not offer clipboard read/),
    ).toBeDefined();
    expect(result().textContent).toContain(`(it answered ${status} ${phrase})`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other failures in full', async () => {
    mockClipboardFetch({
      read: () =>
        jsonResponse(500, {
          code: 'internal',
          message: 'xclip failed',
          details: [{ code: 'exit_status', message: 'exit status 1' }],
        }),
    });
    const { user } = renderReadback('x');
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The clipboard could not be read');
    expect(alert.textContent).toContain('500 Internal Server Error: xclip failed (internal)');
    expect(within(alert).getByRole('listitem').textContent).toBe('exit_statusexit status 1');
    expect(result().textContent).toBe('');
  });

  it('shows the API’s own 404 Error body (no such session) as a failure, not as "not offered"', async () => {
    mockClipboardFetch({
      read: () => jsonResponse(404, { code: 'not_found', message: 'browser session not found' }),
    });
    const { user } = renderReadback('x');
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('404 Not Found: browser session not found (not_found)');
    expect(result().textContent).toBe('');
  });

  it('rejects a read answer without a text string', async () => {
    mockClipboardFetch({ read: () => jsonResponse(200, { txt: 'x' }) });
    const { user } = renderReadback('x');
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unreadable response');
    expect(alert.textContent).toContain('no "text" string');
  });
});

describe('ClipboardPanel read back', () => {
  beforeEach(() => useClipboardHistory.setState({ bySession: {} }));
  afterEach(() => vi.restoreAllMocks());

  it('compares with the last send, and a new send clears the earlier read', async () => {
    let clipboard = '';
    mockClipboardFetch({
      write: async (request) => {
        const body: unknown = JSON.parse(request.body ?? '{}');
        clipboard = typeof body === 'object' && body && 'text' in body ? String(body.text) : '';
        return new Response(null, { status: 200 });
      },
      read: () => jsonResponse(200, { text: clipboard }),
    });
    const { user } = renderWithQuery(
      <ClipboardPanel connection={testConnection()} sessionId="s1" />,
    );
    const box = screen.getByRole('textbox', { name: 'Text to send' });
    await user.type(box, 'first');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Sent 5 bytes/);
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    expect(await within(result()).findByText('✓ Matches what was sent')).toBeDefined();

    // something else in the session overwrites the clipboard
    clipboard = 'changed remotely';
    await user.click(screen.getByRole('button', { name: 'Read back' }));
    expect(await within(result()).findByText('≠ Differs from what was sent')).toBeDefined();
    expect(within(result()).getByText('changed remotely')).toBeDefined();

    await user.type(box, ' again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Sent 11 bytes/);
    expect(result().textContent).toBe('');
  });
});

describe('ClipboardReadback: a server that never answers', () => {
  // userEvent waits on timers between steps: fireEvent here, and time moves only when told
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const pass = (ms: number): Promise<void> =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('gives up after the request timeout and lets the user read again', async () => {
    const { spy } = mockClipboardFetch({ read: () => new Promise<Response>(() => undefined) });
    renderReadback('x');
    fireEvent.click(screen.getByRole('button', { name: 'Read back' }));
    await pass(50);
    expect(screen.getByRole('button', { name: 'Reading…' })).toHaveProperty('disabled', true);
    await pass(LIMITS.requestTimeoutMs);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The clipboard could not be read');
    expect(alert.textContent).toContain('no answer from the server within 10 s');
    expect(screen.getByRole('button', { name: 'Read back' })).toHaveProperty('disabled', false);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
