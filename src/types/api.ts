/**
 * Wire types of the Kernel-compatible API, as described in shared/spec/interface.md and
 * shared/api-contract.md. The server imports these with `import type`; the dashboard decodes
 * untrusted JSON into them through validating decoders, never by casting.
 */

export interface ApiErrorDetail {
  code?: string;
  message?: string;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  details?: ApiErrorDetail[];
  inner_error?: ApiErrorDetail;
}

/** One data item of the log stream. `event` may be missing on some deployments. */
export interface LogEvent {
  event?: 'log';
  timestamp: string;
  message: string;
}

export type LogSource = 'path' | 'supervisor';

export const TELEMETRY_CATEGORIES = [
  'console',
  'network',
  'page',
  'interaction',
  'screenshot',
  'control',
  'connection',
  'system',
  'captcha',
  'platform',
] as const;
export type TelemetryCategoryName = (typeof TELEMETRY_CATEGORIES)[number];

/** The CDP categories: opt-in, and the ones whose capture turns the `monitor` category on. */
export const CDP_CATEGORIES = ['console', 'network', 'page', 'interaction'] as const;
/**
 * Categories captured by default whenever telemetry is enabled. The others are opt-in: the CDP
 * categories, `screenshot`, and `platform` (API calls that manage the session rather than drive its
 * browser: `platform_api_call`).
 */
export const DEFAULT_ON_CATEGORIES = ['control', 'connection', 'system', 'captcha'] as const;

export interface TelemetryCategoryConfig {
  enabled?: boolean;
  /** `control` only: settings of the `cdp_command` events the CDP proxy produces. */
  cdp?: TelemetryCdpControlConfig;
}
export interface TelemetryCdpControlConfig {
  /** Recorded CDP methods left out of the `cdp_command` stream (still relayed to the browser). */
  excluded_methods?: string[];
}
export type TelemetryCategoriesConfig = Partial<
  Record<TelemetryCategoryName, TelemetryCategoryConfig>
>;
export interface TelemetryConfig {
  browser?: TelemetryCategoriesConfig;
}
export interface TelemetryConfigRequest {
  enabled?: boolean;
  browser?: TelemetryCategoriesConfig;
}

export interface BrowserSession {
  session_id: string;
  created_at: string;
  cdp_ws_url: string;
  webdriver_ws_url: string;
  /**
   * A page showing the session's screen that forwards mouse and keyboard (append `readOnly=true`
   * to only watch); it carries its own credential and lives on another origin than the API.
   */
  browser_live_view_url?: string;
  headless: boolean;
  stealth: boolean;
  timeout_seconds: number;
  telemetry: TelemetryConfig | null;
  /** A name given at creation or by `PATCH`. */
  name?: string;
  /** Labels given at creation or by `PATCH`; the sessions list filters on them. */
  tags?: Record<string, string>;
  /** When the session was deleted (ended); its record and telemetry history stay readable. */
  deleted_at?: string;
  /** Reference server only: why the session has no real browser, when it has none. */
  browser_unavailable_reason?: string;
  /** Reference server only: the browser the session runs (`Chromium 147.0.7727.0 (system)`). */
  reference_browser?: string;
}

export interface StackCallFrame {
  functionName: string;
  scriptId: string;
  url: string;
  /** Zero-based. */
  lineNumber: number;
  /** Zero-based. */
  columnNumber: number;
}

export interface StackTrace {
  callFrames: StackCallFrame[];
  description?: string;
  parent?: StackTrace;
}

export type EventSourceKind = 'cdp' | 'kernel_api' | 'extension' | 'local_process';

export interface TelemetryEventSource {
  kind: EventSourceKind | (string & {});
  event?: string;
  metadata?: Record<string, string>;
}

/** A telemetry event as sent on the wire. `data` is type-specific and always treated as optional. */
export interface TelemetryEvent {
  ts: number;
  type: string;
  category: string;
  source: TelemetryEventSource;
  data?: Record<string, unknown> | null;
  truncated?: boolean;
}

export interface TelemetryEnvelope {
  seq: number;
  event: TelemetryEvent;
}

export interface PublishTelemetryResponse {
  seq: number[];
}

export interface ClipboardWriteRequest {
  text: string;
}
export interface ClipboardReadResponse {
  text: string;
}
