import type { StackCallFrame, StackTrace } from '../../../types/api';
import { isRecord } from '../../../lib/is-record';

/**
 * Stack traces of console events (CDP `Runtime.StackTrace`): a validating decoder for the untrusted
 * `data.stack_trace`, a view model for the stack view, and the familiar V8 text for copying.
 *
 * CDP sends `callFrames[0]` as the innermost frame (where the call or throw happened) and zero-based
 * line and column numbers; everything shown to the user is one-based, as in DevTools.
 */

// These caps belong with the others in config/limits.ts; kept here while that file has other owners.
/** Async parents kept below the top-level trace (V8 itself keeps 32 by default). */
export const MAX_STACK_PARENTS = 64;
/** Call frames kept across the trace and all its parents. */
export const MAX_STACK_FRAMES = 1000;

export interface FrameView {
  /** `(anonymous)` when the function has no name. */
  functionName: string;
  url: string;
  /** Last path segment of the URL without query or hash, the whole URL, or `(unknown)`. */
  fileName: string;
  /** One-based; null when unknown. */
  line: number | null;
  /** One-based; null when unknown. */
  column: number | null;
  /** Browser-internal or extension code, shown dimmed. */
  dimmed: boolean;
}

export interface StackSegment {
  /** Null for the synchronous part; else the async boundary (`await`, `setTimeout`, …). */
  description: string | null;
  frames: FrameView[];
}

const DIMMED_PREFIXES = [
  'chrome-extension://',
  'chrome://',
  'chrome-untrusted://',
  'devtools://',
  'extensions::',
  'node:internal/',
  'internal/',
];

/** Boundary descriptions V8 uses for an async function continuing after `await`. */
const AWAIT_DESCRIPTIONS = new Set(['await', 'async function']);

function position(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : -1;
}

function readFrame(value: unknown): StackCallFrame | null {
  if (!isRecord(value)) return null;
  const { functionName, scriptId, url } = value;
  return {
    functionName: typeof functionName === 'string' ? functionName : '',
    scriptId:
      typeof scriptId === 'string' ? scriptId : typeof scriptId === 'number' ? `${scriptId}` : '',
    url: typeof url === 'string' ? url : '',
    lineNumber: position(value.lineNumber),
    columnNumber: position(value.columnNumber),
  };
}

/**
 * Decodes an untrusted `stack_trace` value. Frames that are not objects are skipped, missing fields
 * get defaults ('' names and URLs, -1 for unknown positions), parents are followed at most
 * {@link MAX_STACK_PARENTS} deep and at most {@link MAX_STACK_FRAMES} frames are kept in all.
 * Returns null when the value is not an object or holds no frame at all. Never throws.
 */
export function readStackTrace(value: unknown): StackTrace | null {
  const levels: StackTrace[] = [];
  let budget = MAX_STACK_FRAMES;
  let total = 0;
  let current: unknown = value;
  while (isRecord(current) && levels.length <= MAX_STACK_PARENTS && budget > 0) {
    const callFrames: StackCallFrame[] = [];
    const raw = current.callFrames;
    if (Array.isArray(raw)) {
      for (const entry of raw) {
        if (budget === 0) break;
        const frame = readFrame(entry);
        if (!frame) continue;
        callFrames.push(frame);
        budget -= 1;
      }
    }
    total += callFrames.length;
    const level: StackTrace = { callFrames };
    if (typeof current.description === 'string') level.description = current.description;
    levels.push(level);
    current = current.parent;
  }
  if (total === 0) return null;
  for (let i = levels.length - 1; i > 0; i -= 1) {
    const child = levels[i - 1];
    const parent = levels[i];
    if (child && parent) child.parent = parent;
  }
  return levels[0] ?? null;
}

/** The trace and its parents, outermost call last; bounded even for a trace built in code. */
function stackLevels(trace: StackTrace): StackTrace[] {
  const levels: StackTrace[] = [];
  let current: StackTrace | undefined = trace;
  while (current && levels.length <= MAX_STACK_PARENTS) {
    levels.push(current);
    current = current.parent;
  }
  return levels;
}

