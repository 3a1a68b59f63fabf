/**
 * The pages view (features/pages): one row per top-level page visit with its console errors,
 * failed requests, layout shifts and web vitals, and the detail of a Largest Contentful Paint. The
 * visits are computed by the events layer (entities/session-events/model/pages.ts) from
 * navigation, page and network events.
 */
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { cn } from '../../../lib/cn';
import { formatTimestamp } from '../../../lib/time-format';
import { usePages } from '../../../entities/session-events/hooks/use-pages';
import {
  CLS_EXPLAINED,
  LCP_EXPLAINED,
  visitRange,
  type PageVisit,
} from '../../../entities/session-events/model/pages';
import { showItem, updateFilter } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

function seconds(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function tone(value: number | null, good: number, poor: number): string {
  if (value === null) return '';
  return value <= good ? 'text-ok' : value > poor ? 'text-danger' : 'text-warn';
}

function Count({ value, danger }: { value: number; danger?: boolean }) {
  return (
    <span className={cn('tabular-nums', value > 0 && danger && 'font-medium text-danger')}>
      {value.toLocaleString('en-US')}
    </span>
  );
}

function PageRow({ page, timeline }: { page: PageVisit; timeline: Timeline }) {
  const range = useStore(timeline.store, (state) => state.filter.range);
  // of an ended session (its history, a file, a stream that ended) no page is current any more
  const ended = useStore(
    timeline.store,
    (state) => timeline.origin.kind !== 'live' || state.status.kind === 'ended',
  );
  const span = visitRange(page);
  const chosen = range?.fromUs === span.fromUs && range.toUs === span.toUs;
  const lcpTitle = page.lcp
    ? `${LCP_EXPLAINED}\n\nThis page: ${seconds(page.lcp.ms)} (${page.lcp.basis} time), ` +
      `${Math.round(page.lcp.size).toLocaleString('en-US')} px²` +
      `${page.lcp.elementId ? `, element #${page.lcp.elementId}` : ''}` +
      `${page.lcp.url ? `, ${page.lcp.url}` : ''}`
    : `${LCP_EXPLAINED}\n\nThis page reported none.`;
  return (
    <tr className={cn('border-b border-border align-top', chosen && 'bg-row-selected')}>
      <td className="max-w-0 py-1 pr-2">
        <button
          type="button"
          className="block w-full truncate text-left font-mono text-xs text-accent hover:underline"
          title={page.url}
          onClick={() => showItem(timeline, page.index)}
        >
          <UntrustedText text={page.url || '(no URL)'} />
        </button>
        {page.title && (
          <span className="block truncate text-xs text-muted">
            <UntrustedText text={page.title} />
          </span>
        )}
      </td>
      <td className="py-1 pr-2 text-xs whitespace-nowrap text-muted tabular-nums">
        {formatTimestamp(page.startUs / 1000, 'local', 0)}
        <span className="block">
          {page.endUs !== null
            ? seconds((page.endUs - page.startUs) / 1000)
            : ended
              ? `to the end, ${seconds((page.lastUs - page.startUs) / 1000)}`
              : 'current'}
        </span>
      </td>
      <td className="py-1 pr-2 text-right text-xs">
        <Count value={page.errors} danger />
      </td>
      <td className="py-1 pr-2 text-right text-xs">
        <Count value={page.failedRequests} danger />
      </td>
      <td className="py-1 pr-2 text-right text-xs">
        <Count value={page.layoutShifts} />
      </td>
      <td
        className={cn(
          'py-1 pr-2 text-right text-xs tabular-nums',
          tone(page.lcp?.ms ?? null, 2500, 4000),
        )}
        title={lcpTitle}
      >
        {seconds(page.lcp?.ms ?? null)}
      </td>
      <td
        className={cn('py-1 pr-2 text-right text-xs tabular-nums', tone(page.cls, 0.1, 0.25))}
        title={CLS_EXPLAINED}
      >
        {page.cls.toFixed(3)}
      </td>
      <td className="py-1 pr-2 text-right text-xs whitespace-nowrap text-muted tabular-nums">
        {seconds(page.domContentLoadedMs)} / {seconds(page.loadMs)}
      </td>
      <td className="py-1 text-right">
        <Button
          size="sm"
          variant={chosen ? 'primary' : 'secondary'}
          aria-pressed={chosen}
          onClick={() => updateFilter(timeline, { range: chosen ? null : span })}
          aria-label={`Only this page (the visit of ${page.url || 'this page'})`}
        >
          Only this page
        </Button>
      </td>
    </tr>
  );
}

/** One row per top-level page visit: what happened on it, its web vitals, and its time range. */
export function PagesView({ timeline }: { timeline: Timeline }) {
  const pages = usePages(timeline);
  if (pages.length === 0) {
    return (
      <p className="p-6 text-sm text-muted">
        No page visits yet: a row appears for each top-level navigation of the session’s tabs.
      </p>
    );
  }
  return (
    <table className="w-full table-fixed border-collapse text-left">
      <caption className="sr-only">Page visits, oldest first</caption>
      <thead className="sticky top-0 bg-panel text-[11px] text-muted uppercase">
        <tr className="border-b border-border">
          <th scope="col" className="py-1 pr-2 font-medium">
            Page
          </th>
          <th scope="col" className="w-24 py-1 pr-2 font-medium">
            From
          </th>
          <th scope="col" className="w-14 py-1 pr-2 text-right font-medium" title="Console errors">
            Errors
          </th>
          <th scope="col" className="w-16 py-1 pr-2 text-right font-medium" title="Failed requests">
            Failed
          </th>
          <th scope="col" className="w-14 py-1 pr-2 text-right font-medium" title="Layout shifts">
            Shifts
          </th>
          <th scope="col" className="w-16 py-1 pr-2 text-right font-medium" title={LCP_EXPLAINED}>
            LCP
          </th>
          <th scope="col" className="w-14 py-1 pr-2 text-right font-medium" title={CLS_EXPLAINED}>
            CLS
          </th>
          <th
            scope="col"
            className="w-28 py-1 pr-2 text-right font-medium"
            title="DOMContentLoaded and load, from the start of the navigation"
          >
            DCL / load
          </th>
          <th scope="col" className="w-32 py-1 font-medium">
            <span className="sr-only">Time range</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {pages.map((page) => (
          <PageRow key={page.index} page={page} timeline={timeline} />
        ))}
      </tbody>
    </table>
  );
}
