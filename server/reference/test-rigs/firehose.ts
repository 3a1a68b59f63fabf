import type { ServerResponse } from 'node:http';
import type { ApiErrorDetail } from '../../../src/types/api.ts';
import { HttpError, isRecord, parseJsonBody, readBody, sendJson } from '../../shared/http.ts';
import { nowMicros, rfc3339Nano } from '../clock.ts';
import { parseLogQuery } from '../log-stream.ts';
import type { ReferenceExtension, SessionRoute } from '../session-route.ts';
import type { Session } from '../session.ts';
import { startSse } from '../sse.ts';
import { startCursor } from '../telemetry-ring.ts';

/**
 * A firehose for the benchmark harness, only with REFERENCE_FIREHOSE=1: pre-rendered SSE frames
 * written as fast as the socket takes them, so that what is measured is the client's ingest.
 *
 * `POST /browsers/{id}/firehose` with `{"stream": "logs" | "telemetry", "count": N}` (N an integer
 * from 1 to 100,000,000) arms the session: the next request of that stream on it (`GET
 * …/logs/stream`, whose query is validated as usual but whose file need not exist, or `GET
 * …/telemetry/stream`) is answered with N frames instead of the normal stream. A second call for
 * the same stream replaces the armed count; a stream request takes it (one firehose per call). The
 * answer is `200 {"armed": {"logs": n, "telemetry": n}}` (0: not armed); a body that is not this
 * is a 400 with a JSON Error body whose details say what is wrong (other fields are refused too).
 *
 * The firehose has the normal stream's headers, then its N frames in chunks of about 128 KB,
 * written while the socket takes them and waiting for `drain` when it does not. It stops when the
 * response closes or the session ends. After the N frames the stream stays open with only `:`
 * keepalive comments every REFERENCE_KEEPALIVE_MS, so the client has no reason to reconnect.
 *
 * - logs: `data: {"event":"log","timestamp":…,"message":…}` as the log stream sends them; the
 *   messages are mixed log lines (levels, JSON lines, ANSI colours, some non-ASCII), 80–200 bytes
 *   of UTF-8, each ending with ` #<n>` (n from 1 to N) so that no two are alike. The timestamp is
 *   taken once per chunk.
 * - telemetry: `id: <seq>` / `data: {"seq":…,"event":{"ts":…,…}}` as the ring sends them, seq
 *   consecutive from where the normal stream would have started (after `Last-Event-ID`, else the
 *   oldest retained with `replay=all`, else the ring's next seq), ts (Unix µs) strictly increasing
 *   and close to the wall clock. Events are console logs and errors (with stack traces), network
 *   requests, responses and failures, and page navigations and loads, as the collector shapes
 *   them. The ring itself is left alone: these events are not retained and take no seq from it.
 */
export function firehoseRoute(): SessionRoute {
  return {
    method: 'POST',
    suffix: '/firehose',
    operationId: 'armFirehose',
    handler: async ({ req, res, session }) => {
      const body = parseJsonBody(await readBody(req, FIREHOSE_BODY_LIMIT));
      const { stream, count } = parseArm(body);
      const state = armedOf(session);
      state[stream] = count;
      sendJson(res, 200, { armed: { logs: state.logs, telemetry: state.telemetry } });
    },
  };
}

export type FirehoseStream = 'logs' | 'telemetry';

/** The count armed for the next request of `stream` on the session, now used up; else undefined. */
export function takeFirehose(session: Session, stream: FirehoseStream): number | undefined {
  const state = armed.get(session);
  const count = state?.[stream];
  if (!state || !count) return undefined;
  state[stream] = 0;
  return count;
}

/** Answers a log stream request with `count` log frames, then keepalives. */
export function serveLogFirehose(
  res: ServerResponse,
  session: Session,
  count: number,
  keepaliveMs: number,
  opened: () => void,
): void {
  startSse(res, { 'X-SSE-Content-Type': 'application/json' });
  opened();
  session.trackStream(res);
  pour(res, count, keepaliveMs, logChunk);
}

