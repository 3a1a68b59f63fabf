import type { ApiErrorDetail } from '../../types/api';
import { isRecord } from '../is-record';

/** What could be learnt from an error body; every field is optional because bodies vary. */
export interface ParsedErrorBody {
  code?: string;
  message?: string;
  details: ApiErrorDetail[];
  innerError?: ApiErrorDetail;
}

const MESSAGE_LIMIT = 500;

/**
 * Interprets an error body of any kind: the JSON Error `{code, message, details?, inner_error?}`,
 * JSON that is only part of it (`{"message": …}`), a JSON string, plain text, HTML or nothing.
 * Never throws; unknown JSON shapes fall back to their text.
 */
export function parseErrorBody(text: string, contentType: string | null): ParsedErrorBody {
  const trimmed = text.trim();
  if (trimmed === '') return { details: [] };
  const json = looksLikeJson(trimmed, contentType) ? tryParseJson(trimmed) : undefined;
  if (isRecord(json)) {
    const fromJson: ParsedErrorBody = { details: readDetails(json.details) };
    const code = nonEmptyString(json.code);
    const message = nonEmptyString(json.message) ?? nonEmptyString(json.error);
    const innerError = readDetail(json.inner_error);
    if (code !== undefined) fromJson.code = code;
    if (message !== undefined) fromJson.message = oneLine(message);
    if (innerError !== undefined) fromJson.innerError = innerError;
    if (code !== undefined || message !== undefined || fromJson.details.length > 0) {
      return fromJson;
    }
  } else if (typeof json === 'string' && json.trim() !== '') {
    return { message: oneLine(json), details: [] };
  }
  if (isHtml(trimmed, contentType)) {
    const title =
      /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed) ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(trimmed);
    const heading = title?.[1]?.trim();
    return heading ? { message: oneLine(heading), details: [] } : { details: [] };
  }
  return { message: oneLine(trimmed), details: [] };
}

function looksLikeJson(text: string, contentType: string | null): boolean {
  return /json/i.test(contentType ?? '') || text.startsWith('{') || text.startsWith('"');
}

function isHtml(text: string, contentType: string | null): boolean {
  return /html/i.test(contentType ?? '') || /^<(!doctype|html|head|body)/i.test(text);
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function readDetail(value: unknown): ApiErrorDetail | undefined {
  if (!isRecord(value)) return undefined;
  const detail: ApiErrorDetail = {};
  const code = nonEmptyString(value.code);
  const message = nonEmptyString(value.message);
  if (code !== undefined) detail.code = code;
  if (message !== undefined) detail.message = oneLine(message);
  return code === undefined && message === undefined ? undefined : detail;
}

function readDetails(value: unknown): ApiErrorDetail[] {
  if (!Array.isArray(value)) return [];
  const details: ApiErrorDetail[] = [];
  for (const item of value) {
    const detail = readDetail(item);
    if (detail !== undefined) details.push(detail);
  }
  return details;
}

/** Collapses whitespace (including newlines) and bounds the length, for one-line display. */
export function oneLine(text: string, limit: number = MESSAGE_LIMIT): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > limit ? `${collapsed.slice(0, limit - 1)}…` : collapsed;
}
