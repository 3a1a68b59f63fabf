import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrowserSession } from '../../src/types/api.ts';
import type { Session } from './session.ts';

/** What a session id looks like: the `{id}` in `/browsers/{id}`. */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** What one request on a session needs. */
export interface SessionRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  session: Session;
  /** The route's `{name}` segments, decoded. */
  params: Record<string, string>;
  /**
   * A stream handler calls this once its response has started, and a handler that ends the
   * session before it does (the request is then recorded, its status as `res.statusCode` says).
   */
  opened: () => void;
  /** `ws://host/prefix` of this API as the client reached it. */
  wsBase: string;
}

/** A request on a session that has ended (deleted, or live when the server last stopped). */
export interface EndedSessionRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  id: string;
  record: BrowserSession;
  params: Record<string, string>;
  /** `ws://host/prefix` of this API as the client reached it. */
  wsBase: string;
}

/**
 * One operation on a session: `METHOD /browsers/{id}<suffix>`, answered by `handler`; by `ended`
 * for a session that has ended, when the operation still means something then (404 otherwise).
 * A suffix segment `{name}` matches any one segment, given to the handler in `params`.
 */
export type SessionRoute = {
  method: string;
  suffix: string;
  operationId: string;
  handler: (r: SessionRequest) => unknown;
  ended?: (r: EndedSessionRequest) => unknown;
  /**
   * A `GET` that may be made with a secret of its own in `?jwt=` instead of the API token (a
   * replay's `replay_view_url`, which a <video> fetches): the secret it takes, if any.
   */
  viewSecret?: (id: string, params: Record<string, string>) => Promise<string | undefined>;
};

/**
 * What a module outside the reference server's core may add to it: the test and benchmark rigs
 * (`test-rigs/`) use it, and the core knows nothing of them. Installed by whoever creates the
 * server (`npm start` from the environment, the test harness from its options).
 */
export interface ReferenceExtension {
  /** More operations on sessions. */
  routes?: SessionRoute[];
  /** The token a request on this API path must carry instead of the server's, if any. */
  tokenFor?(apiPath: string, lookup: (id: string) => Session | undefined): string | undefined;
  /**
   * Called before a session request's handler, in the order extensions were installed: answers
   * the request itself (true), or leaves it to the next one and the handler (false).
   */
  answerInstead?(request: SessionRequest, operationId: string): boolean;
  /** A stream's response has started: the extension may wrap its writer. */
  streamOpened?(session: Session, operationId: string, res: ServerResponse): void;
}
