import type { IncomingMessage } from 'node:http';
import { isIP, isIPv4 } from 'node:net';

/**
 * Which `Host` names the server answers (a defence against DNS rebinding: a page on
 * `attacker.example`, resolved to 127.0.0.1, reaches this server with that name in `Host`).
 *
 * Always answered: IP literals (a page served from an IP address has that address as its origin,
 * so no other site can reach us under it), `localhost` and `*.localhost` (which browsers resolve
 * to loopback themselves), and a request with no `Host` at all (HTTP/1.0; browsers always send
 * one). Anything else only when `ALLOWED_HOSTS` names it: `console.example.com` exactly,
 * `.example.com` for it and every subdomain, or `*` for any name.
 */
export interface HostPolicy {
  allows(hostHeader: string | undefined): boolean;
  /** The names from `ALLOWED_HOSTS`, for messages. */
  readonly configured: readonly string[];
}

/** Parses `ALLOWED_HOSTS` (comma or space separated). Throws on an entry that is not a name. */
export function createHostPolicy(allowedHosts = ''): HostPolicy {
  const entries = allowedHosts
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''))
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (entry !== '*' && !/^\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(entry)) {
      throw new Error(
        `ALLOWED_HOSTS: ${JSON.stringify(entry)} is not a host name (use e.g. console.example.com or .example.com)`,
      );
    }
  }
  const any = entries.includes('*');
  return {
    configured: entries,
    allows(hostHeader) {
      if (hostHeader === undefined) return true;
      const name = hostName(hostHeader);
      if (name === undefined) return false;
      if (any || isIP(name) !== 0 || isLocalhostName(name)) return true;
      return entries.some((entry) =>
        entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry,
      );
    },
  };
}

/**
 * The host name of a `Host` header value, lower-cased, without port, brackets or a trailing
 * dot; `undefined` when the value is not a host name or address.
 */
export function hostName(hostHeader: string): string | undefined {
  const value = hostHeader.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return isIP(bracketed[1] ?? '') === 6 ? bracketed[1] : undefined;
  const plain = /^([a-z0-9_.-]+?)\.?(?::\d{1,5})?$/.exec(value);
  return plain?.[1];
}

function isLocalhostName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}

/** A `Host` that names this machine's loopback interface: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (hostHeader === undefined) return false;
  const name = hostName(hostHeader);
  if (name === undefined) return false;
  return isLocalhostName(name) || name === '::1' || (isIPv4(name) && name.startsWith('127.'));
}

/** Request headers by which a proxy says whom it forwards for; any one marks the request forwarded. */
export const PROXY_HEADERS: readonly string[] = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
];

/** True when any proxy header is present (`X-Forwarded-*` of any kind included). */
export function isForwarded(req: IncomingMessage): boolean {
  return Object.keys(req.headers).some(
    (name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.includes(name),
  );
}
