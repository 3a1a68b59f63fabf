import { Badge } from '../../../components/ui/badge';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { ClipboardReadResult } from '../api/read-clipboard';
import type { ClipboardSend } from '../stores/clipboard-history';
import {
  formatBytes,
  formatClockTime,
  formatTextSize,
  measureText,
  utf8ByteLength,
} from '../model/clipboard-text';

export interface ClipboardReadbackResultProps {
  result: ClipboardReadResult;
  /** The text that last reached the clipboard from this page; `null` when there is none. */
  expected: string | null;
  /** The sends this page still lists, newest first. */
  listed?: readonly ClipboardSend[];
}

/** With no last send to compare with: whether the text is one of those still listed. */
function NothingToCompare({ text, listed }: { text: string; listed: readonly ClipboardSend[] }) {
  if (listed.length === 0)
    return <p className="text-xs text-muted">Nothing sent from this page to compare with.</p>;
  const match = listed.find((entry) => entry.text === text);
  return (
    <p className="text-xs text-muted">
      The newest send was deleted from this page, so it cannot be compared.{' '}
      {match ? (
        <>
          The clipboard holds the send of{' '}
          <time dateTime={new Date(match.sentAt).toISOString()}>
            {formatClockTime(match.sentAt)}
          </time>{' '}
          listed below.
        </>
      ) : (
        `It is not ${listed.length === 1 ? 'the send' : `any of the ${listed.length} sends`} still listed.`
      )}
    </p>
  );
}

/** The text read from the session's clipboard, whitespace preserved, and how it compares. */
export function ClipboardReadbackResult({
  result,
  expected,
  listed = [],
}: ClipboardReadbackResultProps) {
  const { text, readAt } = result;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <p className="text-xs text-muted">
        Read {formatTextSize(measureText(text))} at{' '}
        <time dateTime={new Date(readAt).toISOString()}>{formatClockTime(readAt)}</time>
      </p>
      {text === '' ? (
        <p className="text-sm text-muted italic">The clipboard is empty.</p>
      ) : (
        <pre
          aria-label="Text read from the session’s clipboard"
          className="max-h-48 min-w-0 overflow-auto rounded border border-border bg-panel-2 p-2 font-mono text-sm whitespace-pre-wrap wrap-anywhere"
        >
          <UntrustedText text={text} />
        </pre>
      )}
      {expected === null ? (
        <NothingToCompare text={text} listed={listed} />
      ) : text === expected ? (
        <Badge tone="ok" className="self-start">
          ✓ Matches what was sent
        </Badge>
      ) : (
        <div className="flex flex-col items-start gap-1">
          <Badge tone="warn">≠ Differs from what was sent</Badge>
          <p className="text-xs text-muted">
            Sent {formatBytes(utf8ByteLength(expected))}, read {formatBytes(utf8ByteLength(text))}.
          </p>
        </div>
      )}
    </div>
  );
}
