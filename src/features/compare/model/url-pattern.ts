/**
 * URL patterns: a URL with what changes from one run of a task to the next taken out, so that two
 * runs' pages and requests can be matched. Scheme, host and the shape of the path stay; path
 * segments (or parts of them) that are ids become `:id`; query values, user names, passwords and
 * fragments are dropped, the query's names kept, sorted. `/orders/123` and `/orders/456` are one
 * pattern. Pure; never throws.
 */

export const ID = ':id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]{8,}$/i;
const BASE64ISH = /^[A-Za-z0-9_\-+=~]{16,}$/;
const DIGIT = /\d/;
const LETTER = /[A-Za-z]/;
/** What a segment is cut at to look at its parts: `order-123`, `app.3f9a8c2b.js`. */
const PART_SEPARATOR = /([.\-_~,; ])/;

function digitCount(token: string): number {
  let count = 0;
  for (let at = 0; at < token.length; at += 1) {
    const code = token.charCodeAt(at);
    if (code >= 48 && code <= 57) count += 1;
  }
  return count;
}

/**
 * Whether a token (a whole path segment, or a part of one) is an id: a number, a UUID, a long
 * hex or base64-like string with a digit in it, or letters mixed with three digits or more.
 * `v2`, `page2`, `checkout` are not ids; `123`, `a1b2c3d4`, `usr_8f3k2k9`, `A12345` are.
 */
export function isIdToken(token: string): boolean {
  if (token === '') return false;
  if (/^\d+$/.test(token)) return true;
  if (UUID.test(token)) return true;
  if (!DIGIT.test(token)) return false;
  if (HEX.test(token)) return true;
  if (BASE64ISH.test(token) && LETTER.test(token)) return true;
  return LETTER.test(token) && digitCount(token) >= 3;
}

/** Long URL-safe base64 (with `-` and `_`): both cases of letters and digits, 20 characters or more. */
function isLongBase64(segment: string): boolean {
  return (
    segment.length >= 20 &&
    BASE64ISH.test(segment) &&
    DIGIT.test(segment) &&
    /[a-z]/.test(segment) &&
    /[A-Z]/.test(segment)
  );
}

/**
 * A path segment with its ids replaced: the whole segment when it is one id (a number, a UUID,
 * a long base64 string, a token without separators), else each part that is (`order-:id`).
 */
export function segmentPattern(segment: string): string {
  if (!DIGIT.test(segment)) return segment;
  if (/^\d+$/.test(segment) || UUID.test(segment) || isLongBase64(segment)) return ID;
  const parts = segment.split(PART_SEPARATOR);
  if (parts.length === 1) return isIdToken(segment) ? ID : segment;
  let changed = false;
  for (let at = 0; at < parts.length; at += 2) {
    if (isIdToken(parts[at] as string)) {
      parts[at] = ID;
      changed = true;
    }
  }
  return changed ? parts.join('') : segment;
}

function pathPattern(path: string): string {
  return path
    .split('/')
    .map((segment) => segmentPattern(segment))
    .join('/');
}

/** The query's names, sorted and each once, as `?a&b`; '' when there is none. */
function queryPattern(search: string): string {
  if (search === '' || search === '?') return '';
  const names = new Set<string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const name = pair.split('=')[0] ?? '';
    if (name !== '') names.add(name);
  }
  return names.size === 0 ? '' : `?${[...names].sort().join('&')}`;
}

/** A text that is no URL (or a relative one): its path shape, query names, no fragment. */
function relativePattern(text: string): string {
  const noFragment = text.split('#')[0] ?? '';
  const queryAt = noFragment.indexOf('?');
  const path = queryAt < 0 ? noFragment : noFragment.slice(0, queryAt);
  const search = queryAt < 0 ? '' : noFragment.slice(queryAt);
  return `${pathPattern(path)}${queryPattern(search)}`;
}

const MAX_URL = 4096;

/** The pattern of a URL (see the file's comment); relative and unreadable URLs keep their shape. */
export function urlPattern(url: string): string {
  const text = typeof url === 'string' ? url.trim().slice(0, MAX_URL) : '';
  if (text === '') return '';
  if (!URL.canParse(text)) return relativePattern(text);
  const parsed = new URL(text);
  const scheme = parsed.protocol;
  if (scheme === 'data:') {
    const mime = text.slice(5).split(/[;,]/)[0] ?? '';
    return `data:${mime}`;
  }
  if (scheme === 'blob:') return `blob:${urlPattern(parsed.pathname)}`;
  if (parsed.host === '' && !text.startsWith(`${scheme}//`)) {
    // about:blank, javascript:…, mailto:… — no host, no path shape worth keeping
    return `${scheme}${relativePattern(parsed.pathname)}`;
  }
  return `${scheme}//${parsed.host}${pathPattern(parsed.pathname)}${queryPattern(parsed.search)}`;
}

/** The host of a URL, lower-case; '' when it has none. */
export function hostOf(url: string): string {
  if (typeof url !== 'string' || !URL.canParse(url)) return '';
  return new URL(url).host;
}
