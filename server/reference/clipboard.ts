import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../shared/http.ts';
import type { Session } from './session.ts';

/** `POST /browsers/{id}/computer/clipboard/write`: 200 with an empty body, as upstream. */
export async function writeClipboard(
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
  maxBodyBytes: number,
): Promise<void> {
  const body = parseJsonBody(await readBody(req, maxBodyBytes));
  if (!isRecord(body)) {
    throw new HttpError(400, 'bad_request', 'request body must be a JSON object', [
      { code: 'invalid_input', message: 'expected {"text": "<string>"}' },
    ]);
  }
  if (typeof body.text !== 'string') {
    throw new HttpError(400, 'bad_request', 'text is required', [
      {
        code: 'invalid_input',
        message:
          body.text === undefined
            ? 'text is missing'
            : `text must be a string, got ${typeof body.text}`,
      },
    ]);
  }
  session.clipboard = body.text;
  if (session.browser) {
    try {
      await session.browser.writeClipboard(body.text);
    } catch (error) {
      throw new HttpError(
        500,
        'internal_error',
        `failed to write to clipboard: ${(error as Error).message}`,
      );
    }
  }
  res.writeHead(200, { 'Content-Length': 0, 'Cache-Control': 'no-store' });
  res.end();
}

/**
 * `POST /browsers/{id}/computer/clipboard/read`: `{"text": …}`, what the browser's clipboard
 * holds (a copy inside the page counts); without a browser, the last text written.
 */
export async function readClipboard(res: ServerResponse, session: Session): Promise<void> {
  const fromBrowser = await session.browser?.readClipboard().catch(() => undefined);
  sendJson(res, 200, { text: fromBrowser ?? session.clipboard });
}
