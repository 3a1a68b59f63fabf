import { describe, expect, it } from 'vitest';
import { countFrames } from './telemetry-tap.ts';

describe('countFrames', () => {
  it('counts each event and its JSON bytes, keepalives aside, across chunk boundaries', () => {
    const event = '{"ts":1764000000000000,"type":"console_log","data":{"text":"Zoë"}}';
    const frame = `id: 7\ndata: {"seq":7,"event":${event}}\n\n`;
    const stream = `:\n\n${frame}${frame.replace(/7/g, '8')}:\n\n`;
    const seen = { events: 0, bytes: 0 };
    let rest = '';
    for (const chunk of [stream.slice(0, 20), stream.slice(20, 111), stream.slice(111)])
      rest = countFrames(rest + chunk, seen);
    expect(rest).toBe('');
    expect(seen.events).toBe(2);
    // the ë is two bytes
    expect(seen.bytes).toBe(2 * (event.length + 1));
  });
});
