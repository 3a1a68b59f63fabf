import { formatDateTime } from '../../../lib/time-format';
import { Badge } from '../../../components/ui/badge';
import { CopyButton } from '../../../components/ui/copy-button';
import { NarrowFold } from '../../../components/ui/narrow-fold';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { formatClockTime } from '../../../lib/clock-time';
import { revealControls } from '../../../lib/control-chars';
import type { SessionLookup } from '../model/session-lookup';

/** `ended at 15:22:02` (24-hour; with the date when not today). */
function endedText(deletedAt: string): string {
  const at = formatClockTime(Date.parse(deletedAt));
  return at ? `ended at ${at}` : 'ended';
}

/**
 * One line about the session: since when it runs, what telemetry it captures, and how an agent
 * reaches its browser (the CDP URL, copied rather than shown: it carries the session's secret;
 * none once the session ended).
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
      {/* a live region from the start, so that a session ending while open is said */}
      <span role="status">
        {info.deletedAt && (
          <Badge title={info.deletedAt} data-testid="session-ended">
            {endedText(info.deletedAt)}
          </Badge>
        )}
      </span>
      {info.createdAt && (
        <span title={info.createdAt}>created {formatDateTime(new Date(info.createdAt))}</span>
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
        {/* an ended session's browser is gone: there is nothing to connect to */}
        {info.cdpWsUrl && !info.deletedAt && (
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
