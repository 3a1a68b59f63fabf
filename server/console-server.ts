import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway, isLoopback } from './gateway/gateway.ts';
import type { ApiHandler } from './gateway/types.ts';
import { createUpstreamProxy } from './gateway/upstream-proxy.ts';
import type { ReferenceConfig } from './reference/config.ts';
import { createReferenceServer, type ReferenceServer } from './reference/reference-server.ts';
import { allCategories } from './reference/telemetry-config.ts';

export interface ConsoleServerOptions {
  host: string;
  port: number;
  staticRoot: string;
  /** Forward /api to this upstream instead of running the embedded reference server. */
  upstreamBaseUrl?: string;
  gatewayMaxBodyBytes: number;
  reference: ReferenceConfig;
  demoSessionId: string;
}

export interface RunningConsoleServer {
  url: string;
  server: Server;
  /** The embedded reference server, when not forwarding to an upstream. */
  reference: ReferenceServer | undefined;
  demoSessionId: string | undefined;
  close(): Promise<void>;
}

/** What the page may learn about its server; demo credentials only go to loopback clients. */
export interface ClientConfig {
  mode: 'reference' | 'upstream';
  demo?: { sessionId: string; token: string };
}

/**
 * A request that came through a reverse proxy on this host looks like loopback too; the demo
 * credentials are only for a browser on this machine talking to this process directly.
 */
function isForwarded(req: IncomingMessage): boolean {
  return ['forwarded', 'x-forwarded-for', 'x-real-ip', 'via'].some(
    (name) => req.headers[name] !== undefined,
  );
}

/** Starts the one process behind `npm start`: the dashboard, and /api (reference or forwarded). */
export async function startConsoleServer(
  options: ConsoleServerOptions,
): Promise<RunningConsoleServer> {
  let reference: ReferenceServer | undefined;
  let api: ApiHandler;
  let demoSessionId: string | undefined;
  if (options.upstreamBaseUrl) {
    api = createUpstreamProxy({
      baseUrl: options.upstreamBaseUrl,
      maxBodyBytes: options.gatewayMaxBodyBytes,
    });
  } else {
    const started = await createReferenceServer(options.reference);
    reference = started;
    demoSessionId = (
      await started.createSession({
        id: options.demoSessionId,
        flags: allCategories(),
        demo: true,
      })
    ).id;
    api = (req, res, apiPath) => started.handle(req, res, apiPath);
  }
  const clientConfig = (req: IncomingMessage): ClientConfig => {
    if (!reference || !demoSessionId) return { mode: 'upstream' };
    return isLoopback(req) && !isForwarded(req)
      ? { mode: 'reference', demo: { sessionId: demoSessionId, token: options.reference.token } }
      : { mode: 'reference' };
  };
  const server = createServer(createGateway({ staticRoot: options.staticRoot, api, clientConfig }));
  // Session browsers are reached over WebSockets under /api (each session's `cdp_ws_url`).
  server.on('upgrade', (req, socket, head: Buffer) => {
    const url = req.url ?? '';
    if (reference && url.startsWith('/api/'))
      reference.handleUpgrade(req, socket, head, url.slice(4));
    else socket.destroy();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostForUrl}:${address.port}`,
    server,
    reference,
    demoSessionId,
    async close() {
      await reference?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
