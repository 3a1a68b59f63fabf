import { isRecord, parseJsonBody, readBody, sendJson } from '../../shared/http.ts';
import type { ReferenceExtension, SessionRoute } from '../session-route.ts';
import type { Session } from '../session.ts';
import { ACTIONS } from './fault-actions.ts';
import { faults, faultsOf, invalid, stateOf } from './fault-state.ts';
import { answerWithFault, wireStream } from './fault-wire.ts';

/**
 * Fault injection for tests, only with REFERENCE_FAULTS=1: `POST /browsers/{id}/faults` with a JSON
 * body naming an `action`. Every answer is `200 {"affected": n, "state": {…}}` (`state` as for
 * `"state"` below); a body that is not one of these is a 400 with a JSON Error body whose details
 * say what is wrong. Faults belong to the session and go away with it.
 *
 * Streams are `"telemetry"` (`GET …/telemetry/stream`) and `"logs"` (`GET …/logs/stream`); where
 * an action takes `"streams"`, it is one of those or `"all"` (the default).
 *
 * - `{"action": "drop_streams"}`: cuts every open stream of the session without a clean end, as a
 *   network failure would. `affected`: the streams cut.
 * - `{"action": "restart_events"}`: the session's event process restarts: seq starts again at 1
 *   and open telemetry streams end.
 * - `{"action": "crash_browser"}`: kills the session's Chromium as a crash would (it is restarted);
 *   409 when the session has no running browser. The answer also carries its `pid`.
 * - `{"action": "cut_every", "events": N}`: from now on, every telemetry stream of the session
 *   (open ones included) is destroyed mid-connection once N event frames were written on it
 *   (keepalive comments do not count), as often as it reconnects, until `"events": 0` turns it off.
 *   `state.cuts` counts the connections cut so far. N is an integer from 0 to 1,000,000.
 * - `{"action": "stall", "streams"?: …}`: the open streams go silent: whatever the server writes on
 *   them from now on (events, log lines, keepalive comments) is lost on the way, and they stay
 *   open, like a connection through a dead NAT mapping. Only a client's watchdog can tell. Streams
 *   opened later are healthy. `affected`: the streams stalled.
 * - `{"action": "respond", "status": S, "body"?: "json" | "text" | "empty", "retry_after"?: R,
 *   "times"?: K, "streams"?: …}`: the next K stream requests of the session (default 1) are
 *   answered with HTTP S (400–599) instead of a stream: `json` (the default) is an Error body
 *   `{"code", "message": "injected fault: S on the <stream> stream", "details": [{"code":
 *   "fault_injected", …}]}` (code by status: unauthorized, forbidden, not_found, rate_limited,
 *   internal_error, bad_gateway, …), `text` is that message as `text/plain`, `empty` has no body
 *   at all. With R (seconds, 0–86400) the answer carries `Retry-After: R`. Calls queue up: two
 *   calls of K=1 answer the next two requests, in the order the calls came.
 * - `{"action": "inject", "streams"?: …, "text": T}` or `{…, "base64": B}`: writes T (UTF-8) or
 *   the bytes of B exactly as given, in one write, on every open stream of the session, as if the
 *   server had sent them: malformed frames, invalid UTF-8, NUL bytes, many frames in one chunk.
 *   `affected`: the streams written to. At most 4 MB of fault request body.
 * - `{"action": "rotate_token", "token": T}`: the session's API token becomes T (1–256 visible
 *   ASCII characters): every request on this session (this route included) must carry
 *   `Bearer T`, and the server's token gets 401 there, as after a key rotation that revoked the
 *   old key. Streams already open are left alone (authorization is checked when they start).
 * - `{"action": "drop_events", "events": N}`: the next N event frames on each open telemetry
 *   stream of the session are lost on the way (comment frames pass), as a server dropping events
 *   mid-stream would: the client sees a jump in seq. The events stay in the session's history.
 *   `affected`: the streams that drop. N is an integer from 1 to 1,000,000.
 * - `{"action": "clear"}`: forgets pending `respond` answers and turns `cut_every` off.
 * - `{"action": "state"}`: changes nothing; `state` is `{"cut_every", "cuts", "responses_pending",
 *   "responses_sent", "streams_open", "streams_stalled", "token_rotated"}`.
 *
 * This file is the route and the extension; the actions are in fault-actions.ts, what they change
 * in fault-state.ts, and what a stream goes through in fault-wire.ts.
 */
export function faultRoute(): SessionRoute {
  return {
    method: 'POST',
    suffix: '/faults',
    operationId: 'injectFault',
    handler: async ({ req, res, session }) => {
      const body = parseJsonBody(await readBody(req, FAULT_BODY_LIMIT));
      if (!isRecord(body) || typeof body.action !== 'string') {
        throw invalid([{ code: 'invalid_input', message: 'body must be {"action": "<name>", …}' }]);
      }
      const action = ACTIONS[body.action];
      if (!action) {
        throw invalid([
          {
            code: 'invalid_input',
            message: `action must be one of ${Object.keys(ACTIONS)
              .map((name) => `"${name}"`)
              .join(', ')}`,
          },
        ]);
      }
      const state = faultsOf(session);
      const answer = action(session, state, body);
      sendJson(res, 200, { ...answer, state: stateOf(state) });
    },
  };
}

/** The bearer token a request must carry when fault injection rotated its session's token. */
export function rotatedToken(
  apiPath: string,
  lookup: (id: string) => Session | undefined,
): string | undefined {
  const match = /^\/browsers\/([^/?#]+)/.exec(apiPath);
  if (!match?.[1]) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  const session = lookup(id);
  return session ? faults.get(session)?.token : undefined;
}

const FAULT_BODY_LIMIT = 4 * 1024 * 1024;

/** Fault injection as an extension of the reference server (`REFERENCE_FAULTS=1`). */
export function faultsExtension(): ReferenceExtension {
  return {
    routes: [faultRoute()],
    tokenFor: rotatedToken,
    answerInstead: ({ session, res }, operationId) => answerWithFault(session, operationId, res),
    streamOpened: wireStream,
  };
}
