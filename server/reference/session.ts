import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { BrowserSession, TelemetryEvent } from '../../src/types/api.ts';
import type { ChromiumLookup } from './browser/chromium-process.ts';
import { SessionBrowser } from './browser/session-browser.ts';
import { nowMicros } from './clock.ts';
import type { ReferenceConfig } from './config.ts';
import {
  captures,
  excludedCdpMethods,
  toWireConfig,
  type CategoryFlags,
} from './telemetry-config.ts';
import type { Labels } from './history/session-records.ts';
import { TelemetryRing, type EnvelopeSink } from './telemetry-ring.ts';

/** Where a supervised program's output goes inside the session root. */
export const SUPERVISOR_LOG_DIR = '/var/log/supervisord';

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  operationId: string;
}

/**
 * Operations that drive the session's browser: each call is an `api_call` event (category
 * `control`, on by default). Every other operation on a session manages it or reads from it —
 * retrieve, update and delete, the log and telemetry streams, the telemetry history, publishing
 * events, the test rigs' fault injection and firehose — and is a `platform_api_call` event
 * (category `platform`, opt-in), as upstream splits its in-VM API (computer control, Playwright,
 * screenshots and the clipboard drive the browser; recording, files, processes, telemetry and
 * configuration do not).
 */
const BROWSER_DRIVING_OPERATIONS: ReadonlySet<string> = new Set([
  'writeClipboard',
  'readClipboard',
  'takeScreenshot',
]);

/** How a session's live view URL is made (the live view's own listener knows its address). */
export interface LiveViewAddress {
  /** The page of session `id`, for a client that reached the API at `apiWsBase` (`ws://host/api`). */
  urlFor(id: string, secret: string, apiWsBase: string): string;
}

/** What a session starts with besides its capture flags. */
export interface SessionSetup {
  labels: Labels;
  /** Where every event it publishes is kept for history. */
  archive?: EnvelopeSink;
  /** Where its live view is served, when the server offers one. */
  liveView?: LiveViewAddress;
}

/** One browser session of the reference server: its filesystem root, telemetry and clipboard. */
export class Session {
  readonly id: string;
  readonly createdAt: Date;
  readonly root: string;
  readonly ring: TelemetryRing;
  flags: CategoryFlags | null;
  name: string | undefined;
  tags: Record<string, string> | undefined;
  clipboard = '';
  ended = false;
  /** The session's own Chromium; undefined when none could be found or started. */
  browser: SessionBrowser | undefined;
  /** Plays the demo site in the browser, for the demo session. */
  demoDriver: { stop(): void } | undefined;
  /** Why there is no browser, when there is none. */
  private noBrowserReason: string | undefined;
  /** Which browser the session runs, for people: version and where it was found. */
  private browserDescription: string | undefined;
  /** The secret in `cdp_ws_url` that lets an agent reach this session's browser. */
  readonly cdpSecret = randomBytes(18).toString('base64url');
  /** The secret in `browser_live_view_url` that lets a viewer watch (and drive) the browser. */
  readonly liveViewSecret = randomBytes(18).toString('base64url');
  private readonly liveView: LiveViewAddress | undefined;
  private readonly endHandlers = new Set<() => void>();
  private readonly streams = new Set<ServerResponse>();
  private readonly requestLog: WriteStream;

  private constructor(
    id: string,
    root: string,
    flags: CategoryFlags | null,
    config: ReferenceConfig,
    setup: SessionSetup,
  ) {
    this.id = id;
    this.createdAt = new Date();
    this.root = root;
    this.flags = flags;
    this.name = setup.labels.name ?? undefined;
    this.tags = setup.labels.tags ?? undefined;
    this.ring = new TelemetryRing(config.telemetryBuffer, config.maxEventBytes, setup.archive);
    this.liveView = setup.liveView;
    this.requestLog = createWriteStream(this.supervisorLogFile('kernel-images-api'), {
      flags: 'a',
    });
    this.requestLog.on('error', (error) =>
      console.error(`session ${id}: request log: ${error.message}`),
    );
  }

  /**
   * Creates the session's filesystem and, when `chromium` names a browser, launches it. A session
   * whose browser cannot start still works (logs, clipboard, published telemetry) and says why.
   */
  static async create(
    id: string,
    sessionsDir: string,
    flags: CategoryFlags | null,
    config: ReferenceConfig,
    chromium: ChromiumLookup,
    setup: SessionSetup,
  ): Promise<Session> {
    const root = path.join(sessionsDir, id);
    await mkdir(path.join(root, SUPERVISOR_LOG_DIR), { recursive: true });
    await mkdir(path.join(root, 'tmp'), { recursive: true });
    const session = new Session(id, root, flags, config, setup);
    await session.startBrowser(chromium);
    return session;
  }

