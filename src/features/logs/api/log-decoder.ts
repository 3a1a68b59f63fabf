import { LIMITS } from '../../../config/limits';
import type { ItemBatch } from '../../../lib/batch-queue';
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
  /** NOTICE_BIT. */
  codes: Uint8Array;
}

const NOTICE_BIT = 0x80;

/** Reused by every detection: its result. */
const found: StatedTime = { ms: Number.NaN, zoneless: false };

/**
 * A batch of lines as the worker packed them: each line is made when it is read (`at`), its level
 * and the time it states read then, so that a batch waiting in the page's queue costs nothing but
 * its columns, and the page reads lines in the slices its queue hands over (lib/frame-batcher)
 * rather than all of a batch in the task its message arrives in.
 */
export class LineBatch implements ItemBatch<PartialLine> {
  readonly length: number;

  constructor(private readonly packed: PackedLines) {
    this.length = packed.texts.length;
  }

  /** The text of line `index` as received, without making the line. */
  textAt(index: number): string | undefined {
    return this.packed.texts[index];
  }

  /** Makes line `index` a notice (an in-band message of the server, not a line of the file). */
  markNotice(index: number): void {
    const codes = this.packed.codes;
    if (index >= 0 && index < codes.length) codes[index] = (codes[index] as number) | NOTICE_BIT;
  }

  at(index: number): PartialLine | undefined {
    const { texts, plains, times, codes } = this.packed;
    const text = texts[index];
    if (text === undefined) return undefined;
    const code = codes[index] as number;
    const plain = plains[index] ?? text;
    const notice = (code & NOTICE_BIT) !== 0;
    const timeMs = times[index] as number;
    // the level and the time the line states are read here rather than in the worker: in a
    // firehose the worker's thread is the busier of the two (it reads and parses every frame)
    let statedMs = Number.NaN;
    let zoneless = false;
    if (!notice && detectLineTime(plain, timeMs, found)) {
      statedMs = found.ms;
      zoneless = found.zoneless;
    }
    return {
      text,
      plain,
      timeMs,
      statedMs,
      zoneless,
      inherited: false,
      level: notice ? null : detectLevel(text, plain),
      ascii: isAscii(plain),
      notice,
    };
  }
}

/** Log stream frames → lines, decoded in the stream worker (which stages no bytes of theirs). */
export const logDecoder = {
  name: 'logs',
  windowItems: LIMITS.streamWorkerWindow.logs,
  decode: decodeLogFrame,
  pack(lines) {
    const count = lines.length;
    const texts = new Array<string>(count);
    const plains = new Array<string | null>(count);
    const times = new Float64Array(count);
    const codes = new Uint8Array(count);
    for (let index = 0; index < count; index += 1) {
      const line = lines[index] as PartialLine;
      texts[index] = line.text;
      plains[index] = line.plain === line.text ? null : line.plain;
      times[index] = line.timeMs;
      codes[index] = line.notice ? NOTICE_BIT : 0;
    }
    return {
      packed: { texts, plains, times, codes },
      transfer: [times.buffer, codes.buffer],
    };
  },
  unpack(packed: PackedLines) {
    return new LineBatch(packed);
  },
} satisfies StreamDecoder<PartialLine, PackedLines, PartialLine, LineBatch>;

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
  const batch = logDecoder.unpack(logDecoder.pack(lines).packed);
  return Array.from({ length: batch.length }, (_, index) => batch.at(index) as PartialLine);
}
