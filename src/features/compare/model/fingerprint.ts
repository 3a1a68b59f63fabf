/**
 * Fingerprints of errors: what stays the same when the same error happens in another run. A
 * console error's message with its numbers, ids and URLs taken out (URLs become their pattern),
 * and the function and file of its innermost stack frame (not its line or column, which move
 * with every build). Log lines are fingerprinted by their text alone. Pure; never throws.
 */
import { isRecord } from '../../../lib/is-record';
import { readEvent } from '../../../entities/session-events/model/event-item';
import { readTopFrame } from '../../../entities/session-events/model/stack-trace';
import type { EventItem } from '../../../entities/session-events/model/types';
import { segmentPattern, urlPattern } from './url-pattern';

/** Longest message kept in a fingerprint (the rest of a long message rarely tells errors apart). */
export const FINGERPRINT_TEXT_MAX = 300;

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`<>()[\]{}]+/gi;
/** Words with letters, digits and joiners: where ids hide in a message (`order-8812`, `a1b2c3d4`). */
const WORD = /[A-Za-z0-9_\-+=~]+/g;
const NUMBER = /\d+(?:\.\d+)?/g;

/**
 * A message's text with what differs between runs taken out: URLs become their pattern, id-like
 * words (in quotes or not) become `:id`, other numbers `#`; whitespace is folded. `Order 8812 not
 * found at https://shop/orders/8812?x=1` → `Order # not found at https://shop/orders/:id?x`.
 */
export function normaliseText(text: string): string {
  if (typeof text !== 'string') return '';
  const urls: string[] = [];
  // URLs are set aside first (a private-use character marks each): their patterns stay whole
  const withoutUrls = text
    .slice(0, FINGERPRINT_TEXT_MAX * 4)
    .replace(/\uE000/g, '')
    .replace(URL_IN_TEXT, (url) => {
      const trailing = /[.,;:!?]+$/.exec(url)?.[0] ?? '';
      urls.push(urlPattern(url.slice(0, url.length - trailing.length)));
      return `\uE000${trailing}`;
    });
  let next = 0;
  return withoutUrls
    .replace(WORD, (word) => (/^\d+$/.test(word) ? word : segmentPattern(word)))
    .replace(NUMBER, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\uE000/g, () => urls[next++] ?? '')
    .slice(0, FINGERPRINT_TEXT_MAX);
}

/**
 * A short text (a selector, a button's label) with only its ids taken out: id-like words and
 * numbers of three digits or more become `:id`, URLs their pattern; small numbers stay
 * (`li:nth-child(3)` is another element than `li:nth-child(4)`).
 */
export function normaliseIds(text: string): string {
  if (typeof text !== 'string') return '';
  return text
    .slice(0, FINGERPRINT_TEXT_MAX)
    .replace(URL_IN_TEXT, (url) => urlPattern(url))
    .replace(WORD, (word) => (/^\d{1,2}$/.test(word) ? word : segmentPattern(word)))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The fingerprint of a log line: its normalised text. */
export function fingerprintText(text: string): string {
  return normaliseText(text);
}

export interface ErrorFingerprint {
  /** Compares equal for the same error in any run. */
  key: string;
  /** The message as normalised: fit to show, with no ids. */
  message: string;
  /** The innermost frame's function (`(anonymous)` when it has none) and file pattern; null when unknown. */
  functionName: string | null;
  file: string | null;
}

type Data = Record<string, unknown>;

function topFrame(data: Data): { functionName: string; url: string } | null {
  const frame = readTopFrame(data.stack_trace);
  if (frame) return { functionName: frame.functionName, url: frame.url };
  if (typeof data.source_url === 'string' && data.source_url !== '')
    return { functionName: '', url: data.source_url };
  return null;
}

/** The fingerprint of an error's message and innermost frame (both untrusted; anything may be missing). */
export function fingerprintOf(message: unknown, data: Data): ErrorFingerprint {
  const normalised = normaliseText(typeof message === 'string' ? message : '');
  const frame = topFrame(data);
  const functionName = frame ? frame.functionName || '(anonymous)' : null;
  const file = frame ? urlPattern(frame.url) : null;
  const where = frame ? `${functionName} ${file}` : '';
  return {
    key: `${normalised.length}:${normalised}@${where}`,
    message: normalised,
    functionName,
    file,
  };
}

/** The fingerprint of a `console_error` item (its `text` and stack); null for any other item. */
export function errorFingerprint(item: EventItem): ErrorFingerprint | null {
  if (item.type !== 'console_error') return null;
  const data = readEvent(item).data;
  const fields: Data = isRecord(data) ? data : {};
  return fingerprintOf(fields.text, fields);
}
