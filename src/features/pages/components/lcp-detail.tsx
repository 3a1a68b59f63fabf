import { UntrustedText } from '../../../components/ui/untrusted-text';
import { computePages, LCP_EXPLAINED } from '../../../entities/session-events/model/pages';
import type { EventItem } from '../../../entities/session-events/model/types';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

/** An LCP event's paint as a time after its page's navigation started (found in the visits). */
export function LcpDetail({ item, timeline }: { item: EventItem; timeline: Timeline }) {
  const visit = computePages(timeline.buffer).find((page) => page.lcp?.index === item.index);
  return (
    <section aria-label="Largest Contentful Paint" className="space-y-1 text-sm">
      {visit?.lcp ? (
        <p>
          Painted <strong>{formatDuration(visit.lcp.ms)}</strong> after the navigation to{' '}
          <span className="font-mono text-xs break-all">
            <UntrustedText text={visit.url} />
          </span>{' '}
          started ({visit.lcp.basis} time).
        </p>
      ) : (
        <p className="text-muted">
          The navigation this paint belongs to is not held (or states its times in another clock),
          so the time after it is not known.
        </p>
      )}
      <p className="text-xs text-muted">{LCP_EXPLAINED}</p>
    </section>
  );
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
