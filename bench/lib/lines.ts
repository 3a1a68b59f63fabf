/**
 * What the benchmark writes: realistic log lines (mixed levels, 80–200 bytes, some ANSI colour) and
 * mixed telemetry events (console with stack traces, network, page). Each carries the writer's
 * clock as `t=<epoch ms>` where the dashboard shows it (the line's start, the console text, the
 * URL), so the page can tell how long a line took from being written to being on screen.
 */

const COMPONENTS = ['worker-1', 'worker-2', 'worker-3', 'scheduler', 'http', 'db', 'cdp', 'agent'];
const PATHS = ['/api/items', '/api/cart', '/api/checkout', '/api/session', '/static/app.js'];
const WORDS =
  'request handled cache miss retrying upstream timeout connection reset payload parsed navigation committed selector resolved frame detached element clicked'.split(
    ' ',
  );

/** Epoch ms with sub-ms precision, comparable with the page's performance.timeOrigin + now(). */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** A small deterministic generator, so every run writes the same lines. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

function levelFor(random: () => number): string {
  const roll = random();
  if (roll < 0.02) return 'ERROR';
  if (roll < 0.08) return 'WARN';
  if (roll < 0.3) return 'DEBUG';
  if (roll < 0.33) return 'TRACE';
  return 'INFO';
}

function sentence(random: () => number, min: number, max: number): string {
  let text = '';
  const length = min + Math.floor(random() * (max - min));
  while (text.length < length) text += (text ? ' ' : '') + pick(WORDS, random);
  return text.slice(0, length);
}

/** One log line (no newline): `t=<ms> LEVEL [component] …`, 80–200 bytes, every 10th coloured. */
export function logLine(n: number, stamp: number, random: () => number): string {
  const level = levelFor(random);
  const head = `t=${stamp.toFixed(3)} ${level.padEnd(5)} [${pick(COMPONENTS, random)}]`;
  const tail = ` #${n}`;
  const body = ` ${pick(PATHS, random)}/${Math.floor(random() * 10_000)} ${sentence(random, 35, 120)}`;
  const line = `${head}${body}`;
  if (n % 10 === 3) {
    const colour = level === 'ERROR' ? 31 : level === 'WARN' ? 33 : 36;
    return `${head} \x1b[${colour}m${body.trimStart()}\x1b[0m${tail}`;
  }
  return `${line}${tail}`;
}

// CDP's Runtime.StackTrace, as the collector sends it: innermost frame first, zero-based positions
const STACK = {
  callFrames: [
    {
      functionName: 'applyDiscount',
      scriptId: '7',
      url: 'https://shop.test/app.js',
      lineNumber: 411,
      columnNumber: 16,
    },
    {
      functionName: 'handleCheckout',
      scriptId: '7',
      url: 'https://shop.test/app.js',
      lineNumber: 387,
      columnNumber: 8,
    },
    {
      functionName: '',
      scriptId: '9',
      url: 'https://shop.test/checkout',
      lineNumber: 0,
      columnNumber: 0,
    },
  ],
};

/** One telemetry event to publish, stamped with the writer's clock. */
export function telemetryEvent(n: number, stamp: number, random: () => number): unknown {
  const t = stamp.toFixed(3);
  const ts = Math.round(stamp * 1_000);
  const roll = random();
  if (roll < 0.1) {
    return {
      ts,
      type: 'console_error',
      category: 'console',
      source: { kind: 'cdp' },
      data: {
        level: 'error',
        text: `t=${t} TypeError: Cannot read properties of undefined (reading 'total') #${n}`,
        stack_trace: STACK,
      },
    };
  }
  if (roll < 0.45) {
    return {
      ts,
      type: 'console_log',
      category: 'console',
      source: { kind: 'cdp' },
      data: { level: 'info', text: `t=${t} ${sentence(random, 20, 90)} #${n}`, args: [] },
    };
  }
  const url = `https://shop.test${pick(PATHS, random)}/${n}?t=${t}`;
  if (roll < 0.7) {
    return {
      ts,
      type: 'network_request',
      category: 'network',
      source: { kind: 'cdp' },
      data: { method: 'GET', url, resource_type: 'Fetch', headers: { accept: 'application/json' } },
    };
  }
  if (roll < 0.93) {
    return {
      ts,
      type: 'network_response',
      category: 'network',
      source: { kind: 'cdp' },
      data: {
        method: 'GET',
        url,
        status: random() < 0.9 ? 200 : 500,
        mime_type: 'application/json',
        headers: { 'content-type': 'application/json' },
      },
    };
  }
  return {
    ts,
    type: 'page_navigation',
    category: 'page',
    source: { kind: 'cdp' },
    data: { url, frame_id: 'main' },
  };
}
