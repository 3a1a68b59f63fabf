import { describe, expect, it } from 'vitest';
import { logDecoder } from './log-decoder';
import { noticeLine } from './log-stream';

const frame = (message: string, timestamp = '2026-11-24T10:00:05.000Z') => ({
  id: '',
  event: 'message',
  data: JSON.stringify({ event: 'log', timestamp, message }),
});

describe('logDecoder', () => {
  it('carries each line’s own time through the stream worker’s packing', () => {
    const lines = [
      logDecoder.decode(frame('2026-11-24T10:00:01.250Z INFO started'), 0),
      logDecoder.decode(frame('\x1b[31mE1124 10:00:02.500000 1 main.go:9] failed\x1b[0m'), 0),
      logDecoder.decode(frame('no time here'), 0),
      noticeLine('2026-11-24T09:00:00Z a notice keeps no stated time', 7),
    ];
    const back = logDecoder.unpack(logDecoder.pack(lines).packed);
    expect(back.map((line) => line.statedMs)).toEqual([
      Date.UTC(2026, 10, 24, 10, 0, 1, 250),
      Date.UTC(2026, 10, 24, 10, 0, 2, 500),
      Number.NaN,
      Number.NaN,
    ]);
    // glog states no zone; RFC 3339 with Z does
    expect(back.map((line) => line.zoneless)).toEqual([false, true, false, false]);
    expect(back.map((line) => line.timeMs)).toEqual([
      Date.UTC(2026, 10, 24, 10, 0, 5),
      Date.UTC(2026, 10, 24, 10, 0, 5),
      Date.UTC(2026, 10, 24, 10, 0, 5),
      7,
    ]);
    expect(back[1]?.level).toBe('error');
    expect(back[3]?.notice).toBe(true);
  });
});
