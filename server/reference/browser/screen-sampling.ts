// How the screen is taken while only slow subscribers (recordings) watch it: a screencast while the
// page paints now and then, screenshots at the subscribers' pace while it keeps painting. A
// screencast costs the browser nothing while nothing paints, but it captures every painted frame,
// however slowly the frames are acked (a 1280×720 page animating took a headless Chromium from 10%
// to 60% of a core at 10 frames a second); a screenshot costs one capture, a little dearer than a
// screencast's (27% at 10 a second), changed or not. So screenshots take over once the
// screencast's frames have come at the full pace for two seconds, and the screencast comes back
// once half a second of screenshots shows nothing new, or two seconds few changes.

export type Sampling = 'screencast' | 'screenshots';

/** How far back the choice looks, and how long a choice stands at least. */
export const SAMPLING_WINDOW_MS = 2_000;
/** Screencast frames, as a share of the pace, from which the page counts as busy. */
const BUSY_SHARE = 0.8;
/** Changed screenshots, as a share of the pace, up to which the page counts as quiet again. */
const QUIET_SHARE = 0.3;
/** Screenshots in a row that show nothing new (half a second's, three at least): quiet again. */
const QUIET_RUN_S = 0.5;

export class SamplingChoice {
  private current: Sampling = 'screencast';
  private since = -Infinity;
  /** When frames that showed something new came, oldest first, within the window. */
  private readonly changes: number[] = [];
  /** When screenshots were taken, oldest first, within the window (their pace may slow). */
  private readonly shots: number[] = [];
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
    this.shots.length = 0;
    this.unchanged = 0;
  }

  /** A screencast frame came at `atMs`; true when the choice is now screenshots. */
  screencastFrame(atMs: number): boolean {
    this.note(atMs, true);
    if (this.current !== 'screencast' || atMs - this.since < SAMPLING_WINDOW_MS) return false;
    if (this.changes.length < BUSY_SHARE * this.expected()) return false;
    this.reset('screenshots', atMs);
    return true;
  }

  /**
   * A screenshot was taken at `atMs`, `changed` from the one before; true when the choice is now
   * the screencast.
   */
  screenshot(atMs: number, changed: boolean): boolean {
    this.note(atMs, changed);
    this.shots.push(atMs);
    while ((this.shots[0] ?? atMs) <= atMs - SAMPLING_WINDOW_MS) this.shots.shift();
    this.unchanged = changed ? 0 : this.unchanged + 1;
    if (this.current !== 'screenshots') return false;
    const still = this.unchanged >= Math.max(3, QUIET_RUN_S * this.framesPerSecond);
    // a share of the screenshots taken, which a saturated machine slows (cpu-headroom.ts)
    const quiet =
      atMs - this.since >= SAMPLING_WINDOW_MS &&
      this.changes.length <= QUIET_SHARE * this.shots.length;
    if (!still && !quiet) return false;
    this.reset('screencast', atMs);
    return true;
  }

  /** Frames the window holds at the subscribers' pace. */
  private expected(): number {
    return (this.framesPerSecond * SAMPLING_WINDOW_MS) / 1000;
  }

  /** Keeps a change at `atMs` (if `changed`) and forgets what the window has left behind. */
  private note(atMs: number, changed: boolean): void {
    if (changed) this.changes.push(atMs);
    while (this.changes.length > 0 && (this.changes[0] ?? 0) <= atMs - SAMPLING_WINDOW_MS)
      this.changes.shift();
  }
}
