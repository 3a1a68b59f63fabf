import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../shared/http.ts';
import type { SessionRoute } from './reference-server.ts';

/**
 * Fault injection for tests, only with REFERENCE_FAULTS=1: `POST /browsers/{id}/faults` with
 * `{"action": "drop_streams"}` cuts every open stream of the session as a network failure would;
 * `{"action": "restart_events"}` restarts the event process (seq starts again at 1);
 * `{"action": "crash_browser"}` kills the session's Chromium as a crash would (it is restarted).
 */
export function faultRoute(): SessionRoute {
  return {
    method: 'POST',
    suffix: '/faults',
    operationId: 'injectFault',
    handler: async ({ req, res, session }) => {
      const body = parseJsonBody(await readBody(req, 64 * 1024));
      const action = isRecord(body) ? body.action : undefined;
      if (action === 'drop_streams') {
        sendJson(res, 200, { affected: session.dropStreams() });
      } else if (action === 'restart_events') {
        session.ring.restart();
        sendJson(res, 200, { affected: 1 });
      } else if (action === 'crash_browser') {
        const pid = session.browser?.crash();
        if (pid === undefined)
          throw new HttpError(409, 'conflict', 'this session has no running browser to crash');
        sendJson(res, 200, { affected: 1, pid });
      } else {
        throw new HttpError(400, 'bad_request', 'unknown fault', [
          {
            code: 'invalid_input',
            message: 'action must be "drop_streams", "restart_events" or "crash_browser"',
          },
        ]);
      }
    },
  };
}
