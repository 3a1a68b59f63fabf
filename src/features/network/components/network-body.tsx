import { useMemo } from 'react';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { bodyMayBeCut, prettyBody } from '../../../entities/session-events/model/network';
import { NetworkSection } from './network-section';

interface NetworkBodyProps {
  title: string;
  /** null when there is no body; `emptyText` says so. */
  body: string | null;
  emptyText: string;
  /** Whether to say that the server keeps only the start of long bodies. */
  captureLimited?: boolean;
}

/** A request or response body as text (JSON indented), scrolling within a bounded box. */
export function NetworkBody({ title, body, emptyText, captureLimited = false }: NetworkBodyProps) {
  const shown = useMemo(() => (body === null ? null : prettyBody(body)), [body]);
  const mayBeCut = captureLimited && body !== null && bodyMayBeCut(body);
  return (
    <NetworkSection title={title}>
      {shown === null || body === '' ? (
        <p className="text-xs text-muted">{emptyText}</p>
      ) : (
        <>
          {mayBeCut && (
            <p className="text-xs text-warn">
              Body as captured (the server keeps up to 8 KB of structured text, 4 KB of other text)
            </p>
          )}
          <pre
            tabIndex={0}
            aria-label={`${title} text`}
            className="max-h-80 min-w-0 overflow-auto rounded border border-border bg-panel-2 p-2 font-mono text-xs break-all whitespace-pre-wrap text-fg"
          >
            <UntrustedText text={shown.text} />
          </pre>
        </>
      )}
    </NetworkSection>
  );
}
