import { Badge } from '../../../components/ui/badge';
import { CopyButton } from '../../../components/ui/copy-button';
import { NarrowFold } from '../../../components/ui/narrow-fold';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { revealControls } from '../../../lib/control-chars';
import type { SessionLookup } from '../model/session-lookup';

/**
 * One line about the session: since when it runs, what telemetry it captures, and how an agent
 * reaches its browser (the CDP URL, copied rather than shown: it carries the session's secret).
 * When the server does not offer session details, its id and a note saying so.
 */
export function SessionSummary({ lookup }: { lookup: SessionLookup }) {
  if (lookup.kind === 'not-offered') {
    return (
      <p className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span className="font-mono text-fg wrap-anywhere">
          <UntrustedText text={lookup.sessionId} />
        </span>
        <span>
          This server does not offer session details (it answered{' '}
          <UntrustedText text={lookup.answer} />
          ); the streams below connect on their own.
        </span>
      </p>
    );
  }
  const { info } = lookup;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
      {info.name && (
        <span className="font-medium text-fg">
          <UntrustedText text={info.name} />
        </span>
      )}
      {info.deletedAt && (
        <Badge tone="warn" title={info.deletedAt} data-testid="session-ended">
          ended {new Date(info.deletedAt).toLocaleString()}
        </Badge>
      )}
      {info.createdAt && (
        <span title={info.createdAt}>created {new Date(info.createdAt).toLocaleString()}</span>
      )}
      {/* what is captured, tags, the CDP URL and the browser fold on a narrow screen */}
      <NarrowFold label="Details">
        <span className="flex flex-wrap items-center gap-1">
          {info.capturing === null ? (
            <Badge tone="warn">telemetry off</Badge>
          ) : (
            info.capturing.map((name) => (
              <Badge key={name}>
                <UntrustedText text={name} />
              </Badge>
            ))
          )}
        </span>
        {Object.entries(info.tags).map(([key, value]) => (
          <Badge key={`tag-${key}`} tone="info" className="font-normal">
            <UntrustedText text={`${key}=${value}`} />
          </Badge>
        ))}
        {info.cdpWsUrl && (
          <CopyButton
            text={info.cdpWsUrl}
            label="Copy CDP URL"
            title="The browser's DevTools WebSocket, for Playwright connectOverCDP or Puppeteer connect"
          />
        )}
        {info.browser && (
          <span title="The browser this session runs">
            <UntrustedText text={info.browser} />
          </span>
        )}
        {info.browserUnavailableReason && (
          <Badge tone="warn" title={revealControls(info.browserUnavailableReason)}>
            no browser: <UntrustedText text={info.browserUnavailableReason} />
          </Badge>
        )}
      </NarrowFold>
    </div>
  );
}
