import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { ClipboardSend } from '../stores/clipboard-history';
import { firstLine, formatClockTime, formatTextSize, shortPreview } from '../model/clipboard-text';

export interface ClipboardHistoryItemProps {
  entry: ClipboardSend;
  /** A send is in flight, so re-sending waits. */
  sending: boolean;
  onResend: (entry: ClipboardSend) => void;
  onDelete: (entry: ClipboardSend) => void;
}

/** Entries longer than this (or with several lines) offer their full text. */
const PREVIEW_CHARACTERS = 24;

/** One earlier send: a one-line preview, when, how big, and Re-send / Delete. */
export function ClipboardHistoryItem({
  entry,
  sending,
  onResend,
  onDelete,
}: ClipboardHistoryItemProps) {
  const time = formatClockTime(entry.sentAt);
  const which = `“${shortPreview(entry.text)}” (sent at ${time})`;
  const hasMore = /[\r\n]/.test(entry.text) || entry.characters > PREVIEW_CHARACTERS;
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-md border border-border bg-panel-2 p-2">
      <p className="min-w-0 truncate font-mono text-sm" title={entry.text}>
        <UntrustedText text={firstLine(entry.text)} />
      </p>
      <p className="text-xs text-muted">
        <time dateTime={new Date(entry.sentAt).toISOString()}>{time}</time> ·{' '}
        {formatTextSize(entry)}
      </p>
      {hasMore && (
        <details className="min-w-0 text-xs">
          <summary className="cursor-pointer text-muted select-none">
            Full text<span className="sr-only"> of {which}</span>
          </summary>
          <pre className="mt-1 max-h-40 overflow-auto rounded border border-border bg-panel p-2 font-mono text-xs whitespace-pre-wrap wrap-anywhere">
            <UntrustedText text={entry.text} />
          </pre>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        {/* aria-disabled rather than disabled, so keyboard focus stays on the button while
            the send is in flight */}
        <Button
          size="sm"
          aria-disabled={sending}
          aria-label={`Re-send ${which}`}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          onClick={() => {
            if (!sending) onResend(entry);
          }}
        >
          Re-send
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${which} from history`}
          data-delete-for={entry.id}
          onClick={() => onDelete(entry)}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
