/**
 * What the timeline knows about each telemetry category and event type (shared/api-contract.md §3):
 * category labels, colours and icons, and per type a one-line summary, whether it counts as an
 * error, the console level and the text the search looks at. Every `data` field is treated as
 * optional and possibly of the wrong type; nothing here throws.
 */
import type { TelemetryEvent } from '../../../types/api';

export type KnownCategory =
  | 'console'
  | 'network'
  | 'page'
  | 'interaction'
  | 'screenshot'
  | 'monitor'
  | 'control'
  | 'connection'
  | 'system'
  | 'captcha';

/**
 * Categories in display order (`monitor` is not configurable but is a category of its own). Typed
 * as strings so that callers can look up any category name in it.
 */
export const KNOWN_CATEGORIES: readonly string[] = [
  'console',
  'network',
  'page',
  'interaction',
  'screenshot',
  'monitor',
  'control',
  'connection',
  'system',
  'captcha',
] satisfies readonly KnownCategory[];
export type CategoryIconName = KnownCategory | 'other';

export interface CategoryStyle {
  label: string;
  /** Name of the CSS custom property holding the category's text colour, e.g. `--cat-network`. */
  colorVar: string;
  icon: CategoryIconName;
}

const CATEGORY_LABELS: Readonly<Record<KnownCategory, string>> = {
  console: 'Console',
  network: 'Network',
  page: 'Page',
  interaction: 'Interaction',
  screenshot: 'Screenshot',
  monitor: 'Monitor',
  control: 'Control',
  connection: 'Connection',
  system: 'System',
  captcha: 'Captcha',
};

export function isKnownCategory(category: string): category is KnownCategory {
  return Object.hasOwn(CATEGORY_LABELS, category);
}

/** Label, colour variable and icon of a category; unknown categories keep their own name. */
export function categoryStyle(category: string): CategoryStyle {
  if (isKnownCategory(category)) {
    return { label: CATEGORY_LABELS[category], colorVar: `--cat-${category}`, icon: category };
  }
  return { label: category === '' ? 'Other' : category, colorVar: '--cat-other', icon: 'other' };
}

export interface EventDescription {
  /** One line (no line breaks), at most SUMMARY_MAX characters. */
  summary: string;
  error: boolean;
  /** Console level for console events, else null. */
  level: string | null;
  /** Lower-cased text for the search, at most HAYSTACK_MAX characters. */
  haystack: string;
}

export const SUMMARY_MAX = 500;
export const HAYSTACK_MAX = 4096;
const GENERIC_MAX = 300;
const URL_MAX = 200;
const TEXT_MAX = 200;
const DROPPED = 'data dropped by the server (event over 1 MB)';

type Data = Readonly<Record<string, unknown>>;

// ---- reading untrusted fields -------------------------------------------------------------------

function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(data: Data, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}

/** Text of a scalar (non-blank string, finite number, boolean); null for anything else. */
function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

function text(data: Data, key: string, max = TEXT_MAX): string | null {
  const value = scalar(field(data, key));
  return value === null ? null : shorten(value, max);
}

