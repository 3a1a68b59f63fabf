/**
 * The Network view's filter language, as Chrome DevTools' Network panel reads it: terms separated
 * by spaces, all of which must hold; `-` before a term negates it; a term may be quoted to hold
 * spaces. Keys: `domain:` (with `*` wildcards), `status-code:`, `method:`, `mime-type:`,
 * `larger-than:` (`10k`, `1M`), `is:failed`, `resource-type:`, `scheme:`, `url:`,
 * `has-response-header:`; `/regex/` tests the URL; any other word is looked for, ignoring case, in
 * the URL, the request and response headers, the request body and the response body.
 */
import { compileUserRegex } from '../../../lib/regex/user-regex';

export type NetworkType =
  'document' | 'fetch' | 'script' | 'stylesheet' | 'image' | 'font' | 'other';

/** The type chips, in the order DevTools shows them. */
export const NETWORK_TYPES: readonly NetworkType[] = [
  'document',
  'fetch',
  'script',
  'stylesheet',
  'image',
  'font',
  'other',
];

/** What the filter looks at for one request. */
export interface FilterableRequest {
  url: string;
  method: string | null;
  status: number | null;
  /** The load failed (network error or canceled). */
  failed: boolean;
  mimeType: string | null;
  type: NetworkType;
  /** Bytes of the body received; null when unknown. */
  size: number | null;
  requestHeaders: readonly [string, string][];
  responseHeaders: readonly [string, string][];
  postData: string | null;
  body: string | null;
}

const RESOURCE_TYPES: Record<string, NetworkType> = {
  document: 'document',
  stylesheet: 'stylesheet',
  image: 'image',
  font: 'font',
  script: 'script',
  xhr: 'fetch',
  fetch: 'fetch',
  eventsource: 'fetch',
  preflight: 'fetch',
};

/** The chip a request belongs to: from CDP's resource type, else guessed from its MIME type. */
export function networkType(resourceType: string | null, mimeType: string | null): NetworkType {
  if (resourceType) return RESOURCE_TYPES[resourceType.toLowerCase()] ?? 'other';
  const mime = (mimeType ?? '').toLowerCase();
  if (mime.startsWith('text/html')) return 'document';
  if (mime.startsWith('text/css')) return 'stylesheet';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('font/') || mime.startsWith('application/font')) return 'font';
  if (mime.includes('javascript') || mime.includes('ecmascript')) return 'script';
  if (mime.startsWith('application/json')) return 'fetch';
  return 'other';
}

/** `1024`, `10k`, `1.5M` as bytes (k = 1024); null when it is not a size. */
export function parseSize(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)[bB]?$/.exec(text.trim());
  if (!m) return null;
  const unit = m[2]?.toLowerCase();
  return Number(m[1]) * (unit === 'k' ? 1024 : unit === 'm' ? 1024 * 1024 : 1);
}

export interface CompiledNetworkQuery {
  test(request: FilterableRequest): boolean;
  /** Terms that could not be read, said for a person; such a term is left out. */
  errors: string[];
}

type Test = (request: FilterableRequest) => boolean;

/** Host and scheme of a URL that may not parse (then: no host, the scheme its text states). */
function hostAndScheme(url: string): { host: string; scheme: string } {
  if (URL.canParse(url)) {
    const parsed = new URL(url);
    return { host: parsed.hostname.toLowerCase(), scheme: parsed.protocol.slice(0, -1) };
  }
  const colon = url.indexOf(':');
  return { host: '', scheme: colon > 0 ? url.slice(0, colon).toLowerCase() : '' };
}

/**
 * Whether `text` is `pattern` with each `*` standing for any run of characters. Matched by hand
 * rather than as the regular expression `^.*a.*b$`, whose backtracking grows with the power of
 * the number of stars (a link with `domain:*a*a*a*a*a*a*a*a*b` would hold the page): this walk
 * goes back only to the last star, so it takes at most the pattern's length times the text's.
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p += 1;
      t += 1;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p;
      resume = t;
      p += 1;
    } else if (star !== -1) {
      // the last star takes one more character, and the rest of the pattern is tried after it
      p = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p += 1;
  return p === pattern.length;
}

/** The terms of a filter text: split on spaces outside double quotes, quotes removed. */
export function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  let any = false;
  for (const c of text) {
    if (c === '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && /\s/.test(c)) {
      if (any) terms.push(current);
      current = '';
      any = false;
    } else {
      current += c;
      any = true;
    }
  }
  if (any) terms.push(current);
  return terms.filter((term) => term !== '' && term !== '-');
}

