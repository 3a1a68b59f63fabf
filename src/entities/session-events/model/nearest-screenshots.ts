import type { EventItem, TimelineItem } from './types';

/** The retained screenshots of a timeline as keys (absolute indexes), ascending. */
export interface ScreenshotKeys {
  readonly length: number;
  at(position: number): number | undefined;
  /** Position of the first key at least `key`. */
  lowerBound(key: number): number;
}

export interface MomentScreenshots {
  /** The screenshot taken nearest before the item (or at its instant). */
  before?: EventItem;
  /** The screenshot taken nearest after it. */
  after?: EventItem;
}

/** Screenshots arrive later than they are taken: this many neighbours in arrival order are weighed. */
const REACH = 8;

/**
 * The screenshots nearest in time before and after `item`, among those the timeline holds. Found by
 * arrival order first, then by time among the neighbours (an image is encoded and sent after
 * events of the same moment, so arrival order alone can put it after them).
 */
export function nearestScreenshots(
  keys: ScreenshotKeys,
  itemAt: (index: number) => TimelineItem | undefined,
  item: TimelineItem,
): MomentScreenshots {
  const found: MomentScreenshots = {};
  const at = keys.lowerBound(item.index);
  const from = Math.max(0, at - REACH);
  const to = Math.min(keys.length, at + REACH);
  for (let position = from; position < to; position += 1) {
    const key = keys.at(position);
    if (key === undefined || key === item.index) continue;
    const shot = itemAt(key);
    if (shot?.kind !== 'event') continue;
    if (shot.tsUs <= item.tsUs) {
      if (!found.before || shot.tsUs > found.before.tsUs) found.before = shot;
    } else if (!found.after || shot.tsUs < found.after.tsUs) {
      found.after = shot;
    }
  }
  return found;
}

/** `0.4 s before`, `1 min 3 s after`: how far a screenshot is from the moment. */
export function describeOffset(fromUs: number, toUs: number): string {
  const deltaMs = Math.round((toUs - fromUs) / 1000);
  const side = deltaMs < 0 ? 'before' : deltaMs > 0 ? 'after' : '';
  const abs = Math.abs(deltaMs);
  if (abs === 0) return 'at the same instant';
  const text =
    abs < 1_000
      ? `${abs} ms`
      : abs < 60_000
        ? `${(abs / 1000).toFixed(1)} s`
        : `${Math.floor(abs / 60_000)} min ${Math.round((abs % 60_000) / 1000)} s`;
  return `${text} ${side}`;
}

/** How far from an event "at this moment" reaches, either side. */
export const MOMENT_US = 3_000_000;

/**
 * The items of `keys` (console errors, say) within `MOMENT_US` of `item`, nearest first, at most
 * `max`; the item itself left out. Keys are in arrival order, close to time order: the scan goes
 * outwards from the item's place and stops on each side at the first key past the window.
 */
export function itemsAround(
  keys: ScreenshotKeys,
  itemAt: (index: number) => TimelineItem | undefined,
  item: TimelineItem,
  max = 5,
): EventItem[] {
  const found: EventItem[] = [];
  const at = keys.lowerBound(item.index);
  const visit = (position: number): boolean => {
    const key = keys.at(position);
    if (key === undefined) return false;
    const other = itemAt(key);
    if (other?.kind !== 'event') return true;
    if (Math.abs(other.tsUs - item.tsUs) > MOMENT_US) return false;
    if (key !== item.index) found.push(other);
    return true;
  };
  for (let position = at - 1; position >= 0 && visit(position); position -= 1);
  for (let position = at; position < keys.length && visit(position); position += 1);
  return found
    .sort((a, b) => Math.abs(a.tsUs - item.tsUs) - Math.abs(b.tsUs - item.tsUs))
    .slice(0, max);
}
