import { HttpError } from '../shared/http.ts';

/** `.` or `..`, each dot also as `%2e` or `%2E`: what URL resolution removes as a dot segment. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
/** A separator inside a segment: `%2f` (`/`) or `\` raw or as `%5c` (URL parsers read `\` as `/`). */
const HIDDEN_SEPARATOR = /%2f|%5c|\\/i;

/**
 * Refuses an API path (the request target after `/api`, its query left alone) that would reach
 * another route than the one it names: a `.` or `..` segment, raw or percent-encoded, is resolved
 * away by the reference server's URL parsing (`/browsers/x/..` is the session list) and by many
 * upstreams, and a `/` or `\` hidden in a segment is a separator to some of them. A session id is
 * never such a segment, so nothing the dashboard sends is refused. Throws a 400 Error body.
 */
export function refuseMovingSegments(apiPath: string): void {
  const queryStart = apiPath.indexOf('?');
  const pathPart = queryStart === -1 ? apiPath : apiPath.slice(0, queryStart);
  if (HIDDEN_SEPARATOR.test(pathPart)) {
    throw new HttpError(
      400,
      'bad_request',
      'API path has an encoded "/" or a "\\" inside a segment: each segment must be a single name',
    );
  }
  if (pathPart.split('/').some((segment) => DOT_SEGMENT.test(segment))) {
    throw new HttpError(
      400,
      'bad_request',
      'API path has a "." or ".." segment (perhaps percent-encoded): a session id or other path segment cannot be "." or ".."',
    );
  }
}
