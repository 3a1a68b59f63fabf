import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../config/test-ids';
import { streamTransport } from '../../lib/sse/stream-transport';
import { StreamStatusBadge } from './stream-status-badge';

afterEach(() => act(() => streamTransport.set({ mode: 'relayed' })));

describe('StreamStatusBadge: streams without the stream relay', () => {
  it('says that the browser’s six connections hold a stream back while it connects', () => {
    render(<StreamStatusBadge status={{ kind: 'connecting', attempt: 1 }} />);
    const badge = screen.getByTestId(TEST_IDS.streamStatus);
    expect(badge.getAttribute('title')).not.toMatch(/6 connections/);
    act(() =>
      streamTransport.set({
        mode: 'direct',
        reason: 'the server offers no stream relay (WebSocket closed: 1006)',
      }),
    );
    expect(badge.getAttribute('title')).toMatch(
      /6 connections a browser opens to one server over HTTP\/1\.1/,
    );
    expect(
      screen.getByText(/no stream relay here: the server offers no stream relay/),
    ).toBeTruthy();
  });

  it('says nothing of it once the stream is live, or while streams are relayed', () => {
    act(() => streamTransport.set({ mode: 'direct', reason: 'no relay' }));
    const { rerender } = render(<StreamStatusBadge status={{ kind: 'live', since: 0 }} />);
    expect(screen.queryByText(/6 connections/)).toBeNull();
    act(() => streamTransport.set({ mode: 'relayed' }));
    rerender(<StreamStatusBadge status={{ kind: 'connecting', attempt: 1 }} />);
    expect(screen.queryByText(/6 connections/)).toBeNull();
  });
});
