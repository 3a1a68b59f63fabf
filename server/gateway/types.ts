import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Answers one `/api` request. `apiPath` is the request target with the leading `/api` removed,
 * query string included; it always starts with `/` (`/api` alone is `/`).
 */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse, apiPath: string) => void;
