/** The waterfall's page chooser: a top-level page visit's span as the time range. */
import { useId } from 'react';
import { formatTimestamp } from '../../../lib/time-format';
import { visitRange, type PageVisit } from '../../../entities/session-events/model/pages';
import { updateFilter } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

/**
 * The waterfall's scale by top-level page: choosing a visit makes its span the time range (as
 * "Only this page" does), so the requests, the scale and every other view are that page's.
 */
export function WaterfallPage({
  timeline,
  pages,
  range,
}: {
  timeline: Timeline;
  pages: readonly PageVisit[];
  range: { fromUs: number; toUs: number } | null;
}) {
  const id = useId();
  if (pages.length === 0) return null;
  const spans = pages.map(visitRange);
  const chosen = range
    ? spans.findIndex((span) => span.fromUs === range.fromUs && span.toUs === range.toUs)
    : -1;
  return (
    <span className="flex items-center gap-1">
      <label htmlFor={id}>Page</label>
      <select
        id={id}
        value={chosen === -1 ? (range ? 'range' : 'all') : String(chosen)}
        onChange={(event) => {
          const at = Number(event.target.value);
          if (event.target.value === 'all') updateFilter(timeline, { range: null });
          else if (Number.isInteger(at) && spans[at]) updateFilter(timeline, { range: spans[at] });
        }}
        className="h-6 max-w-64 rounded border border-border bg-panel-2 px-1 text-[11px] text-fg"
      >
        <option value="all">every page</option>
        {range && chosen === -1 && <option value="range">the chosen time range</option>}
        {pages.map((page, at) => (
          <option key={`${page.startUs}-${at}`} value={at}>
            {`${at + 1}. ${formatTimestamp(page.startUs / 1000, 'local', 0)} ${page.url || '(no URL)'}`}
          </option>
        ))}
      </select>
    </span>
  );
}