  private async startBrowser(chromium: ChromiumLookup): Promise<void> {
    const logFile = this.supervisorLogFile('chromium');
    if (chromium.path === undefined) {
      this.noBrowserReason = chromium.reason;
      await appendFile(logFile, `[supervisor] no browser for this session: ${chromium.reason}\n`);
      return;
    }
    this.browserDescription = `${chromium.version} (${chromium.where})`;
    try {
      this.browser = await SessionBrowser.start({
        executable: chromium.path,
        env: chromium.env,
        profileDir: path.join(this.root, 'home', 'chromium-profile'),
        logFile,
        sink: {
          emit: (event) => this.capture(event),
          captures: (category) => captures(this.flags, category),
          excludedCdpMethods: () => excludedCdpMethods(this.flags),
        },
      });
    } catch (error) {
      this.noBrowserReason = `Chromium could not start: ${(error as Error).message}`;
      await appendFile(logFile, `[supervisor] ${this.noBrowserReason}\n`);
      this.capture({
        type: 'service_crashed',
        category: 'system',
        source: { kind: 'local_process', event: 'supervisord' },
        data: { service_name: 'chromium', phase: 'startup', pid: 0 },
      });
    }
  }

  /** Why the session has no usable browser now, or undefined when it has one. */
  get browserUnavailableReason(): string | undefined {
    return this.browser ? this.browser.unavailableReason : this.noBrowserReason;
  }

  /** Host path of a supervised program's log file. */
  supervisorLogFile(program: string): string {
    return path.join(this.root, SUPERVISOR_LOG_DIR, program);
  }

  /** Publishes an event as given (caller-published events are not subject to capture flags). */
  publish(event: TelemetryEvent): number {
    return this.ring.publish(event);
  }

  /** Publishes an event the session itself observed, if its category is being captured. */
  capture(event: Omit<TelemetryEvent, 'ts'> & { ts?: number }): number | undefined {
    if (this.ended || !captures(this.flags, event.category)) return undefined;
    return this.ring.publish({ ...event, ts: event.ts ?? nowMicros() });
  }

  /**
   * Records one API request: a line in the kernel-images-api log, and an `api_call` event when it
   * drives the browser or a `platform_api_call` event when it does not (BROWSER_DRIVING_OPERATIONS).
   */
  recordRequest(entry: RequestLogEntry): void {
    if (this.ended) return;
    this.requestLog.write(
      `${JSON.stringify({
        time: new Date().toISOString(),
        level: entry.status >= 500 ? 'ERROR' : entry.status >= 400 ? 'WARN' : 'INFO',
        msg: 'http request',
        method: entry.method,
        path: entry.path,
        status: entry.status,
        duration_ms: Number(entry.durationMs.toFixed(3)),
        request_id: entry.requestId,
        operation_id: entry.operationId,
      })}\n`,
    );
    const drives = BROWSER_DRIVING_OPERATIONS.has(entry.operationId);
    this.capture({
      type: drives ? 'api_call' : 'platform_api_call',
      category: drives ? 'control' : 'platform',
      source: { kind: 'kernel_api', event: entry.operationId },
      data: {
        request_id: entry.requestId,
        operation_id: entry.operationId,
        status: entry.status,
        duration_ms: Number(entry.durationMs.toFixed(3)),
      },
    });
  }

  /** Registers an open stream response until it closes. */
  trackStream(res: ServerResponse): void {
    this.streams.add(res);
    res.on('close', () => this.streams.delete(res));
  }

  /** Cuts every open stream without a clean end, as a network failure would (fault injection). */
  dropStreams(): number {
    const open = [...this.streams];
    for (const res of open) res.destroy();
    return open.length;
  }

  /**
   * Calls `handler` once when the session ends, while it can still record events (at once if it
   * has ended); returns its removal.
   */
  onEnd(handler: () => void): () => void {
    if (this.ended) {
      handler();
      return () => undefined;
    }
    this.endHandlers.add(handler);
    return () => this.endHandlers.delete(handler);
  }

  /** Ends the session: every open stream and live view closes and the browser stops. */
  async end(): Promise<void> {
    if (this.ended) return;
    const handlers = [...this.endHandlers];
    this.endHandlers.clear();
    for (const handler of handlers) handler();
    this.ended = true;
    this.ring.close();
    for (const res of [...this.streams]) res.end();
    this.streams.clear();
    this.requestLog.end();
    this.demoDriver?.stop();
    await this.browser?.close();
  }

  /**
   * The session as the API shows it; `wsBase` is where this server's API is reached over ws (its
   * host also names the live view's, unless that has a public address of its own). Without one
   * (the record kept on disk) there is no live view link: it carries a credential.
   */
  toWire(wsBase: string): BrowserSession {
    const reason = this.browserUnavailableReason;
    const live = this.browser && !reason && !this.ended && wsBase !== '';
    const wire: BrowserSession = {
      session_id: this.id,
      created_at: this.createdAt.toISOString(),
      cdp_ws_url:
        this.browser && !reason ? `${wsBase}/browsers/${this.id}/cdp?jwt=${this.cdpSecret}` : '',
      webdriver_ws_url: '',
      ...(live && this.liveView
        ? { browser_live_view_url: this.liveView.urlFor(this.id, this.liveViewSecret, wsBase) }
        : {}),
      headless: true,
      stealth: false,
      timeout_seconds: 0,
      telemetry: toWireConfig(this.flags),
    };
    if (this.name !== undefined) wire.name = this.name;
    if (this.tags !== undefined) wire.tags = this.tags;
    if (reason) wire.browser_unavailable_reason = reason;
    else if (this.browser && this.browserDescription)
      wire.reference_browser = this.browserDescription;
    return wire;
  }
}
