import { LIMITS } from '../../config/limits';
import type { TimelineItem } from '../../entities/session-events/model/types';
import { sizeText } from './size-text';

/** The screenshot events of a timeline whose image a bundle cannot hold, by reason. */
export interface ScreenshotsLeftOut {
  /** Their image was released under the page's image caps before the bundle was saved. */
  released: number;
  /** The event came without an image (too large to be sent, or not in the file it was read from). */
  withoutImage: number;
  /** Screenshots were unticked when the bundle was saved. */
  notAsked: number;
}

export function noneLeftOut(): ScreenshotsLeftOut {
  return { released: 0, withoutImage: 0, notAsked: 0 };
}

export function leftOutCount(left: ScreenshotsLeftOut): number {
  return left.released + left.withoutImage + left.notAsked;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** The page's image caps, in words. */
export const IMAGE_CAPS_TEXT = `the page holds only the newest ${count(LIMITS.screenshotImages)} screenshot images (${sizeText(LIMITS.screenshotImageBytes)} at most)`;

/** Why the screenshots were left out, one clause per reason; null when none was. */
export function leftOutWhy(left: ScreenshotsLeftOut): string | null {
  const reasons: string[] = [];
  if (left.notAsked > 0)
    reasons.push(`${count(left.notAsked)} left out as asked (saved without screenshots)`);
  if (left.released > 0)
    reasons.push(
      `${count(left.released)} released, as ${IMAGE_CAPS_TEXT} and the older ones had been released before the bundle was saved`,
    );
  if (left.withoutImage > 0)
    reasons.push(
      `${count(left.withoutImage)} without an image, as the event came without one (an event over 1 MB arrives without its data, and a file or bundle opened without images has none)`,
    );
  return reasons.length > 0 ? reasons.join('; ') : null;
}

/**
 * The screenshots a bundle saved now would leave out although asked for (released, or events
 * without an image), read from the timeline's screenshot events.
 */
export function screenshotsNotHeld(
  screenshots: { readonly length: number; at(position: number): number | undefined },
  itemAt: (index: number) => TimelineItem | undefined,
): ScreenshotsLeftOut {
  const left = noneLeftOut();
  for (let position = 0; position < screenshots.length; position += 1) {
    const index = screenshots.at(position);
    const item = index === undefined ? undefined : itemAt(index);
    if (item?.kind !== 'event') continue;
    if (!item.screenshot) left.withoutImage += 1;
    else if (item.screenshot.url === null) left.released += 1;
  }
  return left;
}

/** What the form says before saving of the screenshots that will be left out; null when none. */
export function leftOutNote(left: ScreenshotsLeftOut): string | null {
  const parts: string[] = [];
  if (left.released > 0)
    parts.push(
      `${count(left.released)} older ${left.released === 1 ? 'screenshot is' : 'screenshots are'} no longer held and will be left out: ${IMAGE_CAPS_TEXT}.`,
    );
  if (left.withoutImage > 0)
    parts.push(
      `${count(left.withoutImage)} screenshot ${left.withoutImage === 1 ? 'event has' : 'events have'} no image to save.`,
    );
  return parts.length > 0 ? `${parts.join(' ')} The manifest says so.` : null;
}
