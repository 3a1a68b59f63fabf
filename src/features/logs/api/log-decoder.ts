import { LIMITS } from '../../../config/limits';
import type { ItemBatch } from '../../../lib/batch-queue';
import type { StreamDecoder } from '../../../lib/sse/decoded-stream';
import { detectLevel } from '../model/level';
import { isAscii } from '../../../lib/plain-match';
import { decodeLogFrame, lineOf, noticeLine, type PartialLine } from './log-stream';
import { scanLogFrame, StagedLine } from './log-frame-scan';
import { ByteStaging } from '../../../lib/sse/byte-staging';
import { stripAnsi } from '../model/ansi';
import { detectLineTime, type StatedTime } from '../model/line-time';

/**
 * A batch of lines as columns: strings in packed arrays (a holey array is cloned key by key, and
 * arrives as a dictionary), the rest in typed arrays moved, not copied.
 */
export interface PackedLines {
  texts: string[];
  /** The lines whose plain text is not their text (escape sequences removed), and those. */
  plainLines: Uint32Array;
  plainTexts: string[];
  times: Float64Array;
  /** NOTICE_BIT, ASCII_BIT. */
  codes: Uint8Array;
}

const NOTICE_BIT = 0x80;
/** The plain text is known to be ASCII (a line read from its bytes). */
const ASCII_BIT = 0x40;

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
  private plains: (string | undefined)[] | undefined;

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
    const text = this.textAt(index);
    if (text === undefined) return undefined;
    const { times, codes, plainLines, plainTexts } = this.packed;
    const code = codes[index] as number;
    this.plains ??= spread(this.length, plainLines, plainTexts);
    const plain = this.plains[index] ?? text;
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
      ascii: (code & ASCII_BIT) !== 0 || isAscii(plain),
      notice,
    };
  }
}

/** Strings at the given indexes of an array of `length`, undefined elsewhere. */
function spread(length: number, at: Uint32Array, values: string[]): (string | undefined)[] {
  const out = new Array<string | undefined>(length);
  for (let k = 0; k < at.length; k += 1) out[at[k] as number] = values[k];
  return out;
}

/** What the worker has of a line: made from a parsed frame, or staged as bytes (scanLogFrame). */
type WireLine = PartialLine | StagedLine;

const stagedText = new TextDecoder();

/** Log stream frames → lines, decoded in the stream worker (which stages no bytes of theirs). */
export const logDecoder = {
  name: 'logs',
  windowItems: LIMITS.streamWorkerWindow.logs,
  decode: decodeLogFrame,
  scan: scanLogFrame,
  pack(lines: WireLine[], staging: ByteStaging = new ByteStaging()) {
    const count = lines.length;
    // every staged byte is ASCII: the batch's staged lines are one text, decoded once, and each
    // line's text a part of it (sent as a string of its own: read at the page, a part of a long
    // text is slower to read characters from than a string)
    const joined = staging.takeText(stagedText);
    const texts: string[] = [];
    const times = new Float64Array(count);
    const codes = new Uint8Array(count);
    const plainLines: number[] = [];
    const plainTexts: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const line = lines[index] as WireLine;
      times[index] = line.timeMs;
      if (line instanceof StagedLine) {
        const text = joined.slice(line.at, line.at + line.length);
        texts.push(text);
        codes[index] = ASCII_BIT;
        if (line.escapes) {
          plainLines.push(index);
          plainTexts.push(stripAnsi(text));
        }
        continue;
      }
      texts.push(line.text);
      if (line.plain !== line.text) {
        plainLines.push(index);
        plainTexts.push(line.plain);
      }
      codes[index] = line.notice ? NOTICE_BIT : 0;
    }
    const lineIndexes = Uint32Array.from(plainLines);
    return {
      packed: { texts, plainLines: lineIndexes, plainTexts, times, codes },
      transfer: [times.buffer, codes.buffer, lineIndexes.buffer],
    };
  },
  unpack(packed: PackedLines) {
    return new LineBatch(packed);
  },
} satisfies StreamDecoder<PartialLine, PackedLines, WireLine, LineBatch>;

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
