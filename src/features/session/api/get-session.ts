import { queryOptions } from '@tanstack/react-query';
import { apiRequest, readJson, type ApiConnection } from '../../../lib/http/request';
import { decodeBrowserSession, type SessionInfo } from '../model/browser-session';

/** `GET /browsers/{id}`: the session, or an ApiRequestError (401/403 token, 404 no such session). */
export function sessionQuery(connection: ApiConnection, sessionId: string, tokenVersion: string) {
  return queryOptions<SessionInfo>({
    // the token itself never goes into a query key (keys are visible in devtools); its version does
    queryKey: ['session', connection.base, sessionId, tokenVersion],
    queryFn: async ({ signal }) =>
      readJson(
        await apiRequest(connection, `/browsers/${encodeURIComponent(sessionId)}`, { signal }),
        decodeBrowserSession,
      ),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
