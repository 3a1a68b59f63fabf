import { NO_NETWORK_FILTER } from '../entities/session-events/model/network-table';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../entities/session-events/model/timeline-filter';
import {
  createTimelineStore,
  type TimelineState,
} from '../entities/session-events/stores/timeline-store';
import { readTimelineParams, writeTimelineParams } from './use-timeline-url-sync';

const state = (change: Partial<TimelineState> = {}): TimelineState =>
  createTimelineStore(change).getState();

const read = (query: string) => readTimelineParams(new URLSearchParams(query));

describe('readTimelineParams', () => {
  it('defaults to all events, the events pane, nothing selected and no filter', () => {
    expect(read('')).toEqual({
      filter: EMPTY_FILTER,
      network: NO_NETWORK_FILTER,
      startMode: 'all',
      pane: 'events',
      seq: null,
    });
  });

  it('reads the start mode, pane, selected seq and filter', () => {
    expect(read('tr=now&tp=errors&ev=42&te=1&tq=boom')).toEqual({
      filter: { ...EMPTY_FILTER, errorsOnly: true, text: 'boom' },
      network: NO_NETWORK_FILTER,
      startMode: 'now',
      pane: 'errors',
      seq: 42,
    });
    expect(read('tp=screenshots').pane).toBe('screenshots');
    expect(read('tp=network&nf=status-code%3A404&nfail=1')).toMatchObject({
      pane: 'network',
      network: { text: 'status-code:404', types: [], failedOnly: true },
    });
  });

  it('falls back to the defaults for invalid values', () => {
    expect(read('tr=later&tp=logs&ev=abc')).toMatchObject({
      startMode: 'all',
      pane: 'events',
      seq: null,
    });
    expect(read('ev=0').seq).toBeNull();
    expect(read('ev=-5').seq).toBeNull();
    expect(read('ev=99999999999999999999').seq).toBeNull();
  });

  it('selects nothing for a seq with trailing junk', () => {
    expect(read('ev=1e3').seq).toBeNull();
    expect(read('ev=12abc').seq).toBeNull();
  });
});

describe('writeTimelineParams', () => {
  it('reads back what it wrote', () => {
    const written = state({
      filter: { ...EMPTY_FILTER, hiddenCategories: ['page'], text: 'a b' },
      startMode: 'now',
      pane: 'screenshots',
      network: { text: '-domain:cdn.test', types: ['image'], failedOnly: false },
    });
    const params = writeTimelineParams(new URLSearchParams(), written, 7);
    expect(readTimelineParams(new URLSearchParams(params.toString()))).toEqual({
      filter: written.filter,
      network: written.network,
      startMode: 'now',
      pane: 'screenshots',
      seq: 7,
    });
  });

  it('writes nothing for the defaults and removes what no longer applies', () => {
    const before = new URLSearchParams('tr=now&tp=errors&ev=3&tt=page_load');
    expect(writeTimelineParams(before, state(), null).toString()).toBe('');
  });

  it('keeps other parameters and leaves the given ones untouched', () => {
    const before = new URLSearchParams('session=s1&view=timeline&ev=3');
    const after = writeTimelineParams(before, state({ pane: 'errors' }), 9);
    expect(after.get('session')).toBe('s1');
    expect(after.get('view')).toBe('timeline');
    expect(after.get('tp')).toBe('errors');
    expect(after.get('ev')).toBe('9');
    expect(before.toString()).toBe('session=s1&view=timeline&ev=3');
  });
});

describe('the history window in the URL', () => {
  it('reads a duration or a time, and ignores anything else', () => {
    expect(read('since=24h').historyWindow).toBe('24h');
    expect(read('since=2026-11-23T10:00:00Z').historyWindow).toBe('2026-11-23T10:00:00Z');
    expect(read('since=javascript:alert(1)').historyWindow).toBe('start');
    expect(read('').historyWindow).toBeUndefined();
  });

  it('writes it for a history other than the whole session, and only for a history', () => {
    const history = { state: 'done' as const, loaded: 0, pages: 0, error: null };
    const written = (change: Partial<TimelineState>) =>
      writeTimelineParams(new URLSearchParams('since=1h'), state(change), null).get('since');
    expect(written({ history, historyWindow: '5m' })).toBe('5m');
    expect(written({ history, historyWindow: 'start' })).toBeNull();
    expect(written({ historyWindow: '5m' })).toBeNull();
  });
});
