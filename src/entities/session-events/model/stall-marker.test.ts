import { describe, expect, it } from 'vitest';
import type { StallEnd } from '../../../lib/sse/stall-trace';
import { stallReconnectedMarker, stallStoppedText } from './stall-marker';

const live: StallEnd = { silentForMs: 25_300, next: { kind: 'live', since: 0 } };

describe('stallReconnectedMarker', () => {
  it('takes the place of the reconnect separator and says the same after the silence', () => {
    const separator = {
      kind: 'marker',
      marker: 'reconnected',
      text: 'Reconnected, resumed after seq 812',
      tsUs: 5,
      epoch: 2,
    } as const;
    expect(stallReconnectedMarker(live, separator, false, 7, 2)).toEqual({
      kind: 'marker',
      marker: 'stalled',
      text: 'No data for 25 s; reconnected, resumed after seq 812',
      tsUs: 7,
      epoch: 2,
    });
  });

  it('says only that it connected when there is no separator', () => {
    expect(stallReconnectedMarker(live, null, true, 0, 0).text).toBe(
      'No data for 25 s; connected on a new attempt',
    );
    expect(stallReconnectedMarker(live, null, false, 0, 0).text).toBe(
      'No data for 25 s; reconnected',
    );
  });
});

describe('stallStoppedText', () => {
  it('says why no connection came after the silence', () => {
    const failed: StallEnd = {
      silentForMs: 125_000,
      next: { kind: 'failed', reason: '403 Forbidden: not yours (forbidden)' },
    };
    expect(stallStoppedText(failed)).toBe(
      'No data for 2 min 5 s; reconnecting failed: 403 Forbidden: not yours (forbidden)',
    );
    const ended: StallEnd = { silentForMs: 30_000, next: { kind: 'ended', reason: 'bye' } };
    expect(stallStoppedText(ended)).toBe('No data for 30 s; the stream ended: bye');
  });
});