function boundaryLabel(description: string | undefined): string {
  const trimmed = description?.trim() ?? '';
  return trimmed === '' ? 'async' : trimmed;
}

/** `app.js` for `https://x.test/static/app.js?v=3#top`; the whole URL when it has no last segment. */
export function fileNameOf(url: string): string {
  if (url === '') return '(unknown)';
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last === '' ? url : last;
}

export function isDimmedUrl(url: string): boolean {
  return DIMMED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export function toFrameView(frame: StackCallFrame): FrameView {
  const line = frame.lineNumber >= 0 ? frame.lineNumber + 1 : null;
  return {
    functionName: frame.functionName === '' ? '(anonymous)' : frame.functionName,
    url: frame.url,
    fileName: fileNameOf(frame.url),
    line,
    column: line !== null && frame.columnNumber >= 0 ? frame.columnNumber + 1 : null,
    dimmed: isDimmedUrl(frame.url),
  };
}

/** `app.js:42:11` (one-based), `app.js:42` or `app.js`, as far as the position is known. */
export function formatFramePosition(frame: FrameView): string {
  if (frame.line === null) return frame.fileName;
  if (frame.column === null) return `${frame.fileName}:${frame.line}`;
  return `${frame.fileName}:${frame.line}:${frame.column}`;
}

/**
 * The trace as display segments, innermost first: the synchronous frames (description null), then
 * one segment per async parent that has frames, labelled with its boundary ('async' when unnamed).
 */
export function flattenStack(trace: StackTrace): StackSegment[] {
  return stackLevels(trace).flatMap((level, depth): StackSegment[] => {
    if (depth > 0 && level.callFrames.length === 0) return [];
    return [
      {
        description: depth === 0 ? null : boundaryLabel(level.description),
        frames: level.callFrames.map(toFrameView),
      },
    ];
  });
}

/** `url:line:col` with one-based positions, as V8 prints it; `<anonymous>` without a URL. */
export function formatLocation(frame: StackCallFrame): string {
  const url = frame.url === '' ? '<anonymous>' : frame.url;
  if (frame.lineNumber < 0) return url;
  if (frame.columnNumber < 0) return `${url}:${frame.lineNumber + 1}`;
  return `${url}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
}

function formatFrame(frame: StackCallFrame, prefix: string): string {
  const location = formatLocation(frame);
  const text = frame.functionName === '' ? location : `${frame.functionName} (${location})`;
  return `    at ${prefix}${text}`;
}

/**
 * The stack as V8 prints `error.stack`: the headline, then `    at fn (url:line:col)` per frame
 * (`    at url:line:col` when anonymous), `    at async fn (…)` for frames after an `await`, and a
 * `    at setTimeout (async)` line before the frames of any other async boundary.
 */
export function formatV8Stack(headline: string, trace: StackTrace): string {
  const lines: string[] = headline === '' ? [] : [headline];
  stackLevels(trace).forEach((level, depth) => {
    if (depth > 0 && level.callFrames.length === 0) return;
    const label = boundaryLabel(level.description);
    const awaited = depth > 0 && AWAIT_DESCRIPTIONS.has(label);
    if (depth > 0 && !awaited) lines.push(`    at ${label} (async)`);
    for (const frame of level.callFrames) lines.push(formatFrame(frame, awaited ? 'async ' : ''));
  });
  return lines.join('\n');
}

/** The innermost frame of an untrusted `stack_trace`, read without decoding the rest. */
export function readTopFrame(value: unknown): StackCallFrame | null {
  let current: unknown = value;
  for (let depth = 0; isRecord(current) && depth <= MAX_STACK_PARENTS; depth += 1) {
    const raw = current.callFrames;
    if (Array.isArray(raw)) {
      for (const entry of raw) {
        const frame = readFrame(entry);
        if (frame) return frame;
      }
    }
    current = current.parent;
  }
  return null;
}