/** Lower-cased text a plain word is looked for in, built once per request when a word asks. */
const haystacks = new WeakMap<FilterableRequest, string>();

function haystackOf(request: FilterableRequest): string {
  let text = haystacks.get(request);
  if (text === undefined) {
    const parts = [request.url];
    for (const [name, value] of request.requestHeaders) parts.push(`${name}: ${value}`);
    for (const [name, value] of request.responseHeaders) parts.push(`${name}: ${value}`);
    if (request.postData) parts.push(request.postData);
    if (request.body) parts.push(request.body);
    text = parts.join('\n').toLowerCase();
    haystacks.set(request, text);
  }
  return text;
}

function keyTest(key: string, value: string, errors: string[]): Test | null {
  const lower = value.toLowerCase();
  switch (key) {
    case 'domain':
      return (request) => wildcardMatch(lower, hostAndScheme(request.url).host);
    case 'status-code': {
      if (!/^\d{1,3}$/.test(value)) {
        errors.push(`status-code: "${value}" is not a status code`);
        return null;
      }
      const status = Number(value);
      return (request) => request.status === status;
    }
    case 'method':
      return (request) => request.method?.toLowerCase() === lower;
    case 'mime-type':
      return (request) => request.mimeType?.split(';')[0]?.trim().toLowerCase() === lower;
    case 'larger-than': {
      const size = parseSize(value);
      if (size === null) {
        errors.push(`larger-than: "${value}" is not a size (such as 500, 10k or 1M)`);
        return null;
      }
      return (request) => request.size !== null && request.size > size;
    }
    case 'is':
      // failed: the load failed, or the server answered with an error status (400 and up)
      if (lower === 'failed' || lower === 'error')
        return (request) => request.failed || (request.status ?? 0) >= 400;
      errors.push(`is: "${value}" is not known (is:failed is)`);
      return null;
    case 'resource-type':
      return (request) => request.type === lower;
    case 'scheme':
      return (request) => hostAndScheme(request.url).scheme === lower;
    case 'url':
      return (request) => request.url.toLowerCase().includes(lower);
    case 'has-response-header':
      return (request) => request.responseHeaders.some(([name]) => name.toLowerCase() === lower);
    default:
      return null;
  }
}

const KEYS = new Set([
  'domain',
  'status-code',
  'method',
  'mime-type',
  'larger-than',
  'is',
  'resource-type',
  'scheme',
  'url',
  'has-response-header',
]);

function termTest(term: string, errors: string[]): Test | null {
  if (term.length > 2 && term.startsWith('/') && term.endsWith('/')) {
    // case-sensitive, as DevTools reads it; compiled so that no pattern can hold the page
    const compiled = compileUserRegex(term.slice(1, -1), false);
    if (!compiled.ok) {
      errors.push(`${term}: ${compiled.error}`);
      return null;
    }
    const { test } = compiled.regex;
    return (request) => test(request.url);
  }
  const colon = term.indexOf(':');
  const key = colon > 0 ? term.slice(0, colon).toLowerCase() : '';
  if (KEYS.has(key)) {
    const value = term.slice(colon + 1);
    if (value === '') {
      errors.push(`${key}: needs a value`);
      return null;
    }
    return keyTest(key, value, errors);
  }
  const word = term.toLowerCase();
  return (request) => haystackOf(request).includes(word);
}

/** The filter text as a test over requests, with what could not be read. */
export function compileNetworkQuery(text: string): CompiledNetworkQuery {
  const errors: string[] = [];
  const tests: Test[] = [];
  for (const raw of splitTerms(text)) {
    const negated = raw.startsWith('-') && raw.length > 1;
    const test = termTest(negated ? raw.slice(1) : raw, errors);
    if (test) tests.push(negated ? (request) => !test(request) : test);
  }
  return {
    test: (request) => tests.every((test) => test(request)),
    errors,
  };
}
