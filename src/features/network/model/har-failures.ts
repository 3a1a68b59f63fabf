/**
 * How the HAR files a person brings say that a request failed, read into one outcome. HAR 1.2 has
 * no field for it, so each writer has its own convention:
 *
 * - Chrome DevTools: `status: 0`, `statusText: ""` and the network error in `response._error`
 *   (`"net::ERR_NAME_NOT_RESOLVED"`; null when the request succeeded). A load that failed after
 *   its response came (a body cut off, net::ERR_BLOCKED_BY_ORB) keeps its status, with `_error`.
 * - Playwright: `status: -1` and the error in `response._failureText`; `status: -1` alone is a
 *   request that had no answer when the HAR was saved.
 * - Firefox: `status: 0`, `statusText: ""` and no reason at all (timings may be `{}`).
 * - Charles: `status: 0` (or -1), the reason in the response's `comment` (or `_error`).
 * - This dashboard (har.ts buildHar): as Chrome, a canceled request as `net::ERR_ABORTED`.
 *
 * Any status below 1 is no answer; a reason is taken from the first of these that has one.
 */

type Json = Record<string, unknown>;

/** A failure as the telemetry's `network_loading_failed` carries it. */
export interface HarFailure {
  error_text: string;
  /** Set when the browser canceled the request rather than the network failing it. */
  canceled?: true;
}

/** An entry's answer: its HTTP status, and whether (and why) its load failed. */
export type HarOutcome =
  { status: number; failure: HarFailure | null } | { status: null; failure: HarFailure };

/**
 * What the engines write when the browser itself stopped a load (a navigation away, a frame
 * removed): Chromium's net::ERR_ABORTED, Firefox's NS_BINDING_ABORTED and WebKit's "cancelled",
 * as Playwright passes them on. DevTools shows such a request as "(canceled)".
 */
const CANCELED = new Set(['net::ERR_ABORTED', 'NS_BINDING_ABORTED', 'cancelled']);

function reasonIn(...values: unknown[]): string | null {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** A status as written: a number, or a number in a string (some tools quote it). */
function statusOf(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^-?\d{1,4}$/.test(value.trim())) return Number(value);
  return 0;
}

function failure(errorText: string): HarFailure {
  return CANCELED.has(errorText)
    ? { error_text: errorText, canceled: true }
    : { error_text: errorText };
}

/** How one HAR entry ended, by the conventions above. */
export function readHarOutcome(entry: Json, response: Json): HarOutcome {
  const status = statusOf(response.status);
  // the fields a writer puts a network error in, whatever the status
  const error = reasonIn(response._error, response._failureText, entry._failureText);
  if (status >= 1) return { status, failure: error === null ? null : failure(error) };
  const reason = error ?? reasonIn(response.comment, response.statusText);
  return { status: null, failure: failure(reason ?? `no response (status ${status})`) };
}
