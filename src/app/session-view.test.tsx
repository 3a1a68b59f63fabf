import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../config/test-ids';
import { closeSessionLogs, openLogTab } from '../features/logs/stores/log-tabs-registry';
import { useCredentials } from '../features/sessions/stores/credentials-store';
import {
  closeSessionTimeline,
  useTimelineRegistry,
} from '../entities/session-events/stores/timeline-registry';
import { SessionView } from './session-view';

/*
 * The session view against a scripted server: a stream stops on 404 or 401, and what the view
 * shows depends on what the session's record, read again, says.
 */

type RecordState = 'running' | 'ended' | 'down' | 'refused';

const created = '2026-11-24T15:00:00.000Z';
/** What the record says from its second read on (the first, when the view opens: running). */
let record: RecordState;
let reads: number;
let streamStatus: number;
let deletedAt: string;
const asked: string[] = [];

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const session = (extra: Record<string, unknown> = {}) => ({
  session_id: 's1',
  created_at: created,
  cdp_ws_url: 'ws://127.0.0.1/api/browsers/s1/cdp?jwt=secret',
  ...extra,
});

function answer(url: string): Response {
  const path = url.replace(/^\/api/, '');
  if (path === '/browsers/s1' || path === '/browsers/s1?include_deleted=true') {
    reads += 1;
    if (reads === 1) return json(200, session());
    if (record === 'down') throw new TypeError('fetch failed');
    if (record === 'refused') return json(401, { code: 'unauthorized', message: 'bad token' });
    if (record === 'running') return json(200, session());
    return path.endsWith('include_deleted=true')
      ? json(200, session({ deleted_at: deletedAt }))
      : json(404, { code: 'not_found', message: 'browser session s1 has ended' });
  }
  if (path.startsWith('/browsers/s1/telemetry/stream')) {
    return streamStatus === 200
      ? new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } })
      : json(streamStatus, { code: 'nope', message: `stream answered ${streamStatus}` });
  }
  if (path.startsWith('/browsers/s1/logs/stream')) {
    const line = JSON.stringify({ event: 'log', timestamp: created, message: 'line kept' });
    return new Response(
      new ReadableStream({
        start: (controller) => controller.enqueue(new TextEncoder().encode(`data: ${line}\n\n`)),
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  }
  if (path.startsWith('/browsers/s1/telemetry/events')) return json(200, []);
  return json(404, { code: 'not_found', message: `no ${path}` });
}

function renderView(params = new URLSearchParams()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionView sessionId="s1" params={params} onParamsChange={vi.fn()} onLeave={vi.fn()} />
    </QueryClientProvider>,
  );
}

const streamAsked = (): number =>
  asked.filter((url) => url.includes('/browsers/s1/telemetry/stream')).length;

beforeEach(() => {
  record = 'running';
  reads = 0;
  streamStatus = 404;
  deletedAt = new Date(Date.now() - 2_000).toISOString();
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      return Promise.resolve().then(() => answer(url));
    }),
  );
  useCredentials.setState({ token: 'tok', tokenVersion: 0, apiBase: '/api' });
});
afterEach(() => {
  closeSessionTimeline('s1');
  closeSessionLogs('s1');
  vi.unstubAllGlobals();
});

const logTab = () =>
  openLogTab(
    's1',
    { base: '/api', token: () => 'tok' },
    { kind: 'path', target: '/var/log/app.log', follow: true },
  );

