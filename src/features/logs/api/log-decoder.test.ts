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
    const batch = logDecoder.unpack(logDecoder.pack(lines).packed);
    const back = Array.from({ length: batch.length }, (_, index) => batch.at(index));
    expect(back.map((line) => line?.statedMs)).toEqual([
      Date.UTC(2026, 10, 24, 10, 0, 1, 250),
      Date.UTC(2026, 10, 24, 10, 0, 2, 500),
      Number.NaN,
      Number.NaN,
    ]);
    // glog states no zone; RFC 3339 with Z does
    expect(back.map((line) => line?.zoneless)).toEqual([false, true, false, false]);
    expect(back.map((line) => line?.timeMs)).toEqual([
      Date.UTC(2026, 10, 24, 10, 0, 5),
      Date.UTC(2026, 10, 24, 10, 0, 5),
      Date.UTC(2026, 10, 24, 10, 0, 5),
      7,
    ]);
    expect(back[1]?.level).toBe('error');
    expect(back[3]?.notice).toBe(true);
  });

  it('makes a batch’s lines only as they are read, and says nothing of the others', () => {
    const lines = Array.from({ length: 2048 }, (_, index) =>
      logDecoder.decode(frame(`2026-11-24T10:00:01.250Z WARN line ${index}`), 0),
    );
    const { packed } = logDecoder.pack(lines);
    const read: number[] = [];
    const texts = packed.texts;
    packed.texts = new Proxy(texts, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.push(Number(key));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const batch = logDecoder.unpack(packed);
    // the batch arrived: nothing of it is read until its lines are taken
    expect(batch.length).toBe(2048);
    expect(read).toEqual([]);
    const line = batch.at(700);
    expect(read).toEqual([700]);
    expect(line).toMatchObject({ text: '2026-11-24T10:00:01.250Z WARN line 700', level: 'warn' });
    expect(line?.statedMs).toBe(Date.UTC(2026, 10, 24, 10, 0, 1, 250));
    expect(batch.at(2048)).toBeUndefined();
    expect(batch.at(-1)).toBeUndefined();
  });

  it('marks a line of a batch a notice before it is read, and reads its text alone', () => {
    const lines = [
      logDecoder.decode(frame('logs source not available'), 0),
      logDecoder.decode(frame('ERROR after it'), 0),
    ];
    const batch = logDecoder.unpack(logDecoder.pack(lines).packed);
    expect([batch.textAt(0), batch.textAt(1), batch.textAt(2)]).toEqual([
      'logs source not available',
      'ERROR after it',
      undefined,
    ]);
    batch.markNotice(0);
    batch.markNotice(5);
    expect(batch.at(0)).toMatchObject({ notice: true, level: null });
    expect(batch.at(1)).toMatchObject({ notice: false, level: 'error' });
  });
});
