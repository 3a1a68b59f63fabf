import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../shared/http.ts';
import type { SessionRoute } from './reference-server.ts';

/**
 * Fault injection for tests, only with REFERENCE_FAULTS=1: `POST /browsers/{id}/faults` with
 * `{"action": "drop_streams"}` cuts every open stream of the session as a network failure would;
 * `{"action": "restart_events"}` restarts the event process (seq starts again at 1).
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
      } else {
        throw new HttpError(400, 'bad_request', 'unknown fault', [
          { code: 'invalid_input', message: 'action must be "drop_streams" or "restart_events"' },
        ]);
      }
    },
  };
}
