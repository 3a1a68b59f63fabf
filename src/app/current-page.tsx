import { useStore } from 'zustand';
import { UntrustedText } from '../components/ui/untrusted-text';
import { usePages } from '../entities/session-events/hooks/use-pages';
import { currentPage, tabCount } from '../entities/session-events/model/pages';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import { formatTimestamp } from '../lib/time-format';

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
  if (!page) return null;
  const tabs = tabCount(pages);
  if (ended)
    return (
      <p
        className="flex min-w-0 items-baseline gap-1 text-xs text-muted"
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
      className="flex min-w-0 items-baseline gap-1 text-xs text-muted"
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
