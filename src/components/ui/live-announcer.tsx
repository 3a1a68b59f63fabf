import { create } from 'zustand';
import { LIMITS } from '../../config/limits';
import { TEST_IDS } from '../../config/test-ids';

/** Says a count of new things from one source: `3 new errors in the timeline`. */
export type Describe = (count: number) => string;

export interface CoalescerOptions {
  /** How long the first report waits for others to join it. */
  gatherMs: number;
  /** The least time between two announcements. */
  gapMs: number;
}

export interface Coalescer {
  /** Adds `count` new things from `key`; said later, summed with the others, in one sentence. */
  report(key: string, count: number, describe: Describe): void;
  /** Drops what `key` reported and was not said yet (its view was paused, or it went away). */
  forget(key: string): void;
  dispose(): void;
}

/**
 * Folds reports into summaries: the first report waits `gatherMs` for others to join, and two
 * announcements are at least `gapMs` apart; what arrives meanwhile is summed into the next one.
 * One sentence per source, in the order the sources first reported.
 */
export function createCoalescer(
  onAnnounce: (message: string) => void,
  options: CoalescerOptions = { gatherMs: LIMITS.announceGatherMs, gapMs: LIMITS.announceGapMs },
): Coalescer {
  const pending = new Map<string, { count: number; describe: Describe }>();
  let lastAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    timer = undefined;
    if (pending.size === 0) return;
    const message = [...pending.values()].map((entry) => entry.describe(entry.count)).join('. ');
    pending.clear();
    lastAt = Date.now();
    onAnnounce(message);
  };

  return {
    report(key, count, describe) {
      if (count <= 0) return;
      const entry = pending.get(key);
      pending.set(key, { count: (entry?.count ?? 0) + count, describe });
      if (timer !== undefined) return;
      const wait = Math.max(options.gatherMs, lastAt + options.gapMs - Date.now());
      timer = setTimeout(flush, wait);
    },
    forget(key) {
      pending.delete(key);
      if (pending.size === 0 && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    },
    dispose() {
      pending.clear();
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

interface AnnouncementState {
  message: string;
}

const useAnnouncement = create<AnnouncementState>()(() => ({ message: '' }));
let clearTimer: ReturnType<typeof setTimeout> | undefined;

function show(message: string): void {
  // the same words again must still change the region, or screen readers stay silent
  useAnnouncement.setState((state) => ({
    message: state.message === message ? `${message}\u00a0` : message,
  }));
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => useAnnouncement.setState({ message: '' }), LIMITS.announceClearMs);
}

let announcer = createCoalescer(show);

/** Reports new things (errors) to be announced politely, coalesced with the others. */
export function reportNew(key: string, count: number, describe: Describe): void {
  announcer.report(key, count, describe);
}

/** Drops what `key` reported and was not announced yet. */
export function forgetNew(key: string): void {
  announcer.forget(key);
}

/** Starts over with nothing pending and nothing said (for tests). */
export function resetAnnouncements(): void {
  announcer.dispose();
  announcer = createCoalescer(show);
  clearTimeout(clearTimer);
  useAnnouncement.setState({ message: '' });
}

/**
 * The app's one polite live region, visually hidden. Live views (the log, the timeline) are
 * `aria-live="off"` so a firehose is not read out; what matters in them is summarised here.
 */
export function LiveAnnouncer() {
  const message = useAnnouncement((state) => state.message);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid={TEST_IDS.liveAnnouncer}
      className="sr-only"
    >
      {message}
    </div>
  );
}
