// The firehose's telemetry frames: a pool of events as the collector shapes them (console logs
// and errors with stack traces, network requests, responses and failures, page navigations and
// loads), each sent as the ring sends an event, with its own seq and ts.
import { nowMicros } from '../clock.ts';
import {
  hex,
  int,
  LOG_BASE_MS,
  pick,
  seeded,
  utf8,
  type Random,
  type Render,
} from './firehose-kit.ts';

const TELEMETRY_POOL_SIZE = 1024;
const TELEMETRY_POOL_MASK = TELEMETRY_POOL_SIZE - 1;

const ID = utf8('id: ');
const SEQ = utf8('\ndata: {"seq":');
const TS = utf8(',"event":{"ts":');
const COMMA = utf8(',');
const FRAME_END = utf8('}\n\n');

/** Renders telemetry frames with seq consecutive from `cursor`. */
export function telemetryChunks(cursor: number): Render {
  let lastTs = 0;
  return (first, end, out) => {
    const pool = telemetryPool();
    // one clock reading per chunk; ts goes up by 1 µs per event and never back
    let ts = Math.max(nowMicros(), lastTs + 1);
    let index = first;
    while (index < end && !out.full) {
      const seq = cursor + index;
      out.bytes(ID);
      out.int(seq);
      out.bytes(SEQ);
      out.int(seq);
      out.bytes(TS);
      out.int(ts);
      out.bytes(COMMA);
      out.bytes(pool[index & TELEMETRY_POOL_MASK] as Buffer);
      out.bytes(FRAME_END);
      index += 1;
      ts += 1;
    }
    lastTs = ts - 1;
    return index;
  };
}

let telemetryPoolCache: Buffer[] | undefined;

/** Events without `ts`, as JSON after the `{"ts":…,` that starts them (closing brace included). */
function telemetryPool(): Buffer[] {
  if (!telemetryPoolCache) {
    const random = seeded(0x7e1e);
    const page = new PageState(random);
    telemetryPoolCache = Array.from({ length: TELEMETRY_POOL_SIZE }, () =>
      utf8(JSON.stringify(telemetryEvent(random, page)).slice(1)),
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
