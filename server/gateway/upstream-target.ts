import { HttpError } from '../shared/http.ts';

/** Control characters, space, DEL, backslash and `#` never belong in a forwarded target. */
function hasForbiddenCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || text[i] === '\\' || text[i] === '#') return true;
  }
  return false;
}

/** Parses and checks the upstream base URL once, at start-up. Throws on a misconfiguration. */
export function parseUpstreamBase(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error('upstream base URL is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('upstream base URL must use http or https');
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error('upstream base URL must not contain credentials');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new Error('upstream base URL must not contain a query or fragment');
  }
  return url;
}

/**
 * Maps an API path onto the upstream, refusing anything that could leave the upstream's origin
 * or base path: the gateway forwards to one upstream and is never an open proxy.
 */
export function resolveUpstreamTarget(base: URL, apiPath: string): URL {
  // A path that starts with a single `/` has nothing before its first `/`, so it can carry
  // neither a scheme nor userinfo (`@`) there.
  if (!apiPath.startsWith('/') || apiPath.startsWith('//')) {
    throw badRequest('API path must start with a single "/"');
  }
  if (hasForbiddenCharacter(apiPath)) {
    throw badRequest('API path contains a forbidden character');
  }
  const queryStart = apiPath.indexOf('?');
  const pathPart = queryStart === -1 ? apiPath : apiPath.slice(0, queryStart);
  for (const segment of pathPart.split('/')) {
    const decoded = decodeSegment(segment);
    if (decoded === '.' || decoded === '..' || /[/\\]/.test(decoded) || decoded.includes('\0')) {
      throw badRequest('API path contains a dot segment or an encoded separator');
    }
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  const target = new URL(prefix + apiPath, base.origin);
  if (target.origin !== base.origin || !target.pathname.startsWith(`${prefix}/`)) {
    throw badRequest('API path leaves the upstream base');
  }
  return target;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest('API path is not validly percent-encoded');
  }
}

function badRequest(message: string): HttpError {
  return new HttpError(400, 'bad_request', message);
}
