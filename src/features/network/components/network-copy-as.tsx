import { useId, useState } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { asCurl, asFetch, asPlaywright, type CopiedRequest } from '../model/copy-as';
import type { NetworkExchangeView } from '../../../entities/session-events/model/network';

/**
 * Copy as cURL, fetch or Playwright: the request as recorded, to replay it elsewhere. Credentials
 * (Authorization, cookies, API keys and tokens) are masked unless the person asks for them.
 */
export function NetworkCopyAs({ view }: { view: NetworkExchangeView }) {
  const [reveal, setReveal] = useState(false);
  const id = useId();
  const request: CopiedRequest | null =
    view.url !== null && view.requestHeaders !== null
      ? {
          method: view.method ?? 'GET',
          url: view.url,
          headers: view.requestHeaders,
          postData: view.postData,
        }
      : null;
  const missing = 'The request event is no longer held';
  return (
    <section aria-label="Copy the request" className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-1">
        <CopyButton
          text={request && asCurl(request, reveal)}
          label="Copy as cURL"
          title={request ? 'A curl command for bash' : missing}
        />
        <CopyButton
          text={request && asFetch(request, reveal)}
          label="Copy as fetch"
          title={request ? 'JavaScript fetch()' : missing}
        />
        <CopyButton
          text={request && asPlaywright(request, reveal)}
          label="Copy as Playwright"
          title={request ? "Playwright's request.fetch()" : missing}
        />
      </div>
      <label htmlFor={id} className="flex items-center gap-1.5 text-xs text-muted">
        <input
          id={id}
          type="checkbox"
          checked={reveal}
          onChange={(event) => setReveal(event.target.checked)}
        />
        Include secrets (Authorization, cookies, API keys and tokens; masked otherwise)
      </label>
    </section>
  );
}
