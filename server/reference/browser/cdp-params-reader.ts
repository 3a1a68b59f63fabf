// How a browser-control command's arguments are read for its `cdp_command` event: field by field,
// each as the one type it may be, and reduced on the way (a string to its length or presence, an
// identifier clipped, a URL to its scheme and host). What each command reports is the table in
// cdp-command-params.ts.

/** Longest opaque identifier reported. */
const ID_MAX = 128;

/** A command's params, read field by field; a field of the wrong type reads as absent. */
export class Params {
  constructor(private readonly raw: Readonly<Record<string, unknown>>) {}

  private value(key: string): unknown {
    return Object.hasOwn(this.raw, key) ? this.raw[key] : undefined;
  }

  number(key: string): number | undefined {
    const value = this.value(key);
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }

  integer(key: string): number | undefined {
    const value = this.value(key);
    return Number.isSafeInteger(value) ? (value as number) : undefined;
  }

  bool(key: string): boolean | undefined {
    const value = this.value(key);
    return typeof value === 'boolean' ? value : undefined;
  }

  /** A protocol enum: the value when it is one of `allowed`, `other` for any other present value. */
  oneOf(key: string, allowed: readonly string[]): string | undefined {
    const value = this.value(key);
    if (value === undefined || value === null) return undefined;
    return typeof value === 'string' && allowed.includes(value) ? value : 'other';
  }

  /** An opaque identifier, clipped. */
  id(key: string): string | undefined {
    const value = this.value(key);
    return typeof value === 'string' && value !== '' ? value.slice(0, ID_MAX) : undefined;
  }

  /** Characters (code points) of a string argument, never the string. */
  length(key: string): number | undefined {
    const value = this.value(key);
    return typeof value === 'string' ? codePoints(value) : undefined;
  }

  /** Whether a string argument was given and is not empty. */
  present(key: string): boolean {
    const value = this.value(key);
    return typeof value === 'string' && value !== '';
  }

  list(key: string): unknown[] | undefined {
    const value = this.value(key);
    return Array.isArray(value) ? value : undefined;
  }

  /** Whether an object argument was given. */
  has(key: string): boolean {
    return isRecord(this.value(key));
  }

  record(key: string): Params {
    const value = this.value(key);
    return new Params(isRecord(value) ? value : {});
  }

  string(key: string): string | undefined {
    const value = this.value(key);
    return typeof value === 'string' ? value : undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** Scheme and host of a URL; the rest of it is never reported. */
export function urlParts(value: string | undefined): { url_scheme?: string; url_host?: string } {
  if (value === undefined || value === '') return {};
  try {
    const parsed = new URL(value);
    const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
    return parsed.hostname === ''
      ? { url_scheme: scheme }
      : { url_scheme: scheme, url_host: parsed.hostname };
  } catch {
    const scheme = /^([a-z][a-z0-9+.-]{0,31}):/i.exec(value)?.[1];
    return scheme ? { url_scheme: scheme.toLowerCase() } : {};
  }
}
