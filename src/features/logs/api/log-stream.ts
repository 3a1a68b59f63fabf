import { apiUrl, authHeaders, type ApiConnection } from '../../../lib/http/request';
import type { SseMessage } from '../../../lib/sse/attempt';
import { stripAnsi } from '../model/ansi';
import { isAscii } from '../../../lib/plain-match';
import { parseRfc3339 } from '../model/timestamps';
import type { LogLine } from '../stores/log-buffer';
import { isRecord } from '../../../lib/is-record';

/** What to stream: a file path or a supervised program, from the end or from the beginning. */
export interface LogSource {
  kind: 'path' | 'supervisor';
  target: string;
  /** true: new lines only; false: from the beginning of the file (both keep tailing). */
  follow: boolean;
}

export const SUGGESTED_PROGRAMS = ['chromium', 'kernel-images-api', 'neko'] as const;

export function logSourceLabel(source: LogSource): string {
  return source.kind === 'supervisor'
    ? source.target
    : (source.target.split('/').pop() ?? source.target);
}

/** `GET /browsers/{id}/logs/stream?…`; a reconnect always asks for new lines only. */
export function logStreamUrl(
  connection: ApiConnection,
  sessionId: string,
  source: LogSource,
  reconnect: boolean,
): string {
  const query = new URLSearchParams({ source: source.kind });
  if (source.kind === 'path') query.set('path', source.target);
  else query.set('supervisor_process', source.target);
  query.set('follow', String(reconnect ? true : source.follow));
  return apiUrl(
    connection,
    `/browsers/${encodeURIComponent(sessionId)}/logs/stream?${query.toString()}`,
  );
}

export function logStreamHeaders(connection: ApiConnection): Record<string, string> {
  return authHeaders(connection);
}

/** Failures upstream reports in band (HTTP 200, one message, then the stream closes). */
export function isInBandFailure(message: string): boolean {
  return message === 'logs source not available' || message.startsWith('failed to open log path');
}

export type PartialLine = Omit<LogLine, 'seq'>;

export function noticeLine(text: string, timeMs: number = Date.now()): PartialLine {
  return {
    text,
    plain: text,
    timeMs,
    statedMs: Number.NaN,
    zoneless: false,
    inherited: false,
    level: null,
    ascii: isAscii(text),
    notice: true,
  };
}

/**
 * Decodes one frame of the log stream. Never throws: a frame that is not a LogEvent becomes a
 * notice carrying its raw text, so nothing is silently dropped.
 */
export function decodeLogFrame(message: SseMessage, receivedMs: number): PartialLine {
  let value: unknown;
  try {
    value = JSON.parse(message.data);
  } catch {
    return noticeLine(`unreadable frame: ${message.data}`, receivedMs);
  }
  if (!isRecord(value) || typeof value.message !== 'string') {
    return noticeLine(`unreadable frame: ${message.data}`, receivedMs);
  }
  const parsedTime =
    typeof value.timestamp === 'string' ? parseRfc3339(value.timestamp) : Number.NaN;
  return lineOf(value.message, Number.isNaN(parsedTime) ? receivedMs : parsedTime);
}

/** A line of a stream (or of a saved .log) as written, read at `timeMs`, before packing. */
export function lineOf(text: string, timeMs: number): PartialLine {
  const plain = text.includes('\x1b') ? stripAnsi(text) : text;
  return {
    text,
    plain,
    timeMs,
    // the line's own time, its level and whether the plain text is ASCII are read where lines
    // are unpacked (log-decoder), on the page's side of the stream worker, whose thread is the
    // busier
    statedMs: Number.NaN,
    zoneless: false,
    // set where lines are appended (the stream's LineClock)
    inherited: false,
    level: null,
    ascii: false,
    notice: false,
  };
}
