import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import {
  PNG_BASE64,
  stubObjectUrlsInEachTest,
  telemetryEvent,
} from '../../../entities/session-events/testing/telemetry-test-kit';
import { renderWithQuery, testConnection, TEST_TOKEN } from '../../../testing/render-with-query';
import { LIVE_VIEW_LOAD_MS } from './live-view-frame';
import { ScreenPanel } from './screen-panel';

stubObjectUrlsInEachTest();
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const LIVE = 'http://127.0.0.1:9/live/s1?credential=c1';

function timelineWithOneShot() {
  return createFileTimeline({
    name: 'session.jsonl',
    envelopes: [
      {
        seq: 1,
        event: telemetryEvent(1, { type: 'monitor_screenshot', data: { png: PNG_BASE64 } }),
      },
    ],
    problems: [],
    annotations: [],
    capacity: 100,
  });
}

const frame = () => screen.getByTitle(/^Live view of the session’s screen/);

describe('the Screen panel', () => {
  it('frames the live view read-only, sandboxed, until control is taken, and says so while driving', async () => {
    const { user } = renderWithQuery(
      <ScreenPanel
        connection={testConnection()}
        sessionId="s1"
        liveViewUrl={LIVE}
        ended={false}
        timeline={undefined}
      />,
    );
    expect(frame().getAttribute('src')).toBe(`${LIVE}&readOnly=true`);
    expect(frame().getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-pointer-lock',
    );
    expect(screen.queryByText(/You are driving the browser/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Take control' }));
    expect(frame().getAttribute('src')).toBe(LIVE);
    expect(screen.getByRole('status').textContent).toContain('You are driving the browser.');
    expect(screen.getByRole('button', { name: 'Give back' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Give back' }));
    expect(frame().getAttribute('src')).toBe(`${LIVE}&readOnly=true`);
    expect(screen.queryByText(/You are driving the browser/)).toBeNull();
  });

  it('shows the newest screenshot, and why, when the live view is on this page’s own origin', () => {
    renderWithQuery(
      <ScreenPanel
        connection={testConnection()}
        sessionId="s1"
        liveViewUrl={`${window.location.origin}/live`}
        ended={false}
        timeline={timelineWithOneShot()}
      />,
    );
    expect(screen.queryByTitle(/^Live view/)).toBeNull();
    expect(screen.getByRole('img', { name: /^The session’s screen at / }).getAttribute('src')).toBe(
      'blob:test/1',
    );
    expect(screen.getByText(/own origin/)).toBeTruthy();
  });

  it('falls back to screenshots when the live view does not load in time, and tries again on asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderWithQuery(
      <ScreenPanel
        connection={testConnection()}
        sessionId="s1"
        liveViewUrl={LIVE}
        ended={false}
        timeline={timelineWithOneShot()}
      />,
      { advanceTimers: vi.advanceTimersByTime },
    );
    expect(frame()).toBeTruthy();
    act(() => vi.advanceTimersByTime(LIVE_VIEW_LOAD_MS + 1));
    expect(screen.queryByTitle(/^Live view/)).toBeNull();
    expect(
      screen.getByText(/The live view failed: the live view did not load within 15 s/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try the live view again' }));
    expect(frame()).toBeTruthy();
  });

  it('takes a screenshot now: the image joins the timeline at the moment asked, and shows', async () => {
    const png = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).endsWith('/replays')
          ? new Response('[]', { headers: { 'Content-Type': 'application/json' } })
          : new Response(png, { headers: { 'Content-Type': 'image/png' } }),
      );
    const timeline = createFileTimeline({
      name: 'x.jsonl',
      envelopes: [],
      problems: [],
      annotations: [],
      capacity: 100,
    });
    const { user } = renderWithQuery(
      <ScreenPanel
        connection={testConnection()}
        sessionId="s 1"
        liveViewUrl={null}
        ended={false}
        timeline={timeline}
      />,
    );
    expect(screen.getByText(/No live view: the session has no live view\./)).toBeTruthy();
    const before = Date.now() * 1000;
    await user.click(screen.getByRole('button', { name: 'Screenshot now' }));
    await waitFor(() => expect(timeline.buffer.screenshots.length).toBe(1));
    const [url, init] =
      fetchSpy.mock.calls.find(([input]) => String(input).endsWith('/screenshot')) ?? [];
    expect(url).toBe('/api/browsers/s%201/computer/screenshot');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    const item = timeline.buffer.item(timeline.buffer.screenshots.at(0) ?? -1);
    expect(item?.tsUs).toBeGreaterThanOrEqual(before);
    expect(await screen.findByRole('img', { name: /^The session’s screen at / })).toBeTruthy();
    expect(screen.getByText(/\(taken from this page\)/)).toBeTruthy();
  });

  it('says why a screenshot failed when the answer is not an image, and keeps the timeline as it was', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('<html>proxy error</html>', { headers: { 'Content-Type': 'text/html' } }),
    );
    const timeline = timelineWithOneShot();
    const { user } = renderWithQuery(
      <ScreenPanel
        connection={testConnection()}
        sessionId="s1"
        liveViewUrl={null}
        ended={false}
        timeline={timeline}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Screenshot now' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'the server answered with text/html instead of an image',
    );
    expect(timeline.buffer.screenshots.length).toBe(1);
  });

  it('offers neither control nor a new screenshot for an ended session, only its last screenshot', () => {
    renderWithQuery(
      <ScreenPanel
        connection={testConnection()}
        sessionId="s1"
        liveViewUrl={LIVE}
        ended
        timeline={timelineWithOneShot()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Take control' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Screenshot now' })).toBeNull();
    expect(screen.getByText(/The session has ended, so it has no live view\./)).toBeTruthy();
  });
});
