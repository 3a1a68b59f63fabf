// The firehose's log frames: a pool of made-up log lines of a busy web service (levels, JSON
// lines, ANSI colours, some non-ASCII), each sent as the log stream sends a line.
import { rfc3339Nano } from '../clock.ts';
import {
  hex,
  int,
  LOG_BASE_MS,
  pick,
  seeded,
  utf8,
  type FrameWriter,
  type Random,
} from './firehose-kit.ts';

const LOG_POOL_SIZE = 4096;
const LOG_POOL_MASK = LOG_POOL_SIZE - 1;
/** Log message bytes before the ` #<n>` suffix (3 to 11 bytes), so the whole is 80–200. */
const LOG_BODY_MIN = 77;
const LOG_BODY_MAX = 189;

const LOG_HEAD = 'data: {"event":"log","timestamp":"';
const LOG_MESSAGE = '","message":';
/** After a frame's message: the space and hash before its number. */
const NUMBER_MARK = utf8(' #');
/** After the number: the message's closing quote, the frame's brace and the blank line. */
const FRAME_END = utf8('"}\n\n');

/** Renders log frames (the Render of firehose-kit) with the time of the chunk. */
export function logChunk(first: number, end: number, out: FrameWriter): number {
  const pool = logPool();
  const head = utf8(LOG_HEAD + rfc3339Nano() + LOG_MESSAGE);
  let index = first;
  while (index < end && !out.full) {
    const n = index + 1;
    out.bytes(head);
    out.bytes(pool[index & LOG_POOL_MASK] as Buffer);
    out.bytes(NUMBER_MARK);
    out.int(n);
    out.bytes(FRAME_END);
    index = n;
  }
  return index;
}

let logPoolCache: Buffer[] | undefined;

/** Log messages as JSON string literals without their closing quote, ready for ` #<n>"`. */
function logPool(): Buffer[] {
  if (!logPoolCache) {
    const random = seeded(0x10c5);
    logPoolCache = Array.from({ length: LOG_POOL_SIZE }, (_, i) => {
      const line = logLine(random, i);
      return utf8(JSON.stringify(line).slice(0, -1));
    });
  }
  return logPoolCache;
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
