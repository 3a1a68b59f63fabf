import { describe, expect, it, vi } from 'vitest';

describe('NetworkView with a /regex/ term that needs the linear-time engine', () => {
  it('says the engine is being prepared, then filters once it has loaded', async () => {
    // a fresh module graph (React included): the engine has not loaded, as when a link opens
    vi.resetModules();
    const { render, screen, waitFor } = await import('@testing-library/react');
    const { NetworkView } = await import('./network-view');
    const { createFileTimeline } =
      await import('../../../entities/session-events/stores/file-timeline');
    const { T0, telemetryEvent } =
      await import('../../../entities/session-events/testing/telemetry-test-kit');
    const { TEST_IDS } = await import('../../../config/test-ids');
    const { loadLinearEngine } = await import('../../../lib/regex/linear-engine');

    const urls = ['https://shop.test/api/cart?id=42', 'https://shop.test/img/logo.png'];
    const timeline = createFileTimeline({
      name: 'net.jsonl',
      envelopes: urls.map((url, at) => ({
        seq: at + 1,
        event: telemetryEvent(at + 1, {
          type: 'network_request',
          ts: T0 + at * 1000,
          data: { request_id: String(at), method: 'GET', url, resource_type: 'Fetch' },
        }),
      })),
      problems: [],
      capacity: 100,
    });
    timeline.store.setState({
      network: { text: '/cart\\?id=\\d+/', types: [], failedOnly: false },
    });

    const view = render(<NetworkView timeline={timeline} />);
    const count = (): string | null => screen.getByTestId(TEST_IDS.networkCount).textContent;
    expect(screen.getByRole('alert').textContent).toMatch(
      /Preparing the regular-expression engine/,
    );
    expect(count()).toBe('2 of 2 requests');

    await loadLinearEngine();
    await waitFor(() => expect(count()).toBe('1 of 2 requests'));
    expect(screen.queryByRole('alert')).toBeNull();
    view.unmount();
  });
});