describe('SessionView, a stream stopped on 404', () => {
  it('record says ended: the ended layout, calm, streams stopped, no CDP URL or clipboard', async () => {
    record = 'ended';
    const tab = logTab();
    await waitFor(() => expect(tab.buffer.total).toBe(1));
    renderView();

    const badge = await screen.findByTestId('session-ended');
    expect(badge.textContent).toMatch(/^ended at \d\d:\d\d:\d\d$/);
    // the timeline reads the session's history, as after a reload
    await waitFor(() =>
      expect(useTimelineRegistry.getState().bySession.s1?.origin.kind).toBe('history'),
    );
    expect(asked.some((url) => url.includes('/browsers/s1/telemetry/events'))).toBe(true);
    // no failure, no reconnect, nothing that needs the browser
    expect(screen.queryByRole('region', { name: 'Stream error' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reconnect now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy CDP URL' })).toBeNull();
    expect(screen.queryByRole('button', { name: /clipboard/i })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // the log stream stopped, its line kept, saying when the session ended
    expect(tab.store.getState().status).toEqual({
      kind: 'ended',
      reason: `the session ended ${badge.textContent?.replace('ended ', '')}`,
    });
    expect(tab.buffer.lines(false).map((line) => line.text)[0]).toBe('line kept');
    expect(tab.saved).toBe(true);
  });

  it('record says ended, in the Logs view: the open log streams stay, stopped, with their lines', async () => {
    record = 'ended';
    const tab = logTab();
    await waitFor(() => expect(tab.buffer.total).toBe(1));
    renderView(new URLSearchParams({ view: 'logs' }));

    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/^This session ended: its log streams stopped, and the lines/);
    expect(screen.getByRole('tab', { name: /app\.log/ })).toBeDefined();
    expect(screen.getByTestId(TEST_IDS.streamStatus).getAttribute('data-status')).toBe('ended');
    expect(screen.queryByRole('button', { name: 'Reconnect now' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Open a log stream' })).toBeNull();
  });

  it('record read fails (server not answering): says so, keeps retrying, no ended layout', async () => {
    record = 'down';
    renderView();

    const message = await screen.findByRole('region', { name: 'Server not answering' });
    expect(message.textContent).toMatch(/^The server is not answering; retrying in \d+ s\./);
    expect(within(message).getByRole('button', { name: 'Retry now' })).toBeDefined();
    // nothing says the session ended or is gone
    expect(screen.queryByTestId('session-ended')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Stream error' })).toBeNull();
    expect(screen.queryByText(/does not exist|No such session|could not be opened/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy CDP URL' })).toBeDefined();
    expect(useTimelineRegistry.getState().bySession.s1?.origin.kind).toBe('live');
    // it asks again by itself (backoff), and goes on saying so
    const before = reads;
    await waitFor(() => expect(reads).toBeGreaterThan(before), { timeout: 3_000 });
    expect(screen.getByRole('region', { name: 'Server not answering' })).toBeDefined();

    // the server answers again, the session running: the message goes, the stream reconnects
    record = 'running';
    streamStatus = 200;
    const streams = streamAsked();
    await waitFor(
      () => expect(screen.queryByRole('region', { name: 'Server not answering' })).toBeNull(),
      { timeout: 5_000 },
    );
    await waitFor(() => expect(streamAsked()).toBeGreaterThan(streams));
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });
});

describe('SessionView, a stream stopped on 404 while the session runs', () => {
  it('does not call the session gone: the failure stands, with what the record said', async () => {
    record = 'running';
    renderView();

    const region = await screen.findByRole('region', { name: 'Stream error' });
    await waitFor(() =>
      expect(region.textContent).toContain(
        'The session is still running, but the server answered 404 for this stream.',
      ),
    );
    expect(region.textContent).not.toContain('does not exist');
    expect(screen.queryByTestId('session-ended')).toBeNull();
    expect(reads).toBe(2);
  });
});

describe('SessionView, a stream stopped on 401', () => {
  it('says once, above the view, that the token is no longer accepted', async () => {
    record = 'refused';
    streamStatus = 401;
    renderView();

    expect(await screen.findByRole('heading', { name: 'Token no longer accepted' })).toBeDefined();
    // one message: the stream's own failure box does not say it a second time
    expect(screen.queryByRole('region', { name: 'Stream error' })).toBeNull();
    expect(screen.queryByText(/rejected the API token/)).toBeNull();
    expect(screen.getAllByRole('form', { name: /token/i })).toHaveLength(1);
    // and the view is still there under it
    expect(screen.getByRole('tab', { name: /^Timeline/ })).toBeDefined();
  });
});
