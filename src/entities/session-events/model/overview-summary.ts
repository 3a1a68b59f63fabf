import { formatTimestamp } from '../../../lib/time-format';
import { laneStyle } from './catalogue';
import type { Overview } from './overview';

/** Local clock time `HH:MM:SS` of a Unix-µs instant ('' when not finite). */
export function clockSeconds(tsUs: number): string {
  return formatTimestamp(tsUs / 1000, 'local', 0).slice(0, 8);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * One sentence describing the overview for assistive technology, e.g. "Event density from
 * 12:01:02 to 12:05:40: 120 events, 3 errors, 2 navigations, 5 screenshots; lanes: Page 2,
 * Console 40, Agent 78".
 */
export function describeOverview(overview: Overview): string {
  const { totals } = overview;
  if (totals.events === 0) return 'No events yet';
  return (
    `Event density from ${clockSeconds(overview.startUs)} to ${clockSeconds(overview.endUs)}: ` +
    [
      count(totals.events, 'event'),
      count(totals.errors, 'error'),
      count(totals.navigations, 'navigation'),
      count(totals.screenshots, 'screenshot'),
      ...(overview.marks.length > 0 ? [count(overview.marks.length, 'mark')] : []),
    ].join(', ') +
    lanesText(overview)
  );
}

/** "; lanes: Page 3, Network 12, Agent 40": each lane the strip draws, top to bottom, with its count. */
function lanesText(overview: Overview): string {
  if (overview.lanes.length === 0) return '';
  const lanes = overview.lanes.map((lane) => {
    let events = 0;
    for (const bin of lane.bins) events += bin;
    let errors = 0;
    for (const bin of lane.errorBins ?? []) errors += bin;
    const name = lane.label ?? laneStyle(lane.category).label;
    return `${name} ${events}${errors > 0 ? ` (${errors} ${errors === 1 ? 'error' : 'errors'})` : ''}`;
  });
  return `; lanes: ${lanes.join(', ')}`;
}
