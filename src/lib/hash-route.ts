import { sessionIdProblem } from './session-id';

/**
 * The shareable part of the view lives in the URL hash: `#/sessions/<id>?tab=…&q=…`, `#/file`
 * for a telemetry file opened without a server, or `#/compare?a=<id>&b=<id>` for two runs
 * compared. The token never does.
 */
export interface HashRoute {
  sessionId: string | null;
  params: URLSearchParams;
  /** The opened-file view. */
  file?: boolean;
  /** The comparison of two runs (`#/compare?a=…&b=…`). */
  compare?: boolean;
  /** Why the session id in the URL was refused (`#/sessions/..`); the connect screen says it. */
  refused?: string;
}

export function parseHash(hash: string): HashRoute {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const [pathPart = '', query = ''] = text.split(/\?(.*)/s, 2);
  const match = /^\/sessions\/([^/]+)\/?$/.exec(pathPart);
  let sessionId: string | null = null;
  let refused: string | null = null;
  if (match?.[1]) {
    try {
      sessionId = decodeURIComponent(match[1]);
    } catch {
      sessionId = null;
    }
  }
  if (sessionId !== null) {
    refused = sessionIdProblem(sessionId);
    if (refused !== null) sessionId = null;
  }
  return {
    sessionId,
    params: new URLSearchParams(query),
    file: !sessionId && pathPart === '/file',
    compare: !sessionId && pathPart === '/compare',
    ...(refused === null ? {} : { refused }),
  };
}

export function formatHash(route: HashRoute): string {
  const query = route.params.toString();
  if (!route.sessionId && route.compare) return `#/compare${query ? `?${query}` : ''}`;
  if (!route.sessionId) return route.file ? '#/file' : '#/';
  return `#/sessions/${encodeURIComponent(route.sessionId)}${query ? `?${query}` : ''}`;
}
