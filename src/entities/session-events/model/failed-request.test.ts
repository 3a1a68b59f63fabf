import { describe, expect, it } from 'vitest';
import { eventAt } from '../testing/telemetry-test-kit';
import { nameFailedRequest } from './failed-request';
import type { EventItem } from './types';

const asEvent = (item: ReturnType<typeof eventAt>, index: number): EventItem => {
  if (item.kind !== 'event') throw new Error('not an event');
  return { ...item, index } as EventItem;
};
const request = (data: Record<string, unknown>) =>
  asEvent(eventAt(1, { type: 'network_request', data: { request_id: 'r1', ...data } }), 0);
const failure = (data: Record<string, unknown> = {}) =>
  asEvent(eventAt(2, { type: 'network_loading_failed', data: { request_id: 'r1', ...data } }), 1);

describe('nameFailedRequest', () => {
  it('names the failure after the method and URL of its request', () => {
    const sent = request({ method: 'POST', url: 'https://shop.test/pay' });
    expect(nameFailedRequest(failure({ error_text: 'net::ERR_FAILED' }), sent)).toBe(
      'net::ERR_FAILED · POST https://shop.test/pay',
    );
  });

  it('says when it was canceled, and "failed" without an error text', () => {
    const sent = request({ url: 'https://a.test/' });
    expect(nameFailedRequest(failure({ canceled: true }), sent)).toBe(
      'failed (canceled) · https://a.test/',
    );
  });

  it('leaves the summary alone without a request URL, or when it already names it', () => {
    expect(nameFailedRequest(failure(), null)).toBeNull();
    expect(nameFailedRequest(failure(), request({ url: 42 }))).toBeNull();
    const named = { ...failure(), summary: 'failed · https://a.test/' };
    expect(nameFailedRequest(named, request({ url: 'https://a.test/' }))).toBeNull();
  });

  it('reads the events through the reader it is given', () => {
    const read = (item: EventItem) =>
      item.type === 'network_request'
        ? { ...item.event, data: { url: 'https://read.test/' } }
        : item.event;
    expect(nameFailedRequest(failure(), request({ url: 'https://a.test/' }), read)).toBe(
      'failed · https://read.test/',
    );
  });
});