/** Answers a telemetry stream request with `count` events from seq `cursor`, then keepalives. */
export function serveTelemetryFirehose(
  res: ServerResponse,
  session: Session,
  count: number,
  cursor: number,
  keepaliveMs: number,
  opened: () => void,
): void {
  startSse(res);
  opened();
  session.trackStream(res);
  let lastTs = 0;
  pour(res, count, keepaliveMs, (first, end) => {
    const pool = telemetryPool();
    // one clock reading per chunk; ts goes up by 1 µs per event and never back
    let ts = Math.max(nowMicros(), lastTs + 1);
    let index = first;
    let text = '';
    while (index < end && text.length < CHUNK_BYTES) {
      const seq = cursor + index;
      text +=
        'id: ' +
        seq +
        '\ndata: {"seq":' +
        seq +
        ',"event":{"ts":' +
        ts +
        ',' +
        pool[index & TELEMETRY_POOL_MASK] +
        '}\n\n';
      index += 1;
      ts += 1;
    }
    lastTs = ts - 1;
    return { text, next: index };
  });
}

const FIREHOSE_BODY_LIMIT = 16 * 1024;
const MAX_COUNT = 100_000_000;
/** Bytes a chunk is filled up to (a chunk is a string of one character per byte). */
const CHUNK_BYTES = 128 * 1024;
/** Bytes written in one go before letting other work run, even when the socket keeps taking them. */
const TICK_BYTES = 4 * 1024 * 1024;
const LOG_POOL_SIZE = 4096;
const LOG_POOL_MASK = LOG_POOL_SIZE - 1;
const TELEMETRY_POOL_SIZE = 1024;
const TELEMETRY_POOL_MASK = TELEMETRY_POOL_SIZE - 1;
/** Log message bytes before the ` #<n>` suffix (3 to 11 bytes), so the whole is 80–200. */
const LOG_BODY_MIN = 77;
const LOG_BODY_MAX = 189;

const armed = new WeakMap<Session, Record<FirehoseStream, number>>();

function armedOf(session: Session): Record<FirehoseStream, number> {
  let state = armed.get(session);
  if (!state) {
    state = { logs: 0, telemetry: 0 };
    armed.set(session, state);
  }
  return state;
}

function invalid(details: ApiErrorDetail[]): HttpError {
  return new HttpError(400, 'bad_request', 'invalid firehose request', details);
}

function parseArm(body: unknown): { stream: FirehoseStream; count: number } {
  if (!isRecord(body)) {
    throw invalid([
      {
        code: 'invalid_input',
        message: 'body must be {"stream": "logs" | "telemetry", "count": N}',
      },
    ]);
  }
  const problems: ApiErrorDetail[] = [];
  const { stream, count } = body;
  if (stream !== 'logs' && stream !== 'telemetry')
    problems.push({ code: 'invalid_input', message: 'stream must be "logs" or "telemetry"' });
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT)
    problems.push({
      code: 'invalid_input',
      message: `count must be an integer from 1 to ${MAX_COUNT}`,
    });
  for (const key of Object.keys(body)) {
    if (key !== 'stream' && key !== 'count')
      problems.push({ code: 'invalid_input', message: `unknown field ${JSON.stringify(key)}` });
  }
  if (problems.length > 0 || (stream !== 'logs' && stream !== 'telemetry')) throw invalid(problems);
  return { stream, count: count as number };
}

/**
 * Renders frames from index `first` (0-based) towards `end`, about one chunk's worth, as a string
 * of bytes (one character per byte, see `bytesAsText`).
 */
type Render = (first: number, end: number) => { text: string; next: number };

/** Writes `count` frames as fast as the socket takes them, then keeps the stream alive. */
function pour(res: ServerResponse, count: number, keepaliveMs: number, render: Render): void {
  let sent = 0;
  let closed = false;
  let waiting = false;
  let keepalive: NodeJS.Timeout | undefined;
  const gone = (): boolean => closed || res.destroyed || res.writableEnded;

  const idle = (): void => {
    keepalive = setInterval(() => {
      if (gone()) {
        clearInterval(keepalive);
        return;
      }
      if (waiting) return;
      if (!res.write(':\n\n')) {
        waiting = true;
        res.once('drain', () => {
          waiting = false;
        });
      }
    }, keepaliveMs);
  };

  const pump = (): void => {
    waiting = false;
    let budget = TICK_BYTES;
    while (sent < count) {
      if (gone()) return;
      const { text, next } = render(sent, count);
      sent = next;
      if (!res.write(Buffer.from(text, 'latin1'))) {
        waiting = true;
        res.once('drain', pump);
        return;
      }
      budget -= text.length;
      if (budget <= 0) {
        setImmediate(pump);
        return;
      }
    }
    if (!gone()) idle();
  };

  res.on('close', () => {
    closed = true;
    clearInterval(keepalive);
  });
  pump();
}

