import { UntrustedText } from '../../../components/ui/untrusted-text';
import { formatTimestamp } from '../../../lib/time-format';
import type { NetworkExchangeView } from '../../../entities/session-events/model/network';

interface NetworkFactsProps {
  view: NetworkExchangeView;
  /** ts (µs) of the first event of the timeline, for the relative time; null to leave it out. */
  originUs: number | null;
}

function startedText(startedUs: number | null, originUs: number | null): string {
  if (startedUs === null) return 'Unknown';
  const clock = formatTimestamp(startedUs / 1000, 'local', 0);
  if (originUs === null) return clock;
  return `${clock} (${formatTimestamp(startedUs / 1000, 'relative', originUs / 1000)})`;
}

function durationText(view: NetworkExchangeView): string {
  if (view.durationMs !== null) {
    return `${view.durationMs.toFixed(Math.abs(view.durationMs) < 10 ? 1 : 0)} ms`;
  }
  return view.status === null && view.errorText === null ? 'Pending' : 'Unknown';
}

/** Timing and classification of a request as a definition list; absent facts are left out. */
export function NetworkFacts({ view, originUs }: NetworkFactsProps) {
  const facts: [string, string][] = [
    ['Started', startedText(view.startedUs, originUs)],
    ['Duration', durationText(view)],
  ];
  if (view.servedFrom !== null) facts.push(['Served from', view.servedFrom]);
  if (view.transferSize !== null)
    facts.push(['Transferred', `${view.transferSize.toLocaleString('en-US')} B`]);
  if (view.protocol !== null) facts.push(['Protocol', view.protocol]);
  if (view.remoteAddress !== null) facts.push(['Remote address', view.remoteAddress]);
  if (view.mimeType !== null) facts.push(['MIME type', view.mimeType]);
  if (view.resourceType !== null) facts.push(['Resource type', view.resourceType]);
  if (view.initiatorType !== null) facts.push(['Initiator', view.initiatorType]);
  if (view.documentUrl !== null) facts.push(['Document', view.documentUrl]);
  for (const url of view.redirectedFrom) facts.push(['Redirected from', url]);
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
      {facts.map(([name, value], index) => (
        <div key={index} className="contents">
          <dt className="text-muted">{name}</dt>
          <dd className="min-w-0 font-mono break-all text-fg">
            <UntrustedText text={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
