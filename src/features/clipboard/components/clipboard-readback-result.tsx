import { Badge } from '../../../components/ui/badge';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { ClipboardReadResult } from '../api/read-clipboard';
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
}

/** The text read from the session's clipboard, whitespace preserved, and how it compares. */
export function ClipboardReadbackResult({ result, expected }: ClipboardReadbackResultProps) {
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
        <p className="text-xs text-muted">Nothing sent from this page to compare with.</p>
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
