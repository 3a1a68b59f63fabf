/**
 * "Copy as cURL / fetch / Playwright" for a request the session's browser made. Everything in a
 * request is untrusted (a page chooses its URLs, headers and bodies), so every value is quoted for
 * the language it lands in, never pasted raw; secrets are masked unless a person asks for them.
 */
import { hasControls, splitControls } from '../../../lib/control-chars';
import { headerValue } from '../../../entities/session-events/model/secret-headers';

export interface CopiedRequest {
  method: string;
  url: string;
  headers: readonly [string, string][];
  postData: string | null;
}

/**
 * Headers a replay should not send as recorded: HTTP/2 pseudo-headers, and what the client sets
 * (`Host` from the URL, as DevTools leaves it out: the full headers the browser sent carry it).
 */
function replayed(headers: readonly [string, string][]): [string, string][] {
  return headers.filter(([name]) => {
    const lower = name.toLowerCase();
    return (
      !lower.startsWith(':') &&
      lower !== 'content-length' &&
      lower !== 'accept-encoding' &&
      lower !== 'host'
    );
  }) as [string, string][];
}

/** The bytes of a character in UTF-8, each as bash's `\xHH`. */
function utf8Escapes(char: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(char))
    out += `\\x${byte.toString(16).padStart(2, '0')}`;
  return out;
}

/**
 * A word for bash: in single quotes when it has nothing a terminal would apply or hide (a `'`
 * closes, is escaped and reopens), else ANSI-C quoted (`$'…'`) with every such character escaped,
 * so the command reads as it runs: control characters, bidi controls that reorder what is shown
 * (`U+202E`), line and paragraph separators, tag characters (lib/control-chars.ts says which).
 * They are written as their UTF-8 bytes (`\xe2\x80\xae`), which bash turns back into the same
 * bytes in any locale (`\u202e` needs a UTF-8 locale). NUL cannot be part of an argument at all,
 * so it is dropped.
 */
export function bashQuote(text: string): string {
  const value = text.replaceAll('\u0000', '');
  // eslint-disable-next-line no-control-regex
  if (!/[\u0001-\u001f]/.test(value) && !hasControls(value))
    return `'${value.replaceAll("'", "'\\''")}'`;
  let out = "$'";
  for (const c of value) {
    const code = c.codePointAt(0) ?? 0;
    if (c === '\\') out += '\\\\';
    else if (c === "'") out += "\\'";
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (code < 0x20 || hasControls(c)) out += utf8Escapes(c);
    else out += c;
  }
  return `${out}'`;
}

/** `\uXXXX` for each UTF-16 unit of `text`. */
function unitEscapes(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1)
    out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * A JavaScript string literal: JSON's (control characters already escaped), with everything else
 * an editor would apply or hide escaped too (DEL and C1 controls, bidi controls, the line and
 * paragraph separators, tag characters), so the snippet reads as it runs.
 */
function jsString(text: string): string {
  let out = '';
  for (const run of splitControls(JSON.stringify(text)))
    out += run.control ? unitEscapes(run.text) : run.text;
  return out;
}

function method(request: CopiedRequest): string {
  return request.method.trim().toUpperCase() || 'GET';
}

/** As DevTools' Copy as cURL (bash): one command, continued over lines. */
export function asCurl(request: CopiedRequest, reveal: boolean): string {
  const verb = method(request);
  // `--url` before a URL that starts with `-`, which curl would otherwise read as an option
  const url = bashQuote(request.url);
  const parts = [request.url.startsWith('-') ? `curl --url ${url}` : `curl ${url}`];
  const implied = request.postData === null ? verb === 'GET' : verb === 'POST';
  if (!implied) parts.push(`-X ${bashQuote(verb)}`);
  for (const [name, value] of replayed(request.headers))
    parts.push(`-H ${bashQuote(`${name}: ${headerValue(name, value, reveal)}`)}`);
  if (request.postData !== null) parts.push(`--data-raw ${bashQuote(request.postData)}`);
  if (request.headers.some(([name]) => name.toLowerCase() === 'accept-encoding'))
    parts.push('--compressed');
  return parts.join(' \\\n  ');
}

/** Headers as an object literal's lines; repeated names are joined as HTTP joins them. */
function headerObject(request: CopiedRequest, reveal: boolean, indent: string): string {
  const joined = new Map<string, string>();
  for (const [name, value] of replayed(request.headers)) {
    const shown = headerValue(name, value, reveal);
    const before = joined.get(name);
    joined.set(name, before === undefined ? shown : `${before}, ${shown}`);
  }
  const lines = [...joined].map(
    ([name, value]) => `${indent}  ${jsString(name)}: ${jsString(value)},`,
  );
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
}

/** As DevTools' Copy as fetch. */
export function asFetch(request: CopiedRequest, reveal: boolean): string {
  const lines = [
    `await fetch(${jsString(request.url)}, {`,
    `  method: ${jsString(method(request))},`,
    `  headers: ${headerObject(request, reveal, '  ')},`,
  ];
  if (request.postData !== null) lines.push(`  body: ${jsString(request.postData)},`);
  lines.push('});');
  return lines.join('\n');
}

/** Playwright's APIRequestContext (`request` in a test, or `page.request`). */
export function asPlaywright(request: CopiedRequest, reveal: boolean): string {
  const lines = [
    `const response = await request.fetch(${jsString(request.url)}, {`,
    `  method: ${jsString(method(request))},`,
    `  headers: ${headerObject(request, reveal, '  ')},`,
  ];
  if (request.postData !== null) lines.push(`  data: ${jsString(request.postData)},`);
  lines.push('});');
  return lines.join('\n');
}