/** A finite number, or a string holding one (some producers send numbers as strings). */
function num(data: Data, key: string): number | null {
  const value = field(data, key);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

function flag(data: Data, key: string): boolean {
  const value = field(data, key);
  return value === true || value === 'true';
}

function rec(data: Data, key: string): Data {
  const value = field(data, key);
  return isRecord(value) ? value : {};
}

function url(data: Data, key = 'url'): string | null {
  return text(data, key, URL_MAX);
}

// ---- formatting ---------------------------------------------------------------------------------

/** Cuts to `max` characters with an ellipsis, never between the halves of a surrogate pair. */
function shorten(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = max - 1;
  const code = value.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${value.slice(0, cut)}…`;
}

function oneLine(value: string): string {
  return value.replace(/\s*(?:\r\n|[\n\r\u2028\u2029])\s*/g, ' ');
}

/** Joins the present parts with `separator`. */
function join(separator: string, ...parts: (string | null | false | undefined)[]): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(separator);
}

const words = (...parts: (string | null | false | undefined)[]): string => join(' ', ...parts);
const dots = (...parts: (string | null | false | undefined)[]): string => join(' · ', ...parts);

function formatMs(ms: number): string {
  return `${Number.isInteger(ms) || Math.abs(ms) >= 10 ? Math.round(ms) : ms.toFixed(1)} ms`;
}

/** `850 ms`, `4.2 s`, `3 min 5 s`, `2 h 4 min`. */
function formatDuration(ms: number): string {
  if (ms < 1000) return formatMs(ms);
  const seconds = ms / 1000;
  if (Math.round(seconds * 10) < 600) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.floor(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function duration(data: Data, key = 'duration_ms'): string | null {
  const ms = num(data, key);
  return ms === null ? null : formatDuration(ms);
}

function quoted(value: string | null, max = 60): string | null {
  return value === null ? null : `"${shorten(oneLine(value), max)}"`;
}

function labelled(label: string, value: string | null): string {
  return value === null ? label : `${label}: ${value}`;
}

/** `prefix` + value, or null without a value. */
function prefixed(prefix: string, value: string | null): string | null {
  return value === null ? null : `${prefix}${value}`;
}

function point(data: Data, xKey: string, yKey: string): string | null {
  const x = num(data, xKey);
  const y = num(data, yKey);
  return x === null && y === null
    ? null
    : `${x === null ? '?' : Math.round(x)},${y === null ? '?' : Math.round(y)}`;
}

/** First non-blank line of a text, with ` …` when more lines follow. */
function firstLine(value: string): string {
  const rest = value.trimStart();
  const end = /[\r\n\u2028\u2029]/.exec(rest);
  if (!end) return rest;
  const more = /\S/.test(rest.slice(end.index));
  return `${rest.slice(0, end.index).trimEnd()}${more ? ' …' : ''}`;
}

// ---- per-type summaries -------------------------------------------------------------------------

function consoleSummary(data: Data): string {
  const args = field(data, 'args');
  const argList = Array.isArray(args) ? args : [];
  const raw = scalar(field(data, 'text')) ?? scalar(argList[0]) ?? '';
  const line = shorten(
    firstLine(raw.length > 4 * SUMMARY_MAX ? raw.slice(0, 4 * SUMMARY_MAX) : raw),
    400,
  );
  const extra = argList.length - 1;
  const count = extra > 0 ? `(+${extra} ${extra === 1 ? 'arg' : 'args'})` : null;
  return words(line === '' ? '(empty)' : line, count);
}

function requestSummary(data: Data): string {
  return words(
    text(data, 'method') ?? 'request',
    url(data),
    flag(data, 'is_redirect') && '(redirect)',
  );
}

function responseSummary(data: Data): string {
  const mime = text(data, 'mime_type', 80);
  return words(
    text(data, 'status', 12) ?? 'response',
    text(data, 'method'),
    url(data),
    mime && `(${mime})`,
  );
}

function loadingFailedSummary(data: Data): string {
  return words(
    text(data, 'error_text') ?? 'loading failed',
    url(data),
    flag(data, 'canceled') && '(canceled)',
  );
}

function navigationSummary(data: Data): string {
  return words(url(data) ?? 'navigation', text(data, 'parent_frame_id') !== null && '(subframe)');
}

function tabOpenedSummary(data: Data): string {
  return dots('tab opened', quoted(text(data, 'title'), 100), url(data));
}

function layoutShiftSummary(data: Data): string {
  const details = rec(data, 'layout_shift_details');
  const value = num(details, 'value');
  return words(
    'layout shift',
    value !== null && value.toFixed(3),
    flag(details, 'had_recent_input') && 'after input',
  );
}

function lcpSummary(data: Data): string {
  const details = rec(data, 'lcp_details');
  const render = num(details, 'render_time');
  const time = render !== null && render > 0 ? render : num(details, 'load_time');
  const size = num(details, 'size');
  return dots(
    words('LCP', time !== null && formatMs(time)),
    size !== null && `${Math.round(size)} px²`,
    prefixed('#', text(details, 'element_id', 80)),
    url(details),
  );
}

function clickSummary(data: Data): string {
  const tag = text(data, 'tag', 40);
  return words(
    'click',
    text(data, 'selector'),
    tag && `<${tag.toLowerCase()}>`,
    quoted(text(data, 'text')),
    prefixed('at ', point(data, 'x', 'y')),
  );
}

function keySummary(data: Data): string {
  const key = field(data, 'key') === ' ' ? 'Space' : text(data, 'key', 40);
  return words('key', key, prefixed('on ', text(data, 'selector')));
}

function scrollSummary(data: Data): string {
  const from = point(data, 'from_x', 'from_y');
  const to = point(data, 'to_x', 'to_y');
  const move = from || to ? `${from ?? '?'} → ${to ?? '?'}` : null;
  return words('scroll', move, prefixed('on ', text(data, 'target_selector')));
}

function apiCallSummary(data: Data): string {
  const ms = num(data, 'duration_ms');
  return words(
    text(data, 'operation_id') ?? 'API call',
    '→',
    text(data, 'status', 12) ?? '?',
    ms !== null && `(${formatMs(ms)})`,
  );
}

function cdpDisconnectSummary(data: Data): string {
  const count = num(data, 'message_count');
  return dots(
    labelled('CDP client disconnected', text(data, 'reason')),
    prefixed('after ', duration(data)),
    count !== null && `${count} ${count === 1 ? 'message' : 'messages'}`,
  );
}

function captchaSummary(data: Data): string {
  const host = text(data, 'website_host', 120) ?? '';
  const path = text(data, 'website_path', 120) ?? '';
  return dots(
    words('captcha', text(data, 'captcha_type', 40), text(data, 'status', 40)),
    host + path,
    duration(data),
    prefixed('error ', text(data, 'error_code', 80)),
  );
}

function oomSummary(data: Data): string {
  const rssKb = num(data, 'rss_kb');
  const pid = text(data, 'pid', 20);
  return dots(
    labelled('OOM kill', text(data, 'process_name', 80)),
    prefixed('pid ', pid),
    rssKb !== null && `rss ${(rssKb / 1024).toFixed(rssKb >= 102_400 ? 0 : 1)} MB`,
    prefixed('constraint ', text(data, 'constraint', 60)),
  );
}

function serviceCrashedSummary(data: Data): string {
  return dots(
    words(text(data, 'service_name', 80) ?? 'service', 'crashed'),
    text(data, 'phase', 40),
    prefixed('pid ', text(data, 'pid', 20)),
  );
}

/** Fields that best tell what an unknown event is about: shown bare, then as `key=value`. */
const GENERIC_BARE = ['text', 'message', 'error', 'error_text', 'description', 'url'];
const GENERIC_LABELLED = [
  'method',
  'status',
  'reason',
  'code',
  'error_code',
  'operation_id',
  'name',
  'step',
];

function genericSummary(data: Data): string {
  const bare = GENERIC_BARE.map((key) => text(data, key));
  const labelledParts = GENERIC_LABELLED.map((key) => {
    const value = text(data, key, 80);
    return value && `${key}=${value}`;
  });
  const found = dots(...bare, ...labelledParts);
  if (found !== '') return shorten(found, GENERIC_MAX);
  if (Object.keys(data).length === 0) return '(no data)';
  try {
    return shorten(JSON.stringify(data) ?? '', GENERIC_MAX);
  } catch {
    return '(unprintable data)';
  }
}

interface TypeRule {
  summary: (data: Data) => string;
  error?: (data: Data) => boolean;
}

const always = (): boolean => true;
const constant = (summary: string) => (): string => summary;
const withUrl = (label: string) => (data: Data) => words(label, url(data));
const statusAtLeast400 = (data: Data): boolean => (num(data, 'status') ?? 0) >= 400;

const RULES: Readonly<Record<string, TypeRule>> = {
  console_log: { summary: consoleSummary },
  console_error: { summary: consoleSummary, error: always },
  network_request: { summary: requestSummary },
  network_response: { summary: responseSummary, error: statusAtLeast400 },
  network_loading_failed: {
    summary: loadingFailedSummary,
    error: (data) => !flag(data, 'canceled'),
  },
  network_idle: { summary: withUrl('network idle') },
  page_navigation: { summary: navigationSummary },
  page_dom_content_loaded: { summary: withUrl('DOMContentLoaded') },
  page_load: { summary: withUrl('load') },
  page_tab_opened: { summary: tabOpenedSummary },
  page_layout_shift: { summary: layoutShiftSummary },
  page_lcp: { summary: lcpSummary },
  page_layout_settled: { summary: withUrl('layout settled') },
  page_navigation_settled: { summary: withUrl('navigation settled') },
  interaction_click: { summary: clickSummary },
  interaction_key: { summary: keySummary },
  interaction_scroll_settled: { summary: scrollSummary },
  monitor_screenshot: { summary: constant('screenshot') },
  monitor_disconnected: {
    summary: (data) => labelled('monitor disconnected', text(data, 'reason')),
    error: always,
  },
  monitor_reconnected: {
    summary: (data) =>
      words('monitor reconnected', prefixed('after ', duration(data, 'reconnect_duration_ms'))),
  },
  monitor_reconnect_failed: {
    summary: (data) => labelled('monitor reconnect failed', text(data, 'reason')),
    error: always,
  },
  monitor_init_failed: {
    summary: (data) => words('monitor init failed', prefixed('at step ', text(data, 'step'))),
    error: always,
  },
  api_call: { summary: apiCallSummary, error: statusAtLeast400 },
  cdp_connect: { summary: constant('CDP client connected') },
  cdp_disconnect: { summary: cdpDisconnectSummary },
  live_view_connect: { summary: constant('live view connected') },
  live_view_disconnect: {
    summary: (data) => dots('live view disconnected', prefixed('after ', duration(data))),
  },
  captcha_solve_result: {
    summary: captchaSummary,
    error: (data) => {
      const status = text(data, 'status');
      return status !== null && status.toLowerCase() !== 'success';
    },
  },
  system_oom_kill: { summary: oomSummary, error: always },
  service_crashed: { summary: serviceCrashedSummary, error: always },
};

/** Known types whose events carry no data of their own, so `data: null` does not mean dropped. */
const NO_DATA_TYPES = new Set(['cdp_connect', 'live_view_connect', 'monitor_screenshot']);
const UNKNOWN_ERROR_TYPE = /crash|error|fail/i;

function ruleFor(type: string): TypeRule | undefined {
  return Object.hasOwn(RULES, type) ? RULES[type] : undefined;
}

function summarize(rule: TypeRule | undefined, data: Data): string {
  let summary: string;
  try {
    summary = (rule?.summary ?? genericSummary)(data);
  } catch {
    summary = genericSummary(data);
  }
  const head = summary.length > 4 * SUMMARY_MAX ? summary.slice(0, 4 * SUMMARY_MAX) : summary;
  return shorten(oneLine(head).trim(), SUMMARY_MAX);
}

// ---- search text --------------------------------------------------------------------------------

const HAYSTACK_FIELDS = [
  'url',
  'document_url',
  'source_url',
  'text',
  'error_text',
  'selector',
  'target_selector',
  'key',
  'title',
  'operation_id',
  'reason',
  'message',
  'redirect_url',
];
const MAX_STACK_DEPTH = 64;

interface Collector {
  add: (value: string | null) => void;
  full: () => boolean;
  text: () => string;
}

function collector(limit: number): Collector {
  const parts: string[] = [];
  let size = 0;
  return {
    add(value) {
      if (value === null || value === '' || size >= limit) return;
      const part = value.slice(0, limit - size);
      parts.push(part);
      size += part.length + 1;
    },
    full: () => size >= limit,
    text: () => parts.join('\n').toLowerCase().slice(0, limit),
  };
}

function addStackTrace(data: Data, out: Collector): void {
  let stack = rec(data, 'stack_trace');
  for (let depth = 0; depth < MAX_STACK_DEPTH && !out.full(); depth += 1) {
    const frames = field(stack, 'callFrames');
    for (const frame of Array.isArray(frames) ? frames : []) {
      if (out.full()) return;
      if (!isRecord(frame)) continue;
      out.add(scalar(field(frame, 'functionName')));
      out.add(scalar(field(frame, 'url')));
    }
    const parent = field(stack, 'parent');
    if (!isRecord(parent)) return;
    stack = parent;
  }
}

function haystack(summary: string, event: TelemetryEvent, data: Data): string {
  const out = collector(HAYSTACK_MAX);
  out.add(summary);
  out.add(scalar(event.type));
  out.add(scalar(event.category));
  for (const key of HAYSTACK_FIELDS) out.add(scalar(field(data, key)));
  const args = field(data, 'args');
  if (Array.isArray(args))
    out.add(
      args
        .map(scalar)
        .filter((arg) => arg !== null)
        .join(' '),
    );
  addStackTrace(data, out);
  return out.text();
}

// ---- the description ----------------------------------------------------------------------------

function consoleLevel(type: string, data: Data): string | null {
  if (type === 'console_error') return 'error';
  if (type !== 'console_log') return null;
  const level = field(data, 'level');
  return typeof level === 'string' && level.trim() !== '' ? level : 'log';
}

/** Summary, error flag, console level and search text of one event. Never throws. */
export function describeEvent(event: TelemetryEvent): EventDescription {
  const type = typeof event.type === 'string' ? event.type : '';
  const data: Data = isRecord(event.data) ? event.data : {};
  const rule = ruleFor(type);
  const dropped = event.truncated === true || (event.data === null && !NO_DATA_TYPES.has(type));
  const summary = dropped ? DROPPED : summarize(rule, data);
  const error = rule ? (rule.error?.(data) ?? false) : UNKNOWN_ERROR_TYPE.test(type);
  return {
    summary,
    error,
    level: consoleLevel(type, data),
    haystack: haystack(summary, event, data),
  };
}
