import type { SessionInfo } from './browser-session';

/**
 * What looking a session up gave: its details, or word that the server does not offer session
 * details at all (it answered `answer`, e.g. `404 Not Found`), which says nothing about whether
 * the session exists: its streams are tried anyway.
 */
export type SessionLookup =
  { kind: 'found'; info: SessionInfo } | { kind: 'not-offered'; sessionId: string; answer: string };
