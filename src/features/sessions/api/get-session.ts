import { queryOptions } from '@tanstack/react-query';
import { isOperationNotOffered } from '../../../lib/http/not-offered';
import {
  apiRequest,
  ApiRequestError,
  readJson,
  type ApiConnection,
} from '../../../lib/http/request';
import { decodeBrowserSession } from '../model/browser-session';
import type { SessionLookup } from '../model/session-lookup';

/**
 * `GET /browsers/{id}`: the session's details (an ended session's too, asked for again with
 * `include_deleted=true` after a 404), or `not-offered` when the server has no such
 * operation (an upstream offering only the streams and the clipboard: see isOperationNotOffered),
 * in which case the view opens anyway and each stream finds out for itself. Anything else fails
 * with an ApiRequestError: 401/403 token, 404 with the API's Error body (no such session), no
 * answer within LIMITS.requestTimeoutMs (status 0), 5xx…
 */
export function sessionQuery(connection: ApiConnection, sessionId: string, tokenVersion: string) {
  return queryOptions<SessionLookup>({
    // the token itself never goes into a query key (keys are visible in devtools); its version does
    queryKey: ['session', connection.base, sessionId, tokenVersion],
    queryFn: async ({ signal }) => {
      const path = `/browsers/${encodeURIComponent(sessionId)}`;
      const read = (response: Response) => readJson(response, decodeBrowserSession);
      try {
        const info = await apiRequest(connection, path, { init: { signal }, read });
        return { kind: 'found', info };
      } catch (error) {
        if (!(error instanceof ApiRequestError)) throw error;
        // an ended (deleted) session is found only when asked for; a server that does not know
        // the parameter answers 404 again, and that 404 stands
        if (error.failure.status === 404 && !isOperationNotOffered(error.failure)) {
          const info = await apiRequest(connection, `${path}?include_deleted=true`, {
            init: { signal },
            read,
          });
          return { kind: 'found', info };
        }
        if (!isOperationNotOffered(error.failure)) throw error;
        const { status, statusText } = error.failure;
        return { kind: 'not-offered', sessionId, answer: `${status} ${statusText}`.trim() };
      }
    },
    retry: false,
    refetchOnWindowFocus: false,
  });
}
