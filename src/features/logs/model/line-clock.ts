/**
 * The times of one log stream's lines: a line that states no time inherits the last stated one,
 * and the zone of zoneless times (Chromium's, glog's, Python's defaults) is chosen for the whole
 * stream. The writer's zone is not on the wire; the candidates are UTC (a remote service's usual
 * zone) and this browser's zone (a server on the same machine, such as the embedded reference
 * server). A line is never written after the server read it, so the candidate that puts the
 * freshest zoneless line closest before its read time wins; one that puts it after is refused.
 */

/** A read may precede the stated time by this much (rounding, a coarse clock). */
const LEAD_TOLERANCE_MS = 5_000;

/** The fields of a line the clock reads and writes. */
export interface TimedLine {
  timeMs: number;
  statedMs: number;
  zoneless: boolean;
  inherited: boolean;
  notice: boolean;
}

export type TimeSource = 'line' | 'read';

export class LineClock {
  /** Lines of the file received (notices not counted), and those that stated a time. */
  lines = 0;
  stated = 0;
  private lastStated = Number.NaN;
  private lastZoneless = false;
  /** Largest (stated wall clock − read time) over zoneless lines. */
  private maxLead = Number.NEGATIVE_INFINITY;
  private offsetMs = 0;

  /**
   * `localOffsetMs`: this browser's offset from UTC at a given instant (a parameter for tests).
   */
  constructor(
    private readonly localOffsetMs: (atMs: number) => number = (atMs) =>
      -new Date(atMs).getTimezoneOffset() * 60_000,
  ) {}

  /** Takes a line as it is appended: fills in an inherited time, learns the zone. */
  observe(line: TimedLine): void {
    if (line.notice) return;
    this.lines += 1;
    if (Number.isNaN(line.statedMs)) {
      if (!Number.isNaN(this.lastStated)) {
        line.statedMs = this.lastStated;
        line.zoneless = this.lastZoneless;
        line.inherited = true;
      }
      return;
    }
    this.stated += 1;
    this.lastStated = line.statedMs;
    this.lastZoneless = line.zoneless;
    if (line.zoneless && !Number.isNaN(line.timeMs)) {
      const lead = line.statedMs - line.timeMs;
      if (lead > this.maxLead) {
        this.maxLead = lead;
        this.offsetMs = this.chooseOffset(line.timeMs);
      }
    }
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
