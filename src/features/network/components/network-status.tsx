import { Badge } from '../../../components/ui/badge';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { NetworkExchangeView } from '../../../entities/session-events/model/network';

/**
 * What a failed request reads as, as DevTools writes it: "(failed)" or "(canceled)", then the
 * network error ("(failed) net::ERR_CONNECTION_REFUSED"); null for a request that did not fail.
 */
function failureLabel(view: NetworkExchangeView): string | null {
  if (view.errorText === null) return null;
  const label = view.canceled ? '(canceled)' : '(failed)';
  return view.errorText ? `${label} ${view.errorText}` : label;
}

/**
 * The outcome of a request: its status badge, the failure in red (after the badge when the load
 * failed once the response had come), or that no response came yet.
 */
export function NetworkStatus({ view }: { view: NetworkExchangeView }) {
  const failure = failureLabel(view);
  const failed = failure !== null && (
    <span className="min-w-0 font-mono text-xs font-semibold break-all text-danger">
      <UntrustedText text={failure} />
    </span>
  );
  if (view.status !== null) {
    return (
      <>
        <Badge
          tone={failure !== null ? 'neutral' : view.status >= 400 ? 'danger' : 'ok'}
          className="font-mono"
        >
          <UntrustedText
            text={view.statusText ? `${view.status} ${view.statusText}` : String(view.status)}
          />
        </Badge>
        {failed}
      </>
    );
  }
  return failed || <span className="text-xs text-muted">No response yet</span>;
}
