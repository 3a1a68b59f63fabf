// How the screen is taken while only slow subscribers (recordings) watch it: a screencast while the
// page paints now and then, screenshots at the subscribers' pace while it paints continuously. A
// screencast costs the browser nothing while nothing paints, but it captures every painted frame,
// however slowly the frames are acked (a 1280×720 page animating took a headless Chromium from 10%
// to 60% of a core at 10 frames a second); a screenshot costs one capture, a little dearer than a
// screencast's (27% at 10 a second), changed or not. So screenshots pay when the page paints far
// faster than the pace: the screencast's frames come at the full pace, most soon after the ack
// that let it come (a page that paints every frame has the next one ready at once; one typing ten
// characters a second, anywhere up to a pace later). Screenshots that stop changing go back to
// the screencast at once. The choice follows the last two seconds.

export type Sampling = 'screencast' | 'screenshots';

/** How far back the choice looks, and how long a choice stands at least. */
export const SAMPLING_WINDOW_MS = 2_000;
/** Screencast frames, as a share of the pace, from which the page may count as busy. */
const BUSY_SHARE = 0.8;
/**
 * From an ack to the next frame, at most, for three frames in four of the window, for the page to
 * count as busy. Measured at a 10 frames a second pace: 15 ms for a page painting every frame (45
 * ms with both cores busy elsewhere), 75–80 ms for one typing ten characters a second.
 */
const PROMPT_MS = 60;
/** Changed screenshots, as a share of the pace, up to which the page counts as quiet again. */
const QUIET_SHARE = 0.3;
/** Screenshots in a row that show nothing new (half a second's, three at least): quiet again. */
const QUIET_RUN_S = 0.5;

interface Change {
  atMs: number;
  /** For a screencast frame: how long after the ack before it it came. */
  afterAckMs?: number;
}

export class SamplingChoice {
  private current: Sampling = 'screencast';
  private since = -Infinity;
  /** The frames that showed something new, oldest first, within the window. */
  private readonly changes: Change[] = [];
  /** Screenshots in a row that showed nothing new. */
  private unchanged = 0;

  /** `framesPerSecond`: the pace the subscribers asked for. */
  constructor(private framesPerSecond: number) {}

  get mode(): Sampling {
    return this.current;
  }

  setPace(framesPerSecond: number): void {
    this.framesPerSecond = framesPerSecond;
  }

  /** Starts over in `mode` at `atMs` (a new tab, a new browser, or screenshots that failed). */
  reset(mode: Sampling, atMs: number): void {
    this.current = mode;
    this.since = atMs;
    this.changes.length = 0;
    this.unchanged = 0;
  }

  /**
   * A screencast frame came at `atMs`, `afterAckMs` after the ack that let it come (undefined for
   * the first); true when the choice is now screenshots.
   */
  screencastFrame(atMs: number, afterAckMs: number | undefined): boolean {
    this.note(atMs, { atMs, ...(afterAckMs === undefined ? {} : { afterAckMs }) });
    if (this.current !== 'screencast' || atMs - this.since < SAMPLING_WINDOW_MS) return false;
    if (this.changes.length < BUSY_SHARE * this.expected()) return false;
    const waits = this.changes
      .map((change) => change.afterAckMs)
      .filter((ms) => ms !== undefined)
      .sort((a, b) => a - b);
    const mostWithin = waits[Math.floor(waits.length * 0.75)];
    if (mostWithin === undefined || mostWithin > PROMPT_MS) return false;
    this.reset('screenshots', atMs);
    return true;
  }

  /**
   * A screenshot was taken at `atMs`, `changed` from the one before; true when the choice is now
   * the screencast.
   */
  screenshot(atMs: number, changed: boolean): boolean {
    this.note(atMs, changed ? { atMs } : undefined);
    this.unchanged = changed ? 0 : this.unchanged + 1;
    if (this.current !== 'screenshots') return false;
    const still = this.unchanged >= Math.max(3, QUIET_RUN_S * this.framesPerSecond);
    const quiet =
      atMs - this.since >= SAMPLING_WINDOW_MS &&
      this.changes.length <= QUIET_SHARE * this.expected();
    if (!still && !quiet) return false;
    this.reset('screencast', atMs);
    return true;
  }

  /** Frames the window holds at the subscribers' pace. */
  private expected(): number {
    return (this.framesPerSecond * SAMPLING_WINDOW_MS) / 1000;
  }

  /** Keeps `change` (if any) and forgets what the window, ending at `nowMs`, has left behind. */
  private note(nowMs: number, change: Change | undefined): void {
    if (change) this.changes.push(change);
    while (this.changes.length > 0 && (this.changes[0]?.atMs ?? 0) <= nowMs - SAMPLING_WINDOW_MS)
      this.changes.shift();
  }
}
