import { formatTimestamp } from '../../../lib/time-format';
/** The one-line summary and error rule of each known event type, and a generic one for others. */
import {
  field,
  scalar,
  text,
  num,
  flag,
  rec,
  url,
  shorten,
  oneLine,
  words,
  dots,
  formatMs,
  duration,
  quoted,
  labelled,
  prefixed,
  point,
  firstLine,
  type Data,
} from './data-fields';
import { formatConsoleArgs } from './console-format';
import {
  apiCallSummary,
  captchaStartedSummary,
  captchaSummary,
  cdpCommandSummary,
  cdpDisconnectSummary,
  challengeResultSummary,
  connection,
  oomSummary,
  serviceCrashedSummary,
} from './service-summaries';

export const SUMMARY_MAX = 500;
const GENERIC_MAX = 300;
export const DROPPED = 'data dropped by the server (event over 1 MB)';

// ---- per-type summaries -------------------------------------------------------------------------

/** Arguments longer than this are cut before formatting (a summary shows one line of 400). */
const ARG_MAX = 4 * SUMMARY_MAX;

function consoleSummary(data: Data): string {
  const args = field(data, 'args');
  const argList = Array.isArray(args) ? args.slice(0, 100) : [];
  // the message as DevTools prints it, when every argument came as text; else the first
  // `text` is the first argument as the server read it: it leads when it disagrees with args[0]
  const first = scalar(field(data, 'text'));
  const strings = argList.every((arg) => typeof arg === 'string')
    ? [first ?? argList[0], ...argList.slice(1)]
        .filter((arg): arg is string => typeof arg === 'string')
        .map((arg) => (arg.length > ARG_MAX ? arg.slice(0, ARG_MAX) : arg))
    : [];
  const raw =
    strings.length > 0
      ? formatConsoleArgs(strings)
      : (scalar(field(data, 'text')) ?? scalar(argList[0]) ?? '');
  const line = shorten(firstLine(raw.length > ARG_MAX ? raw.slice(0, ARG_MAX) : raw), 400);
  return line === '' ? '(empty)' : line;
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

function loadingFinishedSummary(data: Data): string {
  const bytes = num(data, 'encoded_data_length');
  return words(
    'finished',
    url(data),
    bytes !== null && bytes >= 0 && `(${Math.round(bytes).toLocaleString('en-US')} B)`,
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

/** CDP states times since the epoch in seconds; anything smaller is not a clock time. */
const EPOCH_SECONDS = 1e9;

function lcpSummary(data: Data): string {
  const details = rec(data, 'lcp_details');
  const render = num(details, 'render_time');
  const time = render !== null && render > 0 ? render : num(details, 'load_time');
  const size = num(details, 'size');
  // a paint time since the epoch is a moment, shown as one (the time after the navigation needs
  // the navigation: the Pages view and the event's details give it)
  const when =
    time === null
      ? null
      : time >= EPOCH_SECONDS
        ? `painted at ${formatTimestamp(time * 1000, 'local', 0)}`
        : formatMs(time);
  return dots(
    words('LCP', when),
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

/** The proxy's error codes, in words. */
const PROXY_ERROR_CODES: Readonly<Record<string, string>> = {
  destination_blocked: 'destination blocked by the egress policy',
  provider_blacklisted: 'the proxy provider refused the destination',
  provider_unreachable: 'the proxy provider could not be reached',
  proxy_unavailable: 'no proxy was available',
  upstream_timeout: 'the destination did not answer in time',
  upstream_dns_failure: 'the destination name did not resolve (DNS)',
  upstream_connect_failed: 'could not connect to the destination',
};

function proxyErrorSummary(data: Data): string {
  const code = text(data, 'code', 80);
  const explained = code !== null && Object.hasOwn(PROXY_ERROR_CODES, code);
  return dots(
    words('proxy error', text(data, 'status', 12)),
    explained ? PROXY_ERROR_CODES[code] : code,
    words(text(data, 'method', 20), url(data)),
  );
}

function pageCrashedSummary(data: Data): string {
  const type = text(data, 'target_type', 40);
  return dots(
    words(
      'page crashed: its renderer process died',
      type !== null && type !== 'page' && `(${type})`,
    ),
    url(data),
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

export interface TypeRule {
  summary: (data: Data) => string;
  error?: (data: Data) => boolean;
}

const always = (): boolean => true;
const constant = (summary: string) => (): string => summary;
const withUrl = (label: string) => (data: Data) => words(label, url(data));
const statusAtLeast400 = (data: Data): boolean => (num(data, 'status') ?? 0) >= 400;
/** A terminal outcome other than `good` (a missing status is no error). */
const statusOtherThan =
  (good: string) =>
  (data: Data): boolean => {
    const status = text(data, 'status');
    return status !== null && status.toLowerCase() !== good;
  };

const RULES: Readonly<Record<string, TypeRule>> = {
  console_log: { summary: consoleSummary },
  console_error: { summary: consoleSummary, error: always },
  network_request: { summary: requestSummary },
  network_response: { summary: responseSummary, error: statusAtLeast400 },
  network_loading_failed: {
    summary: loadingFailedSummary,
    error: (data) => !flag(data, 'canceled'),
  },
  network_loading_finished: { summary: loadingFinishedSummary },
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
  platform_api_call: { summary: apiCallSummary, error: statusAtLeast400 },
  cdp_command: { summary: cdpCommandSummary },
  cdp_connect: { summary: (data) => words('CDP client connected', connection(data)) },
  cdp_disconnect: { summary: cdpDisconnectSummary },
  page_crashed: { summary: pageCrashedSummary, error: always },
  proxy_error: { summary: proxyErrorSummary, error: always },
  live_view_connect: { summary: constant('live view connected') },
  live_view_disconnect: {
    summary: (data) => dots('live view disconnected', prefixed('after ', duration(data))),
  },
  captcha_solve_result: { summary: captchaSummary, error: statusOtherThan('success') },
  captcha_solve_started: { summary: captchaStartedSummary },
  captcha_challenge_result: {
    summary: challengeResultSummary,
    error: statusOtherThan('solved'),
  },
  system_oom_kill: { summary: oomSummary, error: always },
  service_crashed: { summary: serviceCrashedSummary, error: always },
};

/** Known types whose events carry no data of their own, so `data: null` does not mean dropped. */
export const NO_DATA_TYPES = new Set(['cdp_connect', 'live_view_connect', 'monitor_screenshot']);
export const UNKNOWN_ERROR_TYPE = /crash|error|fail/i;

/**
 * By type in a Map: a type read from a frame is a new string each time, and looking a property up
 * by it (as `RULES[type]`) makes the engine find its interned copy first, which cost the stream
 * worker more than the lookup.
 */
const RULES_BY_TYPE: ReadonlyMap<string, TypeRule> = new Map(Object.entries(RULES));

export function ruleFor(type: string): TypeRule | undefined {
  return RULES_BY_TYPE.get(type);
}

export function summarize(rule: TypeRule | undefined, data: Data): string {
  let summary: string;
  try {
    summary = (rule?.summary ?? genericSummary)(data);
  } catch {
    summary = genericSummary(data);
  }
  const head = summary.length > 4 * SUMMARY_MAX ? summary.slice(0, 4 * SUMMARY_MAX) : summary;
  return shorten(oneLine(head).trim(), SUMMARY_MAX);
}
