import type { ApiErrorDetail } from '../../types/api';
import { oneLine, parseErrorBody } from './error-body';
import { readBoundedText } from './read-body';
import { parseRetryAfter } from './retry-after';
import { statusTextFor } from './status-text';

/**
 * A failed HTTP response, read once and made safe to show. Built only from the response (status,
 * a few response headers, body), never from the request, so a token cannot end up in it.
 */
export interface ApiFailure {
  status: number;
  /** The response's status text, or the standard reason phrase when it is empty (HTTP/2). */
  statusText: string;
  code?: string;
  /** Human message: the Error body's message, a plain-text body's text, an HTML title, or the status text. */
  message: string;
  details: ApiErrorDetail[];
  innerError?: ApiErrorDetail;
  /** The body as received, cut to BODY_DISPLAY_LIMIT characters. */
  bodyText: string;
  /** Set when bodyText is not the whole body. */
  bodyTruncated?: true;
  retryAfterMs?: number;
}

/** Bytes read from an error body to parse it (a JSON Error with many details fits easily). */
const BODY_READ_LIMIT = 64 * 1024;
/** Characters of the body kept for display. */
const BODY_DISPLAY_LIMIT = 4 * 1024;

/** Reads the response body (at most once, bounded) and turns it into an ApiFailure. */
export async function readApiFailure(
  response: Response,
  now: () => number = Date.now,
): Promise<ApiFailure> {
  const { text, truncated } = await readBoundedText(response, BODY_READ_LIMIT);
  const parsed = parseErrorBody(text, response.headers.get('content-type'));
  const statusText = statusTextFor(response.status, response.statusText);
  const failure: ApiFailure = {
    status: response.status,
    statusText,
    message: parsed.message ?? (statusText || `HTTP ${response.status}`),
    details: parsed.details,
    bodyText: text.length > BODY_DISPLAY_LIMIT ? text.slice(0, BODY_DISPLAY_LIMIT) : text,
  };
  if (parsed.code !== undefined) failure.code = parsed.code;
  if (parsed.innerError !== undefined) failure.innerError = parsed.innerError;
  if (truncated || text.length > BODY_DISPLAY_LIMIT) failure.bodyTruncated = true;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
  if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
  return failure;
}

/** One line for a status bar or toast, e.g. `401 Unauthorized: token rejected (unauthorized)`. */
export function describeFailure(f: ApiFailure): string {
  // status 0 is no HTTP answer at all (unreachable, timed out): there is no number to show
  const head = (f.status === 0 ? f.statusText : `${f.status} ${f.statusText}`).trim();
  const redundant = f.message === '' || f.message === f.statusText || f.message === head;
  let line = redundant ? head : `${head}: ${f.message}`;
  if (f.code !== undefined) line += ` (${f.code})`;
  const details = f.details.map(describeDetail).filter((d) => d !== '');
  if (details.length > 0) line += `; ${details.join('; ')}`;
  const inner = f.innerError ? describeDetail(f.innerError) : '';
  if (inner !== '') line += `; caused by ${inner}`;
  return oneLine(line, 1000);
}

function describeDetail(detail: ApiErrorDetail): string {
  if (detail.code !== undefined && detail.message !== undefined) {
    return `${detail.code}: ${detail.message}`;
  }
  return detail.message ?? detail.code ?? '';
}

/**
 * Whether retrying the same request cannot help: every 4xx except 408 (Request Timeout) and 429
 * (Too Many Requests). 5xx, 408 and 429 are transient. Statuses outside 4xx are never fatal here.
 */
export function isFatalStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
