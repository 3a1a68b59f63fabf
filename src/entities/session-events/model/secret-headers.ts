/**
 * The one rule for credentials in what the dashboard shows and writes out (the details pane, JSON
 * Lines export, HAR, debug bundle, Copy as cURL / fetch / Playwright): the values of headers that
 * carry them are masked unless a person asks for them. A session's browser sends its own
 * Authorization, cookies and API keys; a screen shared in a call or a file attached to a bug
 * report must not carry them by accident.
 */

/** What a masked secret reads as: plainly not a value, and safe in every quoting of copy-as. */
export const MASKED = '<masked>';

const SECRET_NAMES = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'apikey',
  'x-auth-token',
  'x-access-token',
  'x-csrf-token',
  'x-xsrf-token',
]);

/** Header names whose values are credentials: the usual ones, and any that looks like a key or token. */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || /token|secret|password|passwd|api[-_]?key|session/.test(lower);
}

/** A header's value as an export writes it: masked when it is a secret and `reveal` is off. */
export function headerValue(name: string, value: string, reveal: boolean): string {
  return !reveal && isSecretHeader(name) ? MASKED : value;
}

/** What stands for a hidden value on screen: a fixed run of dots, whatever its length. */
const DOTS = '•••••••';

/**
 * Authentication schemes (the IANA registry's, and the common `Token` and `ApiKey`): words that
 * say what kind of credential follows without being part of it. Any other first word may be.
 */
const AUTH_SCHEMES = new Set([
  'basic',
  'bearer',
  'digest',
  'dpop',
  'hoba',
  'mutual',
  'negotiate',
  'ntlm',
  'oauth',
  'privatetoken',
  'scram-sha-1',
  'scram-sha-256',
  'vapid',
  'aws4-hmac-sha256',
  'token',
  'apikey',
]);

/**
 * A secret value as the screen shows it until a person reveals it: its authentication scheme
 * when it starts with one (`Bearer`, `Basic`…), dots for the rest, and how many characters are
 * hidden, e.g. `Bearer ••••••• (41 characters)`.
 */
export function maskForScreen(value: string): string {
  const first = /^(\S+) +(?=\S)/.exec(value);
  const scheme =
    first?.[1] !== undefined && AUTH_SCHEMES.has(first[1].toLowerCase()) ? first : null;
  const hidden = [...(scheme ? value.slice(scheme[0].length) : value)].length;
  const count = `(${hidden.toLocaleString('en-US')} character${hidden === 1 ? '' : 's'})`;
  return scheme ? `${scheme[1]} ${DOTS} ${count}` : `${DOTS} ${count}`;
}

/**
 * The fields of an event's data that hold headers as an object of name → value: `headers`, and
 * the full `request_headers` / `response_headers` (with Cookie and Set-Cookie) the network stack
 * reports.
 */
export const HEADER_FIELDS: readonly string[] = ['headers', 'request_headers', 'response_headers'];

const isHeaderObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An event's data with the values of secret headers (in every field of HEADER_FIELDS, as
 * network events carry them) masked; the same object when it has none to mask.
 */
export function withSecretsMasked<T>(data: T): T {
  if (!isHeaderObject(data)) return data;
  let result: Record<string, unknown> | null = null;
  for (const field of HEADER_FIELDS) {
    const headers = data[field];
    if (!isHeaderObject(headers)) continue;
    const names = Object.keys(headers).filter(isSecretHeader);
    if (names.length === 0) continue;
    const masked: Record<string, unknown> = { ...headers };
    for (const name of names) masked[name] = MASKED;
    result = { ...(result ?? data), [field]: masked };
  }
  return (result ?? data) as T;
}
