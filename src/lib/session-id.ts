import { revealControls } from './control-chars';

/**
 * Why `id` cannot name a session, or null when it can. A session id goes into API paths as one
 * segment (`/browsers/{id}/logs/stream`): `.` and `..` would be resolved away by the browser (the
 * request for `..` goes to the API root), and `/` or `\` inside it is a separator to some servers
 * (the gateway refuses it encoded). The connect form and the URL both ask here.
 */
export function sessionIdProblem(id: string): string | null {
  const shown = `“${revealControls(id)}” is not a session id: an id must be a single path segment`;
  if (id === '.' || id === '..') return `${shown}, not “.” or “..”`;
  if (/[/\\]/.test(id)) return `${shown}, without “/” or “\\”`;
  return null;
}
