import { mutationOptions, type UseMutationOptions } from '@tanstack/react-query';
import {
  apiRequest,
  ApiRequestError,
  readJson,
  type ApiConnection,
} from '../../../lib/http/request';
import { isOperationNotOffered } from '../../../lib/http/not-offered';
import { isRecord } from '../../../lib/is-record';

/** What a read returned. */
export interface ClipboardReadResult {
  text: string;
  /** When the answer arrived (epoch ms). */
  readAt: number;
}

/** Validates the read body `{"text": "<string>"}`; `null` when it has no text string. */
export function decodeClipboardText(value: unknown): string | null {
  return isRecord(value) && typeof value.text === 'string' ? value.text : null;
}

/** `POST /browsers/{id}/computer/clipboard/read`: the text on the session's clipboard. */
export async function readClipboard(connection: ApiConnection, sessionId: string): Promise<string> {
  return apiRequest(
    connection,
    `/browsers/${encodeURIComponent(sessionId)}/computer/clipboard/read`,
    {
      init: { method: 'POST' },
      read: async (response) => {
        const text = await readJson(response, decodeClipboardText);
        if (text !== null) return text;
        throw new ApiRequestError({
          status: response.status,
          statusText: 'Unreadable response',
          message: 'the clipboard read answer has no "text" string',
          details: [],
          bodyText: '',
        });
      },
    },
  );
}

/**
 * Whether a read failed only because the server does not offer the operation (an upstream
 * without it answers 404, 405 or 501; see isOperationNotOffered), as opposed to a real failure
 * worth showing in full, such as the API's own 404 Error body for a session that does not exist.
 */
export function isClipboardReadUnsupported(error: unknown): boolean {
  return error instanceof ApiRequestError && isOperationNotOffered(error.failure);
}

/**
 * Reading is a user action whose answer changes whenever anything writes the clipboard, so it is
 * run on demand as a mutation rather than cached as a query.
 */
export function readClipboardMutation(
  connection: ApiConnection,
  sessionId: string,
): UseMutationOptions<ClipboardReadResult, Error, void> {
  return mutationOptions<ClipboardReadResult, Error, void>({
    mutationKey: ['clipboard', 'read', connection.base, sessionId],
    mutationFn: async () => ({
      text: await readClipboard(connection, sessionId),
      readAt: Date.now(),
    }),
    retry: false,
  });
}
