import { TELEMETRY_CATEGORIES } from '../../../types/api';
import { isRecord } from '../../../lib/is-record';

/** What the dashboard shows about a session, decoded from `GET /browsers/{id}`. */
export interface SessionInfo {
  id: string;
  createdAt: string | null;
  /** Categories being captured; `null` when capture is off. */
  capturing: string[] | null;
  headless: boolean | null;
  cdpWsUrl: string | null;
  browserUnavailableReason: string | null;
  /** The reference server's word on which browser the session runs. */
  browser: string | null;
  name: string | null;
  tags: Record<string, string>;
  /** When the session was deleted (it has ended); null while it lives. */
  deletedAt: string | null;
  /** The page that shows the session's screen (`browser_live_view_url`); null without one. */
  liveViewUrl: string | null;
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function decodeCapturing(telemetry: unknown): string[] | null {
  if (!isRecord(telemetry) || !isRecord(telemetry.browser)) return null;
  const browser = telemetry.browser;
  const known = new Set<string>(TELEMETRY_CATEGORIES);
  const names = Object.keys(browser).filter((name) => {
    const entry = browser[name];
    return isRecord(entry) && entry.enabled === true;
  });
  return names.sort((a, b) => Number(known.has(b)) - Number(known.has(a)) || a.localeCompare(b));
}

/** Validates a session body; anything unexpected is dropped, a missing id is an error. */
export function decodeBrowserSession(value: unknown): SessionInfo {
  if (!isRecord(value)) throw new Error('the session response is not a JSON object');
  const id = optionalString(value.session_id) ?? optionalString(value.id);
  if (!id) throw new Error('the session response has no session_id');
  return {
    id,
    createdAt: optionalString(value.created_at),
    capturing: decodeCapturing(value.telemetry),
    headless: typeof value.headless === 'boolean' ? value.headless : null,
    cdpWsUrl: optionalString(value.cdp_ws_url),
    browserUnavailableReason: optionalString(value.browser_unavailable_reason),
    browser: optionalString(value.reference_browser),
    name: optionalString(value.name),
    tags: decodeTags(value.tags),
    deletedAt: optionalString(value.deleted_at),
    liveViewUrl: optionalString(value.browser_live_view_url),
  };
}

function decodeTags(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const tags: Record<string, string> = {};
  for (const [key, tag] of Object.entries(value)) if (typeof tag === 'string') tags[key] = tag;
  return tags;
}
