import { useMemo } from 'react';
import {
  describeExchange,
  type NetworkExchange,
} from '../../../entities/session-events/model/network';
import { NetworkBody } from './network-body';
import { CopyButton } from '../../../components/ui/copy-button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { NetworkCopyAs } from './network-copy-as';
import { NetworkFacts } from './network-facts';
import { NetworkHeadersTable } from './network-headers-table';
import { NetworkStatus } from './network-status';
import { NetworkTiming } from './network-timing';

interface NetworkDetailProps {
  exchange: NetworkExchange;
  /** ts (µs) of the first event of the timeline, for relative times; null before any. */
  originUs: number | null;
}

/** Everything captured about one request: outcome, URL, timing, headers and bodies. */
export function NetworkDetail({ exchange, originUs }: NetworkDetailProps) {
  const view = useMemo(() => describeExchange(exchange), [exchange]);
  // which request this is: a secret revealed (or copied with secrets) is masked again on another
  const first = exchange.redirects[0] ?? exchange.request ?? exchange.response ?? exchange.failed;
  const selection = first ? `#${first.index}` : exchange.requestId;
  const noResponse = exchange.failed ? 'No response (the request failed)' : 'No response yet';
  return (
    <article aria-label="Network request" className="flex min-w-0 flex-col gap-3 text-sm text-fg">
      <header className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs font-semibold">
            <UntrustedText text={view.method ?? 'Request'} />
          </span>
          <NetworkStatus view={view} />
          <span className="ml-auto">
            <CopyButton key={exchange.requestId} text={view.url} label="Copy URL" />
          </span>
        </div>
        <p className="min-w-0 font-mono text-xs break-all">
          {view.url !== null ? (
            <UntrustedText text={view.url} />
          ) : (
            <span className="text-muted">URL not captured</span>
          )}
        </p>
      </header>
      <NetworkCopyAs key={selection} view={view} />
      <NetworkFacts view={view} originUs={originUs} />
      <NetworkTiming exchange={exchange} />
      <NetworkHeadersTable
        key={`request ${selection}`}
        title="Request headers"
        headers={view.requestHeaders}
        missingText="The request event is no longer held"
      />
      {view.requestHeadersProvisional && (
        <p className="-mt-2 text-xs text-muted">
          Provisional headers: those the page set. The browser has not reported the full ones it
          sent (cookies among them).
        </p>
      )}
      <NetworkHeadersTable
        key={`response ${selection}`}
        title="Response headers"
        headers={view.responseHeaders}
        missingText={noResponse}
      />
      <NetworkBody
        title="Request body"
        body={exchange.request ? view.postData : null}
        emptyText={exchange.request ? 'No request body' : 'The request event is no longer held'}
      />
      <NetworkBody
        title="Response body"
        body={exchange.response ? view.body : null}
        emptyText={exchange.response ? 'No response body captured' : noResponse}
        captureLimited
      />
    </article>
  );
}
