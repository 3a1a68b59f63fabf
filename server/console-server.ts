import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway, isLoopback } from './gateway/gateway.ts';
import { createHostPolicy, isForwarded, isLoopbackHost } from './gateway/host-policy.ts';
import type { ApiHandler } from './gateway/types.ts';
import { createStreamRelay } from './gateway/stream-relay.ts';
import { serveUpgrades } from './gateway/upgrades.ts';
import { createUpstreamProxy } from './gateway/upstream-proxy.ts';
import type { ReferenceConfig } from './reference/config.ts';
import { createReferenceServer, type ReferenceServer } from './reference/reference-server.ts';
import { testRigs } from './reference/test-rigs/index.ts';
import { allCategories } from './reference/telemetry-config.ts';

export interface ConsoleServerOptions {
  host: string;
  port: number;
  staticRoot: string;
  /** Forward /api to this upstream instead of running the embedded reference server. */
  upstreamBaseUrl?: string;
  gatewayMaxBodyBytes: number;
  /** How long the gateway waits for an upstream's response headers (504 after that). */
  gatewayUpstreamTimeoutMs?: number;
  /** `ALLOWED_HOSTS`: host names served besides loopback names and IP literals. */
  allowedHosts?: string;
  /** Origins the dashboard may frame besides the reference server's live view (LIVE_VIEW_ORIGINS). */
  liveViewOrigins?: readonly string[];
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
 * The demo credentials are only for a browser on this machine talking to this process directly:
 * a loopback peer (a reverse proxy on this host is one too, hence no proxy header of any kind) that
 * named a loopback host (a DNS-rebinding page names its own).
 */
function mayHaveDemoCredentials(req: IncomingMessage): boolean {
  return isLoopback(req) && isLoopbackHost(req.headers.host) && !isForwarded(req);
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
      ...(options.gatewayUpstreamTimeoutMs === undefined
        ? {}
        : { timeoutMs: options.gatewayUpstreamTimeoutMs }),
    });
  } else {
    // the test and benchmark rigs only when the environment asks for them (REFERENCE_FAULTS, …)
    const started = await createReferenceServer(options.reference, testRigs(options.reference));
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
    return mayHaveDemoCredentials(req)
      ? { mode: 'reference', demo: { sessionId: demoSessionId, token: options.reference.token } }
      : { mode: 'reference' };
  };
  const hosts = createHostPolicy(options.allowedHosts);
  // the dashboard may frame the live view, which the reference server serves on its own origin
  const liveView = reference?.liveView;
  const listener = createGateway({
    staticRoot: options.staticRoot,
    api,
    clientConfig,
    hosts,
    ...(liveView ? { frameOrigin: (host: string | undefined) => liveView.originFor(host) } : {}),
    // an upstream's live views (on its own origins) may be framed when the configuration names them
    ...(options.liveViewOrigins?.length ? { frameOrigins: options.liveViewOrigins } : {}),
  });
  const server = createServer(listener);
  server.keepAliveTimeout = 5_000;
  // Session browsers are reached over WebSockets under /api (each session's `cdp_ws_url`), and
  // the page's event streams over one WebSocket each page (the stream relay).
  const relay = createStreamRelay();
  const closeUpgraded = serveUpgrades(server, {
    listener,
    hosts,
    relay: relay.handleUpgrade,
    ...(reference ? { webSocket: reference.handleUpgrade } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // the demo session's driver reaches its browser the way an agent does, over this listener
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const reachable = wildcard ? (address.family === 'IPv6' ? '[::1]' : '127.0.0.1') : hostForUrl;
  reference?.serveAgentsAt(`ws://${reachable}:${address.port}/api`);
  return {
    url: `http://${hostForUrl}:${address.port}`,
    server,
    reference,
    demoSessionId,
    async close() {
      relay.close();
      await reference?.close();
      await Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
        closeUpgraded(),
      ]);
    },
  };
}
