import { LIMITS } from '../../../config/limits';
import type { StreamDecoder } from '../../../lib/sse/decoded-stream';
import { detectLevel } from '../model/level';
import { isAscii } from '../../../lib/plain-match';
import type { LogLine } from '../stores/log-buffer';
import { decodeLogFrame, lineOf, noticeLine } from './log-stream';
import { detectLineTime, type StatedTime } from '../model/line-time';

type PartialLine = Omit<LogLine, 'seq'>;

/** A batch of lines as columns: strings in arrays, the rest in typed arrays moved, not copied. */
export interface PackedLines {
  texts: string[];
  /** null where the plain text is the text itself (no escape sequences). */
  plains: (string | null)[];
  times: Float64Array;
  /** The time each line states (NaN: none). */
  stated: Float64Array;
  /** NOTICE_BIT and ZONELESS_BIT. */
  codes: Uint8Array;
}

const NOTICE_BIT = 0x80;
const ZONELESS_BIT = 0x40;

/** Reused by every detection: its result. */
const found: StatedTime = { ms: Number.NaN, zoneless: false };

/** Log stream frames → lines, decoded in the stream worker. */
export const logDecoder: StreamDecoder<PartialLine, PackedLines> = {
  name: 'logs',
  windowItems: LIMITS.streamWorkerWindow.logs,
  decode: decodeLogFrame,
  pack(lines) {
    const count = lines.length;
    const texts = new Array<string>(count);
    const plains = new Array<string | null>(count);
    const times = new Float64Array(count);
    const stated = new Float64Array(count);
    const codes = new Uint8Array(count);
    for (let index = 0; index < count; index += 1) {
      const line = lines[index] as PartialLine;
      texts[index] = line.text;
      plains[index] = line.plain === line.text ? null : line.plain;
      times[index] = line.timeMs;
      // the time the line states, detected here in a loop of its own (where frames are decoded,
      // in the stream worker) rather than inside each frame's decoding: the JIT keeps both tight
      let zoneless = line.zoneless;
      if (
        Number.isNaN(line.statedMs) &&
        !line.notice &&
        detectLineTime(line.plain, line.timeMs, found)
      ) {
        stated[index] = found.ms;
        zoneless = found.zoneless;
      } else stated[index] = line.statedMs;
      codes[index] = (line.notice ? NOTICE_BIT : 0) | (zoneless ? ZONELESS_BIT : 0);
    }
    return {
      packed: { texts, plains, times, stated, codes },
      transfer: [times.buffer, stated.buffer, codes.buffer],
    };
  },
  unpack({ texts, plains, times, stated, codes }) {
    const count = texts.length;
    const lines = new Array<PartialLine>(count);
    for (let index = 0; index < count; index += 1) {
      const text = texts[index] as string;
      const code = codes[index] as number;
      const plain = plains[index] ?? text;
      const notice = (code & NOTICE_BIT) !== 0;
      lines[index] = {
        text,
        plain,
        timeMs: times[index] as number,
        statedMs: stated[index] as number,
        zoneless: (code & ZONELESS_BIT) !== 0,
        inherited: false,
        // here rather than in the worker: in a firehose the worker's thread is the busier of the
        // two (89% against the page's 50%), and the level is the dearest thing read from a line
        level: notice ? null : detectLevel(text),
        ascii: isAscii(plain),
        notice,
      };
    }
    return lines;
  },
};

/** A line saved with its stream (a debug bundle): its text, when it was read, whether a notice. */
export interface SavedLine {
  text: string;
  readMs: number;
  notice: boolean;
}

/**
 * Saved lines as a stream's lines again, read the way the stream worker reads live ones (levels,
 * the time each states), here on the page: a file is read once, not tailed.
 */
export function decodeSavedLines(saved: readonly SavedLine[]): PartialLine[] {
  const lines = saved.map((line) =>
    line.notice ? noticeLine(line.text, line.readMs) : lineOf(line.text, line.readMs),
  );
  return logDecoder.unpack(logDecoder.pack(lines).packed);
}
