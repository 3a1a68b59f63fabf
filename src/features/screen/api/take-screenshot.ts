import { apiRequest, ApiRequestError, type ApiConnection } from '../../../lib/http/request';

/** Larger answers are refused: a screenshot of a large viewport is a few MB at most. */
const MAX_SCREENSHOT_BYTES = 20 * 1024 * 1024;

/**
 * `POST /browsers/{id}/computer/screenshot` → the session's screen now, as a PNG. An answer that is
 * not an image (an HTML page, JSON) or is too large is an ApiRequestError that says so.
 */
export async function takeScreenshot(
  connection: ApiConnection,
  sessionId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiRequest(connection, `/browsers/${encodeURIComponent(sessionId)}/computer/screenshot`, {
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}', signal },
    timeoutMs: 30_000,
    read: async (response) => {
      const type = response.headers.get('content-type') ?? '';
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (!type.startsWith('image/') || declared > MAX_SCREENSHOT_BYTES) {
        await response.body?.cancel().catch(() => undefined);
        throw new ApiRequestError({
          status: response.status,
          statusText: 'Unreadable response',
          message: type.startsWith('image/')
            ? `the screenshot is larger than ${MAX_SCREENSHOT_BYTES / 1024 / 1024} MB`
            : `the server answered with ${type || 'no content type'} instead of an image`,
          details: [],
          bodyText: '',
        });
      }
      const blob = await response.blob();
      if (blob.size > MAX_SCREENSHOT_BYTES)
        throw new ApiRequestError({
          status: response.status,
          statusText: 'Unreadable response',
          message: `the screenshot is larger than ${MAX_SCREENSHOT_BYTES / 1024 / 1024} MB`,
          details: [],
          bodyText: '',
        });
      return blob;
    },
  });
}
