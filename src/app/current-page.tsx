import { useStore } from 'zustand';
import { UntrustedText } from '../components/ui/untrusted-text';
import { usePages } from '../entities/session-events/hooks/use-pages';
import { currentPage, tabCount } from '../entities/session-events/model/pages';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import { cn } from '../lib/cn';
import { formatTimestamp } from '../lib/time-format';

/** One line of one height whatever it says: the header does not grow when a page is first known. */
const LINE = 'h-4 overflow-hidden text-xs leading-4 text-muted';

/**
 * The page the session's browser is on now (as its telemetry says), since when, and its tabs; of
 * a session that has ended, the page it was on last.
 */
export function CurrentPage({ timeline }: { timeline: Timeline }) {
  // a glance, not a view: a pass over the timeline every 2 s at most
  const pages = usePages(timeline, 2_000);
  const ended = useStore(
    timeline.store,
    (state) => timeline.origin.kind !== 'live' || state.status.kind === 'ended',
  );
  const page = currentPage(pages);
  // the line is there before a page is known, so that its coming does not move everything below
  // it (a row the reader is about to click among them)
  if (!page)
    return (
      <p
        className={LINE}
        aria-label={ended ? 'The page the browser was on last' : 'The page the browser is on'}
      >
        {ended ? 'No page seen' : 'No page seen yet'}
      </p>
    );
  const tabs = tabCount(pages);
  if (ended)
    return (
      <p
        className={cn('flex min-w-0 items-baseline gap-1', LINE)}
        aria-label="The page the browser was on last"
      >
        <span className="shrink-0">Last on</span>
        <span className="min-w-0 truncate font-mono text-fg" title={page.url}>
          <UntrustedText text={page.title ? `${page.title} · ${page.url}` : page.url} />
        </span>
        <span className="shrink-0 tabular-nums">
          from {formatTimestamp(page.startUs / 1000, 'local', 0).slice(0, 8)}
          {tabs > 1 ? ` · ${tabs} tabs at the end` : ''}
        </span>
      </p>
    );
  return (
    <p
      className={cn('flex min-w-0 items-baseline gap-1', LINE)}
      aria-label="The page the browser is on"
    >
      <span className="shrink-0">On</span>
      <span className="min-w-0 truncate font-mono text-fg" title={page.url}>
        <UntrustedText text={page.title ? `${page.title} · ${page.url}` : page.url} />
      </span>
      <span className="shrink-0 tabular-nums">
        since {formatTimestamp(page.startUs / 1000, 'local', 0).slice(0, 8)}
        {tabs > 1 ? ` · ${tabs} tabs` : ' · 1 tab'}
      </span>
    </p>
  );
}
