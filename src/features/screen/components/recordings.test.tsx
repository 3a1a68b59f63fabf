import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubObjectUrlsInEachTest } from '../../../entities/session-events/testing/telemetry-test-kit';
import { renderWithQuery, testConnection } from '../../../testing/render-with-query';
import { Recordings } from './recordings';

stubObjectUrlsInEachTest();
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

describe('the recordings of a session', () => {
  it('lists them, starts and stops one, and plays one after it has been written', async () => {
    let list: unknown[] = [
      { replay_id: 'r1', started_at: '2026-11-25T10:00:00Z', finished_at: '2026-11-25T10:01:05Z' },
    ];
    let writes = 0;
    const seen: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      seen.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/replays') && init?.method === 'POST') {
        list = [
          ...list,
          { replay_id: 'r2', started_at: '2026-11-25T10:02:00Z', finished_at: null },
        ];
        return json({ replay_id: 'r2', started_at: '2026-11-25T10:02:00Z' });
      }
      if (url.endsWith('/replays/r2/stop')) {
        list = list.map((entry) =>
          (entry as { replay_id: string }).replay_id === 'r2'
            ? { ...(entry as object), finished_at: '2026-11-25T10:02:09Z' }
            : entry,
        );
        return new Response(null, { status: 204 });
      }
      if (url.endsWith('/replays')) return json(list);
      if (url.endsWith('/replays/r1')) {
        writes += 1;
        return writes === 1
          ? new Response(null, { status: 202, headers: { 'Retry-After': '1' } })
          : new Response(new Uint8Array([0, 0, 0, 24]), {
              headers: { 'Content-Type': 'video/mp4' },
            });
      }
      return new Response('no', { status: 500 });
    });
    const { user } = renderWithQuery(
      <Recordings
        connection={testConnection()}
        sessionId="s1"
        ended={false}
        timeline={undefined}
      />,
    );
    const first = await screen.findByRole('button', { name: /· 1:05$/ });

    await user.click(screen.getByRole('button', { name: '● Record' }));
    await screen.findByRole('button', { name: /· recording…$/ });
    expect(seen).toContain('POST /api/browsers/s1/replays');

    await user.click(screen.getByRole('button', { name: '■ Stop' }));
    await screen.findByRole('button', { name: /· 0:09$/ });
    expect(seen).toContain('POST /api/browsers/s1/replays/r2/stop');
    expect(screen.getByRole('button', { name: '● Record' })).toBeTruthy();

    await user.click(first);
    expect((await screen.findByRole('status')).textContent).toContain('still being written');
    const player = await screen.findByRole(
      'group',
      { name: 'Recording player' },
      { timeout: 3000 },
    );
    expect(player.querySelector('video')?.getAttribute('src')).toMatch(/^blob:test\//);
    expect(writes).toBe(2);
  });

  it('says so when the server does not offer recordings, and offers no Record', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('404 page not found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    renderWithQuery(
      <Recordings
        connection={testConnection()}
        sessionId="s1"
        ended={false}
        timeline={undefined}
      />,
    );
    expect(
      await screen.findByText('This server does not offer recordings of the screen.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: '● Record' })).toBeNull();
  });

  it('stops asking for a recording still being written when it is closed', async () => {
    let asked = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).endsWith('/replays'))
        return json([{ replay_id: 'r1', started_at: '2026-11-25T10:00:00Z', finished_at: null }]);
      asked += 1;
      return new Response(null, { status: 202, headers: { 'Retry-After': '1' } });
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderWithQuery(
      <Recordings connection={testConnection()} sessionId="s1" ended timeline={undefined} />,
      { advanceTimers: vi.advanceTimersByTime },
    );
    const button = await screen.findByRole('button', { name: /· recording…$/ });
    await user.click(button);
    await waitFor(() => expect(asked).toBe(1));
    await user.click(button);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(asked).toBe(1);
  });
});
