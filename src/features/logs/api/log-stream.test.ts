import { describe, expect, it } from 'vitest';
import { decodeLogFrame, lineOf } from './log-stream';
import { parseRfc3339 } from '../model/timestamps';

const RECEIVED = 1_000;

/** What a frame reads as through JSON.parse, the reference for the quicker reading. */
function parsed(data: string) {
  const value = JSON.parse(data) as { timestamp?: unknown; message: string };
  const time = typeof value.timestamp === 'string' ? parseRfc3339(value.timestamp) : Number.NaN;
  return lineOf(value.message, Number.isNaN(time) ? RECEIVED : time);
}

const decoded = (data: string) => decodeLogFrame({ id: '', event: '', data }, RECEIVED);

describe('reading a log frame', () => {
  it('reads a frame’s message and time as JSON.parse gives them, escaped or not, in any key order', () => {
    const messages = [
      'GET /api/items 200 12ms',
      '',
      'a "quoted" word and a back\\slash',
      'tab\there, a line feed\nand a control \u0001 character',
      'Zoë Müller → 佐藤 😀 \u2028 \u007f',
      '\x1b[31mERROR\x1b[0m failed',
      '","message":"not the end',
      '"}',
    ];
    const timestamps = [
      '2026-11-24T10:00:05.123456789Z',
      '2026-11-24T10:00:05+02:00',
      'not a time',
      'a\\"b',
    ];
    const frames: string[] = [];
    for (const message of messages)
      for (const timestamp of timestamps) {
        frames.push(JSON.stringify({ event: 'log', timestamp, message }));
        frames.push(JSON.stringify({ message, event: 'log', timestamp }));
        frames.push(JSON.stringify({ event: 'log', timestamp, message, extra: 1 }));
      }
    frames.push('{"event":"log","message":"no time"}');
    frames.push('{"event":"log","timestamp":"2026-11-24T10:00:05Z","message":"\\u0041\\/"}');
    frames.push('{"event":"log","timestamp":"2026-11-24T10:00:05Z" ,"message":"spaced"}');
    for (const data of frames) expect(decoded(data), data).toEqual(parsed(data));
  });

  it('makes a notice, keeping the frame’s text, of a frame that is not a log event', () => {
    for (const data of [
      '{"event":"log","timestamp":"2026-11-24T10:00:05Z","message":"cut',
      '{"event":"log","timestamp":"2026-11-24T10:00:05Z","message":"raw \u0001 control"}',
      '{"event":"log","timestamp":"2026-11-24T10:00:05Z","message":5}',
      '<html>',
    ]) {
      const line = decoded(data);
      expect(line.notice, data).toBe(true);
      expect(line.text).toBe(`unreadable frame: ${data}`);
    }
  });
});
