import { Badge } from '../../../components/ui/badge';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { NetworkExchangeView } from '../model/network';

/** The outcome of a request: status badge, failure text in red, or that no response came yet. */
export function NetworkStatus({ view }: { view: NetworkExchangeView }) {
  if (view.status !== null) {
    return (
      <Badge tone={view.status >= 400 ? 'danger' : 'ok'} className="font-mono">
        <UntrustedText
          text={view.statusText ? `${view.status} ${view.statusText}` : String(view.status)}
        />
      </Badge>
    );
  }
  if (view.errorText !== null) {
    return (
      <span className="min-w-0 font-mono text-xs font-semibold break-all text-danger">
        <UntrustedText text={view.errorText || 'Failed'} />
        {view.canceled && ' (canceled)'}
      </span>
    );
  }
  return <span className="text-xs text-muted">No response yet</span>;
}