/**
 * The UTF-8 bytes of `text` as a string of one character per byte. The pools are kept this way so
 * a chunk is a one-byte string that becomes its bytes by a plain copy (`latin1`); encoding a chunk
 * with some non-ASCII characters in it as UTF-8 would cost more than rendering it.
 */
function bytesAsText(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

// ---------------------------------------------------------------------------------------------
// logs

const LOG_HEAD = 'data: {"event":"log","timestamp":"';
const LOG_MESSAGE = '","message":';

function logChunk(first: number, end: number): { text: string; next: number } {
  const pool = logPool();
  const head = LOG_HEAD + rfc3339Nano() + LOG_MESSAGE;
  let index = first;
  let text = '';
  while (index < end && text.length < CHUNK_BYTES) {
    const n = index + 1;
    text += head + pool[index & LOG_POOL_MASK] + ' #' + n + '"}\n\n';
    index = n;
  }
  return { text, next: index };
}

let logPoolCache: string[] | undefined;

/** Log messages as JSON string literals without their closing quote, ready for ` #<n>"`. */
function logPool(): string[] {
  if (!logPoolCache) {
    const random = seeded(0x10c5);
    logPoolCache = Array.from({ length: LOG_POOL_SIZE }, (_, i) => {
      const line = logLine(random, i);
      return bytesAsText(JSON.stringify(line).slice(0, -1));
    });
  }
  return logPoolCache;
}

type Random = () => number;

/** A small deterministic PRNG (mulberry32), so the pools are the same on every run. */
function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function hex(random: Random, length: number): string {
  let text = '';
  while (text.length < length) text += Math.floor(random() * 16).toString(16);
  return text;
}

type Level = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

function level(random: Random): Level {
  const r = random();
  if (r < 0.62) return 'INFO';
  if (r < 0.8) return 'DEBUG';
  if (r < 0.9) return 'WARN';
  if (r < 0.96) return 'ERROR';
  return 'TRACE';
}

const LOG_BASE_MS = Date.UTC(2026, 10, 21, 8, 0, 0);
const COMPONENTS = ['worker-1', 'worker-2', 'worker-3', 'worker-4', 'http', 'db-pool', 'cache'];
const METHODS = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
const ROUTES = [
  '/api/items/{n}',
  '/api/orders/{n}/lines',
  '/api/users/{n}/profile',
  '/api/search?q=wireless+headphones&page={n}',
  '/api/cart',
  '/api/checkout/session',
  '/static/app-3f9c2a.js',
  '/healthz',
];
const TABLES = ['users', 'orders', 'order_lines', 'inventory', 'sessions', 'payments'];
const PEOPLE = ['Zoë Müller', 'José Núñez', 'Ærin Ødegård', 'Chloé Lefèvre', 'Miyu 佐藤'];
const SERVICES = ['payments-svc', 'inventory-svc', 'search-svc', 'mailer', 'auth-svc'];

function route(random: Random): string {
  return pick(random, ROUTES).replace('{n}', String(int(random, 1, 9999)));
}

/** The words of one log line at `lvl`: what a busy web service prints. */
function logText(random: Random, lvl: Level): string {
  switch (lvl) {
    case 'INFO':
      if (random() < 0.7) {
        const status = random() < 0.9 ? 200 : pick(random, [201, 204, 301, 304]);
        return `${pick(random, METHODS)} ${route(random)} ${status} ${int(random, 1, 240)}ms`;
      }
      return pick(random, [
        `user "${pick(random, PEOPLE)}" signed in from 10.0.${int(random, 0, 255)}.${int(random, 1, 254)}`,
        `cache refreshed: ${int(random, 10, 5000)} keys in ${int(random, 2, 900)}ms`,
        `order ${int(random, 100000, 999999)} placed → fulfilment queue (${int(random, 1, 12)} items)`,
        `connected to ${pick(random, SERVICES)} at 10.1.${int(random, 0, 9)}.${int(random, 2, 250)}:8443`,
      ]);
    case 'DEBUG':
      return pick(random, [
        `query ${pick(random, TABLES)}.find_by_id took ${(random() * 20).toFixed(1)}ms rows=${int(random, 0, 40)} conn=${int(random, 1, 16)}`,
        `cache ${random() < 0.7 ? 'hit' : 'miss'} key=product:${int(random, 1, 99999)} ttl=${int(random, 1, 3600)}s`,
        `parsed request body: ${int(random, 0, 8192)} bytes, content-type=application/json`,
      ]);
    case 'WARN':
      return pick(random, [
        `slow request ${pick(random, METHODS)} ${route(random)} ${int(random, 1000, 9000)}ms (threshold 1000ms)`,
        `retrying call to ${pick(random, SERVICES)} (attempt ${int(random, 2, 5)}/5) after ECONNRESET`,
        `pool ${pick(random, TABLES)} near capacity: ${int(random, 14, 16)}/16 connections in use`,
      ]);
    case 'ERROR':
      return pick(random, [
        `unhandled rejection: TypeError: Cannot read properties of undefined (reading 'price') at /app/src/cart.ts:${int(random, 10, 400)}:${int(random, 1, 60)}`,
        `${pick(random, METHODS)} ${route(random)} 500 ${int(random, 1, 900)}ms: upstream ${pick(random, SERVICES)} returned 503`,
        `failed to write ${pick(random, TABLES)}: deadlock detected (SQLSTATE 40P01), rolled back`,
      ]);
    case 'TRACE':
      return `scheduler tick id=${hex(random, 8)} queue=${int(random, 0, 99)} inflight=${int(random, 0, 8)}`;
  }
}

const ANSI: Record<Level, string> = {
  TRACE: '\u001b[90m',
  DEBUG: '\u001b[36m',
  INFO: '\u001b[32m',
  WARN: '\u001b[33m',
  ERROR: '\u001b[31m',
};
const RESET = '\u001b[0m';

/** One log line of 77–189 UTF-8 bytes (the ` #<n>` suffix is added per frame). */
function logLine(random: Random, index: number): string {
  for (;;) {
    const lvl = level(random);
    const time = new Date(LOG_BASE_MS + index * 37 + int(random, 0, 36)).toISOString();
    const component = pick(random, COMPONENTS);
    const text = logText(random, lvl);
    const style = random();
    let line: string;
    if (style < 0.15) {
      // a structured line, padded inside the JSON
      const record: Record<string, unknown> = {
        level: lvl.toLowerCase(),
        ts: time,
        logger: component,
        msg: text,
      };
      line = JSON.stringify(record);
      while (Buffer.byteLength(line) < LOG_BODY_MIN) {
        record[`k${Object.keys(record).length}`] = hex(random, 8);
        line = JSON.stringify(record);
      }
    } else {
      const colour = style < 0.26;
      const shown = colour ? `${ANSI[lvl]}${lvl}${RESET}` : lvl;
      const padding = ' '.repeat(6 - lvl.length);
      line =
        colour && lvl === 'ERROR'
          ? `${ANSI.ERROR}${time} ${lvl}${padding}[${component}] ${text}${RESET}`
          : `${time} ${shown}${padding}[${component}] ${text}`;
      while (Buffer.byteLength(line) < LOG_BODY_MIN) line += ` request_id=${hex(random, 12)}`;
    }
    if (Buffer.byteLength(line) <= LOG_BODY_MAX) return line;
  }
}

// ---------------------------------------------------------------------------------------------
// telemetry

let telemetryPoolCache: string[] | undefined;

/** Events without `ts`, as JSON after the `{"ts":…,` that starts them (closing brace included). */
function telemetryPool(): string[] {
  if (!telemetryPoolCache) {
    const random = seeded(0x7e1e);
    const page = new PageState(random);
    telemetryPoolCache = Array.from({ length: TELEMETRY_POOL_SIZE }, () =>
      bytesAsText(JSON.stringify(telemetryEvent(random, page)).slice(1)),
    );
  }
  return telemetryPoolCache;
}

interface FakeEvent {
  type: string;
  category: string;
  source: { kind: string; event: string };
  data: Record<string, unknown>;
}

const ORIGIN = 'https://shop.example.test';
const PAGES = ['/', '/catalog/headphones', '/product/4812', '/cart', '/checkout', '/account'];
const SCRIPTS = [
  `${ORIGIN}/assets/app-3f9c2a.js`,
  `${ORIGIN}/assets/vendor-react-91be07.js`,
  `${ORIGIN}/assets/checkout-5d10ee.js`,
  'https://cdn.analytics.example/tag.js',
];
const FUNCTIONS = [
  'renderCartLine',
  'computeTotals',
  'fetchJson',
  'onSubmit',
  'dispatch',
  'commitRoot',
  'performWorkUntilDeadline',
  'handleClick',
  '',
];
const CONSOLE_TEXTS = [
  'render took {n}ms',
  '[analytics] page_view sent',
  'cart updated: {n} items',
  'Download the React DevTools for a better development experience',
  '[router] navigating to /product/{n}',
  'feature flag checkout_v2 = true',
];
const ERROR_TEXTS = [
  "TypeError: Cannot read properties of undefined (reading 'price')",
  'Error: Request failed with status 500',
  'ReferenceError: gtag is not defined',
  'Uncaught (in promise) SyntaxError: Unexpected token < in JSON at position 0',
];
const RESOURCES = [
  { type: 'Fetch', initiator: 'script', path: '/api/items/{n}', mime: 'application/json' },
  { type: 'XHR', initiator: 'script', path: '/api/cart', mime: 'application/json' },
  { type: 'Script', initiator: 'parser', path: '/assets/chunk-{n}.js', mime: 'text/javascript' },
  { type: 'Image', initiator: 'parser', path: '/img/products/{n}.webp', mime: 'image/webp' },
  { type: 'Stylesheet', initiator: 'parser', path: '/assets/app-{n}.css', mime: 'text/css' },
  { type: 'Document', initiator: 'other', path: '/product/{n}', mime: 'text/html' },
] as const;

const MAX_IN_FLIGHT = 24;

interface InFlight {
  requestId: string;
  method: string;
  url: string;
  resource: (typeof RESOURCES)[number];
}

/** The page the events happen on: ids and navigation count, as `PageTarget.context()` gives them. */
class PageState {
  readonly targetId: string;
  readonly sessionId: string;
  loaderId: string;
  url = `${ORIGIN}/`;
  navSeq = 1;
  requestId = 1000;
  readonly inFlight: InFlight[] = [];

  constructor(private readonly random: Random) {
    this.targetId = hex(random, 32).toUpperCase();
    this.sessionId = hex(random, 32).toUpperCase();
    this.loaderId = hex(random, 32).toUpperCase();
  }

  context(): Record<string, unknown> {
    return {
      session_id: this.sessionId,
      target_id: this.targetId,
      target_type: 'page',
      frame_id: this.targetId,
      loader_id: this.loaderId,
      url: this.url,
      nav_seq: this.navSeq,
    };
  }

  navigate(): void {
    this.navSeq += 1;
    this.loaderId = hex(this.random, 32).toUpperCase();
    this.url = `${ORIGIN}${pick(this.random, PAGES)}`;
  }
}

function fill(random: Random, template: string): string {
  return template.replace('{n}', String(int(random, 1, 9999)));
}

function callFrames(random: Random, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, () => {
    const url = pick(random, SCRIPTS);
    return {
      functionName: pick(random, FUNCTIONS),
      scriptId: String(int(random, 10, 400)),
      url,
      lineNumber: int(random, 0, 4000),
      columnNumber: int(random, 0, 180),
    };
  });
}

