import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../lib/http/api-error';
import { StreamFailure, StreamFailureNoteContext, type StreamFailureView } from './stream-failure';

const forbidden: ApiFailure = {
  status: 403,
  statusText: 'Forbidden',
  code: 'forbidden',
  message: 'token lacks browsers:read',
  details: [{ code: 'missing_scope', message: 'browsers:read' }],
  bodyText: '',
};

describe('StreamFailure', () => {
  it('shows everything a refused stream was told: status, code, message and each detail', () => {
    render(<StreamFailure status={{ kind: 'failed', reason: 'x', failure: forbidden }} />);
    const region = screen.getByRole('region', { name: 'Stream error' });
    expect(region.textContent).toContain('This token may not read this session.');
    const facts = within(region);
    expect(facts.getByText('403 Forbidden')).toBeTruthy();
    expect(facts.getByText('forbidden')).toBeTruthy();
    expect(facts.getByText('token lacks browsers:read')).toBeTruthy();
    expect(facts.getByRole('listitem').textContent).toBe('missing_scopebrowsers:read');
  });

  it('says an empty body was empty', () => {
    const { code: _code, ...rest } = forbidden;
    const failure: ApiFailure = {
      ...rest,
      status: 401,
      statusText: 'Unauthorized',
      message: '',
      details: [],
    };
    render(<StreamFailure status={{ kind: 'failed', reason: 'x', failure }} />);
    const region = screen.getByRole('region', { name: 'Stream error' });
    expect(region.textContent).toContain('The server rejected the API token.');
    expect(region.textContent).toContain('(empty response body)');
    expect(within(region).queryByText('Code')).toBeNull();
  });

  it('shows nothing while the stream is fine, retrying, or failed without an answer', () => {
    const { container, rerender } = render(<StreamFailure status={{ kind: 'live', since: 0 }} />);
    expect(container.innerHTML).toBe('');
    rerender(
      <StreamFailure
        status={{ kind: 'retrying', attempt: 1, retryAt: 0, reason: '500', since: 0 }}
      />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<StreamFailure status={{ kind: 'failed', reason: 'could not prepare' }} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows what the view around it made of the failure: a calm note, other advice, or nothing', () => {
    const status = { kind: 'failed', reason: 'x', failure: forbidden } as const;
    const inView = (view: StreamFailureView | undefined) => (
      <StreamFailureNoteContext value={() => view}>
        <StreamFailure status={status} />
      </StreamFailureNoteContext>
    );
    const { container, rerender } = render(inView({ kind: 'note', text: 'checking…' }));
    expect(screen.queryByRole('region', { name: 'Stream error' })).toBeNull();
    expect(screen.getByRole('note', { name: 'Stream stopped' }).textContent).toBe('checking…');

    rerender(inView({ kind: 'advice', text: 'Other advice.' }));
    const region = screen.getByRole('region', { name: 'Stream error' });
    expect(region.textContent).toContain('Other advice. Everything received stays here.');
    expect(region.textContent).not.toContain('This token may not read this session.');
    expect(within(region).getByText('403 Forbidden')).toBeTruthy();

    rerender(inView({ kind: 'hidden' }));
    expect(container.innerHTML).toBe('');

    rerender(inView(undefined));
    expect(screen.getByRole('region', { name: 'Stream error' }).textContent).toContain(
      'This token may not read this session.',
    );
  });
});
