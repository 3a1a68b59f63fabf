import { randomBytes } from 'node:crypto';
import { parseDuration } from './history/query-values.ts';

/** Everything the reference server can be tuned with; `referenceConfigFromEnv` documents the variables. */
export interface ReferenceConfig {
  token: string;
  /** Root of all session filesystems; `undefined` means a fresh temporary directory. */
  dataDir: string | undefined;
  /** Events the live stream's ring holds per session (upstream holds 8,192). */
  telemetryBuffer: number;
  /** How long an ended session's record and telemetry history are kept. */
  historyRetentionMs: number;
  keepaliveMs: number;
  /** Largest accepted request body, e.g. for the clipboard (413 above it). */
  maxBodyBytes: number;
  /** Largest accepted body for publishing telemetry events (a single 1 MB event must fit). */
  maxPublishBodyBytes: number;
  /** How often a log tail looks at its file. */
  logPollMs: number;
  /** A telemetry event whose JSON is larger than this is sent with `data: null, truncated: true`. */
  maxEventBytes: number;
  /** Offer `POST /browsers/{id}/faults` for tests (never in normal use). */
  faults: boolean;
  /** Offer `POST /browsers/{id}/firehose` for the benchmarks (never in normal use). */
  firehose: boolean;
  /** Give each session its own headless Chromium (when one can be found). */
  browser: boolean;
  /** Port of the demo site the demo session browses; 0 picks a free one. */
  demoSitePort: number;
  /**
   * The demo session keeps a recording of its screen going, a new one this often (the newest
   * few kept); undefined: it records nothing.
   */
  demoRecordingMs: number | undefined;
  /** Which ffmpeg encodes replays: `off`, a path, or undefined to look one up. */
  ffmpeg: string | undefined;
  /** Address the live view's own listener binds (the server's HOST). */
  liveViewHost: string;
  /** Port of the live view's own listener, its own origin; 0 picks a free one. */
  liveViewPort: number;
  /**
   * The live view's public base URL when something in front serves it under a name of its own
   * (`https://live.console.example.com`); otherwise its URLs name the host the API was reached
   * under, with `liveViewPort`.
   */
  liveViewUrl: string | undefined;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function durationFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): number {
  const raw = env[name] === undefined || env[name] === '' ? fallback : (env[name] as string);
  const ms = parseDuration(raw.trim());
  if (ms === undefined || ms <= 0)
    throw new Error(
      `${name} must be a duration such as 30d, 12h or 90m, got ${JSON.stringify(raw)}`,
    );
  return ms;
}

function baseUrlFromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username)
    throw new Error(
      `${name} must be an http(s) URL such as https://live.example.com, got ${JSON.stringify(raw)}`,
    );
  return raw.replace(/\/+$/, '');
}

export function randomToken(): string {
  return `sk_ref_${randomBytes(24).toString('base64url')}`;
}

export function referenceConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ReferenceConfig {
  return {
    token:
      env.REFERENCE_TOKEN && env.REFERENCE_TOKEN.length > 0 ? env.REFERENCE_TOKEN : randomToken(),
    dataDir: env.REFERENCE_DATA_DIR || undefined,
    telemetryBuffer: intFromEnv(env, 'REFERENCE_TELEMETRY_BUFFER', 8192),
    historyRetentionMs: durationFromEnv(env, 'REFERENCE_HISTORY_RETENTION', '30d'),
    keepaliveMs: intFromEnv(env, 'REFERENCE_KEEPALIVE_MS', 15_000),
    maxBodyBytes: intFromEnv(env, 'REFERENCE_MAX_BODY', 1024 * 1024),
    maxPublishBodyBytes: intFromEnv(env, 'REFERENCE_MAX_PUBLISH_BODY', 16 * 1024 * 1024),
    logPollMs: intFromEnv(env, 'REFERENCE_LOG_POLL_MS', 50),
    maxEventBytes: 1024 * 1024,
    faults: env.REFERENCE_FAULTS === '1',
    firehose: env.REFERENCE_FIREHOSE === '1',
    browser: env.REFERENCE_BROWSER !== 'off',
    demoSitePort: intFromEnv(env, 'REFERENCE_DEMO_SITE_PORT', 0, 0),
    demoRecordingMs:
      env.REFERENCE_DEMO_RECORDING === 'off'
        ? undefined
        : durationFromEnv(env, 'REFERENCE_DEMO_RECORDING', '5m'),
    ffmpeg: env.REFERENCE_FFMPEG || undefined,
    liveViewHost: env.HOST || '127.0.0.1',
    liveViewPort: intFromEnv(env, 'REFERENCE_LIVE_VIEW_PORT', 0, 0),
    liveViewUrl: baseUrlFromEnv(env, 'REFERENCE_LIVE_VIEW_URL'),
  };
}

/** The configuration a program or test starts from: the defaults, with no demo recording. */
export function defaultReferenceConfig(overrides: Partial<ReferenceConfig> = {}): ReferenceConfig {
  return { ...referenceConfigFromEnv({}), demoRecordingMs: undefined, ...overrides };
}
