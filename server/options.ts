import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConsoleServerOptions } from './console-server.ts';
import { isFrameOrigin } from './gateway/gateway.ts';
import { referenceConfigFromEnv } from './reference/config.ts';
import { SESSION_ID } from './reference/session-route.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How long the gateway waits for an upstream's response headers. The API answers in well under a
 * second, and a stream's headers come before its first event; a stream's body has no bound.
 */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 20_000;

/** Reads the environment variables documented in the README into server options. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): ConsoleServerOptions {
  const port = Number(env.PORT || 7300);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got ${JSON.stringify(env.PORT)}`);
  }
  const demoSessionId = env.REFERENCE_DEMO_SESSION || 'demo';
  if (!SESSION_ID.test(demoSessionId)) {
    throw new Error(`REFERENCE_DEMO_SESSION must match ${SESSION_ID}`);
  }
  const upstream = env.KERNEL_BASE_URL || undefined;
  if (upstream && !/^https?:\/\/[^/]/.test(upstream)) {
    throw new Error('KERNEL_BASE_URL must be an http(s) URL, e.g. https://api.onkernel.com');
  }
  const liveViewOrigins = (env.LIVE_VIEW_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of liveViewOrigins)
    if (!isFrameOrigin(origin))
      throw new Error(
        `LIVE_VIEW_ORIGINS takes origins such as https://live.example.com or https://*.example.com; got ${origin}`,
      );
  const maxBody = Number(env.GATEWAY_MAX_BODY || 16 * 1024 * 1024);
  if (!Number.isInteger(maxBody) || maxBody < 1)
    throw new Error('GATEWAY_MAX_BODY must be a positive integer');
  const timeout = Number(env.GATEWAY_UPSTREAM_TIMEOUT_MS || DEFAULT_UPSTREAM_TIMEOUT_MS);
  if (!Number.isInteger(timeout) || timeout < 1)
    throw new Error('GATEWAY_UPSTREAM_TIMEOUT_MS must be a positive integer (milliseconds)');
  return {
    host: env.HOST || '127.0.0.1',
    port,
    staticRoot: path.join(projectRoot, 'dist'),
    upstreamBaseUrl: upstream,
    gatewayMaxBodyBytes: maxBody,
    gatewayUpstreamTimeoutMs: timeout,
    allowedHosts: env.ALLOWED_HOSTS ?? '',
    liveViewOrigins,
    reference: referenceConfigFromEnv(env),
    demoSessionId,
  };
}
