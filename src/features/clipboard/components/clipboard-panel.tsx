/**
 * The clipboard view (features/clipboard): send text to the remote browser's clipboard, read it
 * back, and the history of what this page sent. It calls the API's clipboard endpoints.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import type { ApiConnection } from '../../../lib/http/request';
import { writeClipboardMutation } from '../api/write-clipboard';
import {
  useClipboardHistory,
  useClipboardSends,
  useLastClipboardSend,
} from '../stores/clipboard-history';
import { ClipboardHistoryList } from './clipboard-history-list';
import { ClipboardReadback } from './clipboard-readback';
import { ClipboardSendForm } from './clipboard-send-form';
import { ClipboardSendStatus } from './clipboard-send-status';

export interface ClipboardPanelProps {
  connection: ApiConnection;
  sessionId: string;
}

/**
 * Sends text to a session's clipboard (a Ctrl+V in the remote browser then pastes it), reads it
 * back to check, and lists what this page sent. Fits a narrow side panel.
 */
export function ClipboardPanel({ connection, sessionId }: ClipboardPanelProps) {
  const headingId = useId();
  const entries = useClipboardSends(sessionId);
  const lastSent = useLastClipboardSend(sessionId);
  const record = useClipboardHistory((state) => state.record);
  const remove = useClipboardHistory((state) => state.remove);
  const clear = useClipboardHistory((state) => state.clear);
  // set synchronously, so two quick Ctrl+Enter presses cannot both start a send before the
  // pending state has rendered
  const sending = useRef(false);
  const write = useMutation({
    ...writeClipboardMutation(connection, sessionId),
    onSuccess: (result) => {
      record(sessionId, result.text, result.sentAt);
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  const send = (text: string): void => {
    if (sending.current) return;
    sending.current = true;
    write.mutate(text);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex w-full min-w-0 flex-col gap-4 rounded-lg border border-border bg-panel p-3 text-fg sm:p-4"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Clipboard
      </h2>
      <div className="flex min-w-0 flex-col gap-2">
        <ClipboardSendForm pending={write.isPending} onSend={send} />
        <ClipboardSendStatus
          pendingText={write.isPending ? write.variables : undefined}
          result={write.data}
          error={write.error}
        />
      </div>
      {/* a new send starts a fresh comparison: an earlier read no longer says anything about it */}
      <ClipboardReadback
        key={lastSent?.id ?? 'nothing-sent'}
        connection={connection}
        sessionId={sessionId}
        expected={lastSent?.text ?? null}
      />
      <ClipboardHistoryList
        entries={entries}
        sending={write.isPending}
        onResend={(entry) => send(entry.text)}
        onDelete={(entry) => remove(sessionId, entry.id)}
        onClear={() => clear(sessionId)}
      />
    </section>
  );
}