function stackTrace(random: Random): Record<string, unknown> {
  const trace: Record<string, unknown> = { callFrames: callFrames(random, int(random, 3, 12)) };
  if (random() < 0.4) {
    trace.parent = {
      description: pick(random, ['await', 'setTimeout', 'Promise.then']),
      callFrames: callFrames(random, int(random, 2, 6)),
    };
  }
  return trace;
}

function cdp(
  type: string,
  category: string,
  method: string,
  data: Record<string, unknown>,
): FakeEvent {
  return { type, category, source: { kind: 'cdp', event: method }, data };
}

function networkRequest(random: Random, page: PageState): FakeEvent {
  const resource = pick(random, RESOURCES);
  const request: InFlight = {
    requestId: `${int(random, 100, 999)}.${(page.requestId += 1)}`,
    method: resource.type === 'Fetch' && random() < 0.3 ? 'POST' : 'GET',
    url: `${ORIGIN}${fill(random, resource.path)}`,
    resource,
  };
  page.inFlight.push(request);
  // a request that never gets an answer, as with a page that navigates away
  if (page.inFlight.length > MAX_IN_FLIGHT) page.inFlight.shift();
  const data: Record<string, unknown> = {
    ...page.context(),
    request_id: request.requestId,
    method: request.method,
    url: request.url,
    document_url: page.url,
    headers: {
      Accept: resource.mime === 'application/json' ? 'application/json' : '*/*',
      Referer: page.url,
      'User-Agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    },
    initiator_type: resource.initiator,
    resource_type: resource.type,
  };
  if (request.method === 'POST') data.post_data = `{"item":${int(random, 1, 9999)},"qty":1}`;
  return cdp('network_request', 'network', 'Network.requestWillBeSent', data);
}

function telemetryEvent(random: Random, page: PageState): FakeEvent {
  const r = random();
  if (r < 0.25) {
    const text = fill(random, pick(random, CONSOLE_TEXTS));
    const args = random() < 0.3 ? [text, `{id: ${int(random, 1, 999)}, ok: true}`] : [text];
    return cdp('console_log', 'console', 'Runtime.consoleAPICalled', {
      ...page.context(),
      level: pick(random, ['log', 'log', 'info', 'warning', 'debug']),
      text,
      args,
    });
  }
  if (r < 0.35) {
    const text = pick(random, ERROR_TEXTS);
    const stack = stackTrace(random);
    if (random() < 0.5) {
      return cdp('console_error', 'console', 'Runtime.consoleAPICalled', {
        ...page.context(),
        level: 'error',
        text,
        args: [text],
        stack_trace: stack,
      });
    }
    const top = (stack.callFrames as Record<string, unknown>[])[0] ?? {};
    return cdp('console_error', 'console', 'Runtime.exceptionThrown', {
      ...page.context(),
      text: `Uncaught ${text}`,
      line: top.lineNumber,
      column: top.columnNumber,
      source_url: top.url,
      stack_trace: stack,
    });
  }
  if (r < 0.91) {
    // a response or failure answers the oldest request still in flight
    const open = r >= 0.63 ? page.inFlight.shift() : undefined;
    if (!open) return networkRequest(random, page);
    const common = {
      ...page.context(),
      request_id: open.requestId,
      method: open.method,
      url: open.url,
      resource_type: open.resource.type,
    };
    if (r < 0.89) {
      const status = random() < 0.88 ? 200 : pick(random, [201, 304, 404, 500, 503]);
      const data: Record<string, unknown> = {
        ...common,
        status,
        status_text: STATUS_TEXT[status] ?? '',
        headers: {
          'content-type': open.resource.mime,
          'content-length': String(int(random, 120, 250_000)),
          'cache-control': open.resource.type === 'Fetch' ? 'no-store' : 'public, max-age=31536000',
          date: new Date(LOG_BASE_MS + int(random, 0, 86_400_000)).toUTCString(),
        },
        mime_type: open.resource.mime,
      };
      if (open.resource.mime === 'application/json')
        data.body = JSON.stringify({ id: int(random, 1, 9999), price: int(random, 100, 99999) });
      return cdp('network_response', 'network', 'Network.responseReceived', data);
    }
    return cdp('network_loading_failed', 'network', 'Network.loadingFailed', {
      ...page.context(),
      request_id: open.requestId,
      url: open.url,
      error_text: pick(random, ['net::ERR_CONNECTION_RESET', 'net::ERR_ABORTED']),
      canceled: random() < 0.3,
      resource_type: open.resource.type,
    });
  }
  if (r < 0.955) {
    page.navigate();
    return cdp('page_navigation', 'page', 'Page.frameNavigated', {
      url: page.url,
      frame_id: page.targetId,
      parent_frame_id: '',
      loader_id: page.loaderId,
      session_id: page.sessionId,
      target_id: page.targetId,
      target_type: 'page',
      nav_seq: page.navSeq,
    });
  }
  return cdp('page_load', 'page', 'Page.loadEventFired', {
    ...page.context(),
    cdp_timestamp: Number((random() * 90_000).toFixed(6)),
  });
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  304: 'Not Modified',
  404: 'Not Found',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The firehose as an extension of the reference server (`REFERENCE_FIREHOSE=1`): an armed count
 * answers the session's next stream request of that kind instead of the tail or the ring.
 */
export function firehoseExtension(keepaliveMs: number): ReferenceExtension {
  return {
    routes: [firehoseRoute()],
    answerInstead: ({ req, res, url, session, opened }, operationId) => {
      if (operationId === 'logsStream') {
        parseLogQuery(session, url.searchParams); // a bad query is still a 400
        const count = takeFirehose(session, 'logs');
        if (count === undefined) return false;
        serveLogFirehose(res, session, count, keepaliveMs, opened);
        return true;
      }
      if (operationId === 'streamTelemetry') {
        const lastEventId = req.headers['last-event-id'];
        const cursor = startCursor(
          session.ring,
          typeof lastEventId === 'string' ? lastEventId : undefined,
          url.searchParams.get('replay'),
        );
        const count = takeFirehose(session, 'telemetry');
        if (count === undefined) return false;
        serveTelemetryFirehose(res, session, count, cursor, keepaliveMs, opened);
        return true;
      }
      return false;
    },
  };
}
