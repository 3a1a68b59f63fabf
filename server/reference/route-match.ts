// How a session request's path finds its route and its session: a route's suffix with `{name}`
// segments matched against the request's, and a session named by its name instead of its id.
import { HttpError } from '../shared/http.ts';
import type { SessionRecords } from './history/session-records.ts';
import type { Session } from './session.ts';

/**
 * The `{name}` segments of `suffix` (as the request has it, percent-encoded) when it matches the
 * route's `pattern` (`/replays/{replay_id}/stop`); undefined when it does not.
 */
export function matchSuffix(pattern: string, suffix: string): Record<string, string> | undefined {
  if (!pattern.includes('{')) return pattern === suffix ? {} : undefined;
  const want = pattern.split('/');
  const have = suffix.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const given = have[index] ?? '';
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name === undefined) {
      if (part !== given) return undefined;
      continue;
    }
    if (given === '') return undefined;
    try {
      params[name] = decodeURIComponent(given);
    } catch {
      return undefined;
    }
  }
  return params;
}

/**
 * The id of the session called `name`: the live one (409 when several live sessions share it),
 * else the newest ended one; undefined when no session has that name.
 */
export function sessionNamed(
  name: string,
  live: Iterable<Session>,
  records: SessionRecords,
): string | undefined {
  const named = [...live].filter((session) => session.name === name);
  if (named.length > 1)
    throw new HttpError(
      409,
      'conflict',
      `${named.length} live sessions are named ${JSON.stringify(name)}: name one by its id`,
    );
  if (named[0]) return named[0].id;
  const ended = records.list(
    { status: 'deleted', query: name, tags: {}, limit: Number.MAX_SAFE_INTEGER, offset: 0 },
    () => undefined,
  );
  return ended.records.find((record) => record.name === name)?.session_id;
}
