import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { formatTimestamp } from '../../../lib/time-format';
import {
  incidentBanners,
  type CollectorState,
} from '../../../entities/session-events/model/collector-health';
import { showItem } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

const clock = (tsUs: number): string => formatTimestamp(tsUs / 1000, 'local', 0);

function collectorText(
  state: CollectorState,
): { text: string; tone: 'danger' | 'warn' | 'ok' } | null {
  switch (state.state) {
    case 'ok':
      return null;
    case 'disconnected':
      return {
        text: `Page-event collector disconnected since ${clock(state.sinceUs)} (${state.reason}): console, network, page and interaction events are not being captured`,
        tone: 'danger',
      };
    case 'reconnected':
      return {
        text: `Page-event collector reconnected${state.afterMs === null ? '' : ` after ${state.afterMs.toLocaleString('en-US')} ms`} at ${clock(state.atUs)}; events during the outage were not captured`,
        tone: 'ok',
      };
    case 'gave-up':
      return {
        text: `Page-event collector gave up reconnecting at ${clock(state.atUs)} (${state.reason}): no more page events will arrive`,
        tone: 'danger',
      };
    case 'init-failed':
      return {
        text: `Page-event collector failed to start at ${clock(state.atUs)} (step: ${state.step})`,
        tone: 'danger',
      };
  }
}

const TONE = {
  danger: 'border-danger/50 bg-danger-bg text-danger',
  warn: 'border-warn/50 bg-warn-bg text-warn',
  ok: 'border-ok/50 bg-ok-bg text-ok',
};

/** Collector health, crashes and OOM kills, as banners above the timeline until dismissed. */
export function CollectorBanner({ timeline }: { timeline: Timeline }) {
  const dismissed = useStore(timeline.store, (state) => state.dismissed);
  const { health } = timeline.buffer;
  // a render when the collector's state or the newest incident changed, not at every event
  useStore(timeline.store, () => health.collector);
  useStore(timeline.store, () => `${health.incidents.length}:${health.incidents.at(-1)?.index}`);
  const entries: { index: number; text: string; tone: keyof typeof TONE }[] = [];
  const collector = collectorText(health.collector);
  if (collector && health.collector.state !== 'ok')
    entries.push({ index: health.collector.index, ...collector });
  // one banner per kind of incident, the most serious first: a crash never hides an OOM kill
  const banners = incidentBanners(health.incidents, dismissed);
  for (const banner of banners) {
    const { latest, count } = banner;
    const times = count > 1 ? ` (${count} times since ${clock(banner.firstUs)})` : '';
    entries.push({
      index: latest.index,
      text: `${latest.text} at ${clock(latest.tsUs)}${times}`,
      tone: 'danger',
    });
  }
  const shown = entries.filter((entry) => !dismissed.includes(entry.index));
  if (shown.length === 0) return null;
  const dismiss = (index: number): void =>
    timeline.store.setState((state) => ({
      dismissed: [
        ...state.dismissed,
        index,
        ...(banners.find((banner) => banner.latest.index === index)?.indexes ?? []),
      ],
    }));
  return (
    // at most about three lines high: more kinds of incident scroll inside it, the most serious
    // at the top, so the timeline keeps its room
    <div role="status" className="flex max-h-[4.75rem] shrink-0 flex-col overflow-y-auto">
      {shown.map((entry) => (
        <div
          key={entry.index}
          className={`flex items-center gap-2 border-b px-3 py-0.5 text-xs font-medium ${TONE[entry.tone]}`}
        >
          <span className="min-w-0 flex-1 wrap-anywhere">
            <UntrustedText text={entry.text} />
          </span>
          <Button
            size="sm"
            variant="ghost"
            className="h-6"
            onClick={() => showItem(timeline, entry.index)}
          >
            Show event
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="h-6"
            onClick={() => dismiss(entry.index)}
            aria-label="Dismiss"
          >
            ✕
          </Button>
        </div>
      ))}
    </div>
  );
}
