import { mutationOptions, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest, discardBody, type ApiConnection } from '../../../lib/http/request';

/** A write the server accepted. */
export interface ClipboardWriteResult {
  text: string;
  /** When the server's answer arrived (epoch ms). */
  sentAt: number;
}

/**
 * `POST /browsers/{id}/computer/clipboard/write` with `{"text": …}`. Any 2xx is success; the
 * body (empty on upstream) is discarded unread, never parsed as JSON. Failures throw an
 * ApiRequestError carrying the parsed Error body; no answer in time is one too (status 0).
 */
export async function writeClipboard(
  connection: ApiConnection,
  sessionId: string,
  text: string,
): Promise<void> {
  await apiRequest(
    connection,
    `/browsers/${encodeURIComponent(sessionId)}/computer/clipboard/write`,
    {
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      },
      read: discardBody,
    },
  );
}

/** Mutation options for sending text to a session's clipboard; the variables are the text. */
export function writeClipboardMutation(
  connection: ApiConnection,
  sessionId: string,
): UseMutationOptions<ClipboardWriteResult, Error, string> {
  return mutationOptions<ClipboardWriteResult, Error, string>({
    mutationKey: ['clipboard', 'write', connection.base, sessionId],
    mutationFn: async (text) => {
      await writeClipboard(connection, sessionId, text);
      return { text, sentAt: Date.now() };
    },
    // a failed write is shown at once; the user decides whether to send again
    retry: false,
  });
}
