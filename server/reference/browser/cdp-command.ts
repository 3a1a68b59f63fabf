import { SANITIZERS, sanitizeParams } from './cdp-command-params.ts';

/**
 * The CDP methods a `cdp_command` event is produced for: the commands that drive the browser the
 * way an agent does (input gestures, navigation, dialogs, file selection, screenshots, PDFs,
 * screencasts, tabs and windows, autofill), upstream's list of 38.
 *
 * Not recorded: everything a client library sends on the caller's behalf or to configure the
 * browser (`Runtime.*` such as `Runtime.evaluate` and `Runtime.callFunctionOn`, the `DOM.*`
 * reads, `Page.*` / `Network.*` / `Emulation.*` / `Target.*` setup such as `enable`,
 * `setAutoAttach`, `setExtraHTTPHeaders`, cookies through `Network.*` / `Storage.*`, …). One
 * Playwright page load is hundreds of those; they would flood the timeline, and several carry
 * scripts, headers or cookies that no event may hold. They still reach the browser unchanged.
 */
export const CDP_COMMAND_METHODS: readonly string[] = Object.keys(SANITIZERS);

const RECORDED: ReadonlySet<string> = new Set(CDP_COMMAND_METHODS);

/** Longest `sessionId` reported (a longer one is not a real identifier). */
const SESSION_ID_MAX = 128;

/** Every `"method": "X"` in a frame's text, whatever it is nested in. */
const METHOD_MENTION = /"method"\s*:\s*"([A-Za-z]+\.[A-Za-z]+)"/g;

/**
 * Whether a frame may hold a recorded command, decided without parsing it: most frames an agent
 * sends are library traffic (a large `Runtime.callFunctionOn` among them), which costs a scan
 * instead of a parse. Every mention is checked, since params may come before the command's own
 * `method`; only the parsed top-level method decides.
 */
function mayBeRecorded(text: string): boolean {
  for (const match of text.matchAll(METHOD_MENTION)) if (RECORDED.has(match[1] ?? '')) return true;
  return false;
}

export type CommandClassification =
  | { kind: 'recorded'; method: string; data: Record<string, unknown> }
  /** A recorded method that the session's configuration leaves out (`excluded_methods`). */
  | { kind: 'excluded'; method: string }
  /** Anything else: library traffic, replies, malformed frames. */
  | { kind: 'ignored' };

const IGNORED: CommandClassification = { kind: 'ignored' };

/**
 * Classifies one text frame an agent sent through the CDP proxy, and builds the `cdp_command`
 * data of a recorded command: `method`, `connection_id`, `command_id` (the message `id`),
 * `session_id` (the target session it addresses, absent for browser-level commands) and the
 * command's arguments as cdp-command-params.ts reduces them.
 */
export function classifyCdpCommand(
  text: string,
  connectionId: string,
  excluded: ReadonlySet<string>,
): CommandClassification {
  if (!mayBeRecorded(text)) return IGNORED;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return IGNORED;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return IGNORED;
  const { method, id, sessionId, params } = message as Record<string, unknown>;
  if (typeof method !== 'string' || !RECORDED.has(method)) return IGNORED;
  if (excluded.has(method)) return { kind: 'excluded', method };
  const data: Record<string, unknown> = { method, connection_id: connectionId };
  if (Number.isSafeInteger(id)) data.command_id = id;
  if (typeof sessionId === 'string' && sessionId !== '')
    data.session_id = sessionId.slice(0, SESSION_ID_MAX);
  Object.assign(data, sanitizeParams(method, params));
  return { kind: 'recorded', method, data };
}
