/** Pixels from the bottom that still count as "at the bottom" (following the tail). */
export const BOTTOM_SLACK_PX = 8;

/** Whether a scroll container shows its end, so a live list should keep following new items. */
export function isScrolledToBottom(element: HTMLElement, slack = BOTTOM_SLACK_PX): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= slack;
}
