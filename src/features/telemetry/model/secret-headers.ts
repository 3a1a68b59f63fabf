/**
 * The one rule for credentials in what the dashboard writes out (JSON Lines export, HAR, debug
 * bundle, Copy as cURL / fetch / Playwright): the values of headers that carry them are masked
 * unless a person asks for them. A session's browser sends its own Authorization, cookies and API
 * keys; a file attached to a bug report must not carry them by accident.
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

/**
 * An event's data with the values of secret headers (`data.headers`, as network events carry
 * them) masked; the same object when it has none to mask.
 */
export function withSecretsMasked<T>(data: T): T {
  if (typeof data !== 'object' || data === null) return data;
  const headers = (data as { headers?: unknown }).headers;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return data;
  const names = Object.keys(headers).filter(isSecretHeader);
  if (names.length === 0) return data;
  const masked: Record<string, unknown> = { ...headers };
  for (const name of names) masked[name] = MASKED;
  return { ...data, headers: masked };
}
