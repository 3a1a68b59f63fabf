import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startConsoleServer, type RunningConsoleServer } from '../../server/console-server.ts';
import { defaultReferenceConfig } from '../../server/reference/config.ts';
import { E2E_PORT } from '../env.ts';
import { PROJECT_ROOT } from '../nginx-proxy.ts';

/**
 * An upstream of our own that misbehaves on the paths a test names and, everywhere else, passes
 * requests on to the e2e reference server, with a Session Console server (the real gateway, in
 * upstream mode, serving the real dist/) in front of it: what a user gets when KERNEL_BASE_URL
 * points at a broken or hostile service.
 */

/** Answers one request instead of the reference server; `false` passes it on after all. */
export type Misbehaviour = (req: IncomingMessage, res: ServerResponse) => boolean | void;

export interface HostileUpstream {
  /** The console server's origin (the page under test is opened here). */
  url: string;
  upstreamUrl: string;
  /** Requests the upstream received (method and path), in order. */
  seen: string[];
  /** Misbehaves on paths matching `pattern` (tried in the order set), until `reset`. */
  on(pattern: RegExp, misbehaviour: Misbehaviour): void;
  reset(): void;
  stop(): Promise<void>;
}

/** Sends the request on to the e2e reference server's /api and its answer back, streaming. */
function passOn(req: IncomingMessage, res: ServerResponse): void {
  const forward = request(
    {
      host: '127.0.0.1',
      port: E2E_PORT,
      path: `/api${req.url ?? '/'}`,
      method: req.method,
      headers: { ...req.headers, host: `127.0.0.1:${E2E_PORT}` },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', () => res.destroy());
  res.on('close', () => forward.destroy());
  req.pipe(forward);
}

export async function startHostileUpstream(
  options: { gatewayUpstreamTimeoutMs?: number } = {},
): Promise<HostileUpstream> {
  let rules: [RegExp, Misbehaviour][] = [];
  const seen: string[] = [];
  const upstream: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    for (const [pattern, misbehaviour] of rules) {
      if (pattern.test(req.url ?? '') && misbehaviour(req, res) !== false) return;
    }
    passOn(req, res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const gateway: RunningConsoleServer = await startConsoleServer({
    host: '127.0.0.1',
    port: 0,
    staticRoot: path.join(PROJECT_ROOT, 'dist'),
    upstreamBaseUrl: upstreamUrl,
    gatewayMaxBodyBytes: 16 * 1024 * 1024,
    ...(options.gatewayUpstreamTimeoutMs === undefined
      ? {}
      : { gatewayUpstreamTimeoutMs: options.gatewayUpstreamTimeoutMs }),
    reference: defaultReferenceConfig({ browser: false }),
    demoSessionId: 'demo',
  });
  return {
    url: gateway.url,
    upstreamUrl,
    seen,
    on: (pattern, misbehaviour) => {
      rules.push([pattern, misbehaviour]);
    },
    reset: () => {
      rules = [];
      seen.length = 0;
    },
    stop: async () => {
      await gateway.close();
      upstream.closeAllConnections();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    },
  };
}

/** Accepts the request and never answers (the connection stays open until the test ends). */
export const neverAnswer: Misbehaviour = () => undefined;
