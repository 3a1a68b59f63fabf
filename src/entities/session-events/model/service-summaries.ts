/**
 * The one-line summaries of what the session's services report rather than its pages: API calls
 * and CDP commands (control, platform), CDP clients attaching and leaving (connection), captcha
 * solving, and the browser machine's health (system). Their rules are in event-summaries.ts.
 */
import {
  field,
  text,
  num,
  flag,
  formatMs,
  words,
  dots,
  duration,
  labelled,
  prefixed,
  point,
  type Data,
} from './data-fields';

export function apiCallSummary(data: Data): string {
  const ms = num(data, 'duration_ms');
  return words(
    text(data, 'operation_id') ?? 'API call',
    '→',
    text(data, 'status', 12) ?? '?',
    ms !== null && `(${formatMs(ms)})`,
  );
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `(conn 3f2a9c1e)`: which agent connection, by the start of its `connection_id`. */
export function connection(data: Data): string | null {
  const id = text(data, 'connection_id', 200);
  return id && `(conn ${id.length > 8 ? id.slice(0, 8) : id})`;
}

/**
 * `Input.dispatchMouseEvent mousePressed left at 120,48 (conn 3f2a9c1e)`: the method and what
 * its reduced arguments tell (never more than the event holds: lengths and counts, not text).
 */
export function cdpCommandSummary(data: Data): string {
  const button = text(data, 'button', 20);
  const chars = num(data, 'text_length');
  const files = num(data, 'file_count');
  const scheme = text(data, 'url_scheme', 20);
  const host = text(data, 'url_host', 120);
  const accept = field(data, 'accept');
  return words(
    text(data, 'method', 80) ?? 'CDP command',
    text(data, 'event_type', 40),
    button !== 'none' && button,
    text(data, 'named_key', 40),
    prefixed('at ', point(data, 'x', 'y')),
    chars !== null && plural(chars, 'char'),
    files !== null && plural(files, 'file'),
    scheme && (host ? `${scheme}://${host}` : `${scheme}:`),
    typeof accept === 'boolean' && (accept ? 'accept' : 'dismiss'),
    connection(data),
  );
}

export function cdpDisconnectSummary(data: Data): string {
  const count = num(data, 'message_count');
  const excluded = num(data, 'telemetry_excluded');
  const dropped = num(data, 'telemetry_dropped');
  return words(
    dots(
      labelled('CDP client disconnected', text(data, 'reason')),
      prefixed('after ', duration(data)),
      count !== null && plural(count, 'message'),
      excluded !== null && excluded > 0 && `${plural(excluded, 'command')} excluded`,
      dropped !== null && dropped > 0 && `${plural(dropped, 'command')} not recorded`,
    ),
    connection(data),
  );
}

/** `host/path` of the page a captcha was on. */
function website(data: Data): string {
  return (text(data, 'website_host', 120) ?? '') + (text(data, 'website_path', 120) ?? '');
}

export function captchaSummary(data: Data): string {
  return dots(
    words('captcha', text(data, 'captcha_type', 40), text(data, 'status', 40)),
    website(data),
    duration(data),
    prefixed('error ', text(data, 'error_code', 80)),
  );
}

export function captchaStartedSummary(data: Data): string {
  return dots(
    words('captcha', text(data, 'captcha_type', 40), 'solve started'),
    website(data),
    prefixed('task ', text(data, 'task_id', 40)),
  );
}

export function challengeResultSummary(data: Data): string {
  return dots(
    words('captcha challenge', text(data, 'captcha_type', 40), text(data, 'status', 40)),
    website(data),
    duration(data),
    prefixed('via ', text(data, 'captcha_provider', 60)),
    flag(data, 'inferred') && 'inferred',
  );
}

export function oomSummary(data: Data): string {
  const rssKb = num(data, 'rss_kb');
  const pid = text(data, 'pid', 20);
  return dots(
    labelled('OOM kill', text(data, 'process_name', 80)),
    prefixed('pid ', pid),
    rssKb !== null && `rss ${(rssKb / 1024).toFixed(rssKb >= 102_400 ? 0 : 1)} MB`,
    prefixed('constraint ', text(data, 'constraint', 60)),
  );
}

export function serviceCrashedSummary(data: Data): string {
  return dots(
    words(text(data, 'service_name', 80) ?? 'service', 'crashed'),
    text(data, 'phase', 40),
    prefixed('pid ', text(data, 'pid', 20)),
  );
}
