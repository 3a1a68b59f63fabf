/**
 * The shareable part of the view lives in the URL hash: `#/sessions/<id>?tab=…&q=…`. The token
 * never does.
 */
export interface HashRoute {
  sessionId: string | null;
  params: URLSearchParams;
}

export function parseHash(hash: string): HashRoute {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const [pathPart = '', query = ''] = text.split(/\?(.*)/s, 2);
  const match = /^\/sessions\/([^/]+)\/?$/.exec(pathPart);
  let sessionId: string | null = null;
  if (match?.[1]) {
    try {
      sessionId = decodeURIComponent(match[1]);
    } catch {
      sessionId = null;
    }
  }
  return { sessionId, params: new URLSearchParams(query) };
}

export function formatHash(route: HashRoute): string {
  if (!route.sessionId) return '#/';
  const query = route.params.toString();
  return `#/sessions/${encodeURIComponent(route.sessionId)}${query ? `?${query}` : ''}`;
}
