import { describe, expect, it } from 'vitest';
import { eventItem } from '../../../entities/session-events/testing/overview-test-kit';
import type { NetworkExchange } from '../../../entities/session-events/model/network';
import { harTimings, networkTiming, type NetworkTiming } from './network-timing';
import type { EventItem } from '../../../entities/session-events/model/types';

function item(type: string, data: Record<string, unknown>, index: number): EventItem {
  return eventItem(index, 1_700_000_000_000_000 + index * 1000, {
    category: 'network',
    type,
    data,
  });
}

/** A fetch on a kept-alive connection, as a real Chromium reported it (seconds are monotonic). */
const REUSED = {
  issued: 1313.883331,
  timing: {
    requestTime: 1313.884156,
    proxyStart: -1,
    proxyEnd: -1,
    dnsStart: -1,
    dnsEnd: -1,
    connectStart: -1,
    connectEnd: -1,
    sslStart: -1,
    sslEnd: -1,
    workerStart: -1,
    workerReady: -1,
    workerFetchStart: -1,
    workerRespondWithSettled: -1,
    sendStart: 0.465,
    sendEnd: 0.549,
    pushStart: 0,
    pushEnd: 0,
    receiveHeadersStart: 1.997,
    receiveHeadersEnd: 2.115,
  },
  finished: 1313.887212,
};

/** A request on a new TLS connection: queued 1 ms, DNS 1 ms, connect 2.5 ms with TLS in it. */
const FRESH = {
  issued: 100,
  timing: {
    requestTime: 100.001,
    dnsStart: 0.5,
    dnsEnd: 1.5,
    connectStart: 1.5,
    connectEnd: 4,
    sslStart: 2,
    sslEnd: 4,
    sendStart: 4.2,
    sendEnd: 4.5,
    receiveHeadersEnd: 15.5,
  },
  finished: 100.03,
};

function exchange(
  fixture: { issued?: number; timing?: unknown; finished?: number },
  end: 'finished' | 'failed' | 'none' = 'finished',
): NetworkExchange {
  const request = item(
    'network_request',
    { request_id: '1', url: 'https://x.test/', cdp_timestamp: fixture.issued },
    0,
  );
  const response = item(
    'network_response',
    { request_id: '1', status: 200, timing: fixture.timing },
    1,
  );
  const last = item(
    end === 'failed' ? 'network_loading_failed' : 'network_loading_finished',
    { request_id: '1', cdp_timestamp: fixture.finished },
    2,
  );
  return {
    requestId: '1',
    request,
    response,
    finished: end === 'finished' ? last : null,
    failed: end === 'failed' ? last : null,
    redirects: [],
    durationMs: null,
  };
}

function spans(timing: NetworkTiming | null): [string, number, number][] {
  return (timing?.phases ?? []).map((phase) => [
    phase.label,
    Number(phase.startMs.toFixed(3)),
    Number(phase.endMs.toFixed(3)),
  ]);
}

describe('networkTiming', () => {
  it('breaks a request down as DevTools does: queued, stalled, sent, waited, downloaded', () => {
    const timing = networkTiming(exchange(REUSED));
    expect(spans(timing)).toEqual([
      ['Queueing', 0, 0.825],
      ['Stalled', 0.825, 1.29],
      ['Request sent', 1.29, 1.374],
      ['Waiting for server response (TTFB)', 1.374, 2.94],
      ['Content download', 2.94, 3.881],
    ]);
    expect(timing?.totalMs).toBeCloseTo(3.881, 3);
    expect(timing?.loading).toBe(false);
  });

  it('shows DNS, the initial connection and TLS of a new connection', () => {
    expect(spans(networkTiming(exchange(FRESH)))).toEqual([
      ['Queueing', 0, 1],
      ['Stalled', 1, 1.5],
      ['DNS lookup', 1.5, 2.5],
      ['Initial connection', 2.5, 5],
      ['SSL/TLS', 3, 5],
      ['Request sent', 5.2, 5.5],
      ['Waiting for server response (TTFB)', 5.5, 16.5],
      ['Content download', 16.5, 30],
    ]);
  });

  it('a response whose load has not ended: no download yet, total up to the headers', () => {
    const timing = networkTiming(exchange(REUSED, 'none'));
    expect(timing?.loading).toBe(true);
    expect(timing?.phases.map((phase) => phase.name)).not.toContain('download');
    expect(timing?.totalMs).toBeCloseTo(2.94, 3);
  });

  it('a load that failed after the response downloads until the failure', () => {
    const timing = networkTiming(exchange(FRESH, 'failed'));
    expect(timing?.loading).toBe(false);
    expect(spans(timing).at(-1)).toEqual(['Content download', 16.5, 30]);
  });

  it('starts at requestTime when the request event has no timestamp', () => {
    const timing = networkTiming(exchange({ ...FRESH, issued: undefined }));
    expect(spans(timing)[0]).toEqual(['Stalled', 0, 0.5]);
    expect(timing?.totalMs).toBeCloseTo(29, 3);
  });

  it('is null without a timing (upstream events, or a response not held)', () => {
    expect(networkTiming(exchange({ issued: 1, finished: 2 }))).toBeNull();
    expect(networkTiming(exchange({ ...FRESH, timing: { sendStart: 1 } }))).toBeNull();
    expect(networkTiming({ ...exchange(FRESH), response: null })).toBeNull();
  });
});

describe('harTimings', () => {
  it('adds up to the whole time, blocked being everything before the network', () => {
    const timing = networkTiming(exchange(REUSED));
    if (!timing) throw new Error('no timing');
    const { timings, time } = harTimings(timing);
    expect(timings).toEqual({
      blocked: 1.29,
      dns: -1,
      connect: -1,
      send: 0.084,
      wait: 1.566,
      receive: 0.941,
      ssl: -1,
    });
    expect(time).toBeCloseTo(3.881, 3);
  });

  it('counts TLS inside connect, as HAR says, and the gap before sending in send', () => {
    const timing = networkTiming(exchange(FRESH));
    if (!timing) throw new Error('no timing');
    const { timings, time } = harTimings(timing);
    expect(timings).toEqual({
      blocked: 1.5,
      dns: 1,
      connect: 2.5,
      send: 0.5,
      wait: 11,
      receive: 13.5,
      ssl: 2,
    });
    const sum = [timings.blocked, timings.dns, timings.connect, timings.send, timings.wait]
      .concat(timings.receive)
      .reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(time, 6);
    expect(time).toBe(30);
  });
});
