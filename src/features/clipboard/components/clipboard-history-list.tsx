import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { LIMITS } from '../../../config/limits';
import type { ClipboardSend } from '../stores/clipboard-history';
import { ClipboardHistoryItem } from './clipboard-history-item';

export interface ClipboardHistoryListProps {
  /** Newest first. */
  entries: ClipboardSend[];
  sending: boolean;
  onResend: (entry: ClipboardSend) => void;
  onDelete: (entry: ClipboardSend) => void;
  onClear: () => void;
}

/** Sends made from this page, newest first; kept in memory only. */
export function ClipboardHistoryList({
  entries,
  sending,
  onResend,
  onDelete,
  onClear,
}: ClipboardHistoryListProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // after a delete or clear, focus moves to the entry that took the removed one's place (or the
  // heading), instead of being lost with the removed button
  const focusAfterRemoval = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === null) return;
    focusAfterRemoval.current = null;
    const button = target
      ? listRef.current?.querySelector<HTMLButtonElement>(`[data-delete-for="${target}"]`)
      : null;
    (button ?? headingRef.current)?.focus();
  }, [entries]);

  const remove = (entry: ClipboardSend): void => {
    const index = entries.indexOf(entry);
    const next = entries[index + 1] ?? entries[index - 1];
    focusAfterRemoval.current = next?.id ?? '';
    onDelete(entry);
  };

  const clear = (): void => {
    focusAfterRemoval.current = '';
    onClear();
  };

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-sm font-medium">
          Sent from this page
        </h3>
        {entries.length > 0 && (
          <Button size="sm" variant="ghost" onClick={clear}>
            Clear history
          </Button>
        )}
      </div>
      {entries.length === 0 ? (
        <p className="text-xs text-muted">
          Nothing sent yet. The last {LIMITS.clipboardHistory} sends are kept here until the page
          closes; they are never saved.
        </p>
      ) : (
        <ol ref={listRef} aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
          {entries.map((entry) => (
            <ClipboardHistoryItem
              key={entry.id}
              entry={entry}
              sending={sending}
              onResend={onResend}
              onDelete={remove}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
