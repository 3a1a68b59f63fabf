/**
 * The times of one log stream's lines: a line that states no time inherits the last stated one,
 * or, when no line before it stated one (the first lines of a file, a shell's message before the
 * program's own lines, the first lines after a reconnect), the next one stated, as an estimate
 * given once that line arrives, as a log viewer does. The zone of zoneless times (Chromium's,
 * glog's, Python's defaults) is chosen for the whole stream. The writer's zone is not on the wire;
 * the candidates are UTC (a remote service's usual zone) and this browser's zone (a server on the
 * same machine, such as the embedded reference server). A line is never written after the server
 * read it, so the candidate that puts the freshest zoneless line closest before its read time wins;
 * one that puts it after is refused.
 */

import { LIMITS } from '../../../config/limits';

/** A read may precede the stated time by this much (rounding, a coarse clock). */
const LEAD_TOLERANCE_MS = 5_000;

/** The fields of a line the clock reads and writes. */
export interface TimedLine {
  timeMs: number;
  statedMs: number;
  zoneless: boolean;
  /**
   * Where the time of a line that states none comes from: the last line before it that stated one
   * (`previous`), or the first line after it (`next`: an estimate); false when the line states its
   * own time or none is known.
   */
  inherited: TimeFrom;
  notice: boolean;
}

export type TimeFrom = false | 'previous' | 'next';

export type TimeSource = 'line' | 'read';

export class LineClock {
  /** Lines of the file received (notices not counted), and those that stated a time. */
  lines = 0;
  stated = 0;
  private lastStated = Number.NaN;
  private lastZoneless = false;
  /** Lines with no stated time before them, waiting for the next one stated. */
  private waiting: TimedLine[] = [];
  /** The waiting lines outgrew `estimateRunMax`: until a time is stated, lines keep their read. */
  private overflowed = false;
  /** Largest (stated wall clock − read time) over zoneless lines. */
  private maxLead = Number.NEGATIVE_INFINITY;
  private offsetMs = 0;

  /**
   * `localOffsetMs`: this browser's offset from UTC at a given instant (a parameter for tests).
   */
  constructor(
    private readonly localOffsetMs: (atMs: number) => number = (atMs) =>
      -new Date(atMs).getTimezoneOffset() * 60_000,
    /** Most lines before a stated time that take it; a longer run states no time to estimate. */
    private readonly estimateRunMax: number = LIMITS.logTimeEstimateRunMax,
  ) {}

  /**
   * Takes a line as it is appended: fills in an inherited time, learns the zone. Returns how many
   * lines right before this one were given its time (an estimate: they had no time before them).
   */
  observe(line: TimedLine): number {
    if (line.notice) return 0;
    this.lines += 1;
    if (Number.isNaN(line.statedMs)) {
      if (!Number.isNaN(this.lastStated)) {
        line.statedMs = this.lastStated;
        line.zoneless = this.lastZoneless;
        line.inherited = 'previous';
      } else if (!this.overflowed) this.wait(line);
      return 0;
    }
    this.stated += 1;
    this.lastStated = line.statedMs;
    this.lastZoneless = line.zoneless;
    this.overflowed = false;
    const given = this.waiting.length === 0 ? 0 : this.giveWaiting(line);
    if (line.zoneless && !Number.isNaN(line.timeMs)) {
      const lead = line.statedMs - line.timeMs;
      if (lead > this.maxLead) {
        this.maxLead = lead;
        this.offsetMs = this.chooseOffset(line.timeMs);
      }
    }
    return given;
  }

  private wait(line: TimedLine): void {
    if (this.waiting.length < this.estimateRunMax) {
      this.waiting.push(line);
      return;
    }
    this.waiting = [];
    this.overflowed = true;
  }

  /** The waiting lines take the time `stated` states, as an estimate. */
  private giveWaiting(stated: TimedLine): number {
    const waiting = this.waiting;
    for (const line of waiting) {
      line.statedMs = stated.statedMs;
      line.zoneless = stated.zoneless;
      line.inherited = 'next';
    }
    this.given = waiting;
    this.waiting = [];
    return waiting.length;
  }

  /**
   * The lines the last `observe` that returned a count gave a time to (what stores lines apart
   * from these objects writes their new times); read it right after that call.
   */
  given: readonly TimedLine[] = [];

  /** The waiting lines are gone (the reader cleared them): they take no time later. */
  dropWaiting(): void {
    this.waiting = [];
  }

  /**
   * The lines from here on need not follow the last stated time (the stream reconnected and tails
   * the file from its end again): a line that states none waits for the next stated time.
   */
  restart(): void {
    this.lastStated = Number.NaN;
    this.waiting = [];
    this.overflowed = false;
  }

  private chooseOffset(atMs: number): number {
    const candidates = [0, this.localOffsetMs(atMs)];
    let best: number | undefined;
    let bestLead = Number.NEGATIVE_INFINITY;
    for (const offset of candidates) {
      const lead = this.maxLead - offset;
      if (lead <= LEAD_TOLERANCE_MS && lead > bestLead) {
        best = offset;
        bestLead = lead;
      }
    }
    // every candidate puts a line after its read: the least wrong one
    return best ?? Math.max(...candidates);
  }

  /** Milliseconds east of UTC that zoneless times of this stream are taken to be in. */
  get zoneOffsetMs(): number {
    return this.offsetMs;
  }

  /**
   * At least half the lines state their own time (the others inherit it): the view shows line
   * times unless the reader chose.
   */
  get prefersLineTime(): boolean {
    return this.stated > 0 && this.stated * 2 >= this.lines;
  }

  /** When the line happened, by `source`; the read time when the line has no time to give. */
  lineTime(line: TimedLine, source: TimeSource): number {
    if (source === 'read' || Number.isNaN(line.statedMs)) return line.timeMs;
    return line.zoneless ? line.statedMs - this.offsetMs : line.statedMs;
  }
}
