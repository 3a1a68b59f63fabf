import { appendFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type WebSocket from 'ws';
import { classifyCdpCommand } from './cdp-command.ts';
import { CdpProxy } from './cdp-proxy.ts';
import { launchChromium, type LaunchedChromium } from './chromium-process.ts';
import { CdpCollector } from './collector.ts';
import type { CollectedEvent } from './page-target.ts';
import type { ScreenSource } from './screen-source.ts';
import { ActiveTabScreen } from './screencast.ts';

/** An event of the browser's supervision or its collector's health. */
export interface SupervisionEvent {
  type: string;
  category: string;
  source: { kind: 'cdp' | 'local_process' | 'kernel_api'; event: string };
  data: Record<string, unknown>;
}

export interface BrowserSink {
  emit(event: CollectedEvent | SupervisionEvent): void;
  captures(category: string): boolean;
  /** Recorded CDP methods the configuration leaves out of `cdp_command` (`excluded_methods`). */
  excludedCdpMethods?(): ReadonlySet<string>;
}

const NO_METHODS: ReadonlySet<string> = new Set();

function frameText(frame: WebSocket.RawData): string {
  if (Buffer.isBuffer(frame)) return frame.toString('utf8');
  if (Array.isArray(frame)) return Buffer.concat(frame).toString('utf8');
  return Buffer.from(frame).toString('utf8');
}

const PROXY_SOURCE = { kind: 'kernel_api', event: 'cdp_proxy' } as const;

export interface SessionBrowserOptions {
  executable: string;
  /** Added to the browser's environment (see FoundChromium.env). */
  env?: Record<string, string>;
  profileDir: string;
  /** Chromium's own output: the supervisor log the log viewer shows as `chromium`. */
  logFile: string;
  sink: BrowserSink;
  /** Relaunch attempts after the browser dies before giving up. */
  restartAttempts?: number;
  restartDelayMs?: number;
}

type State = 'running' | 'restarting' | 'gave_up' | 'closed';

function monitor(type: string, data: Record<string, unknown>): SupervisionEvent {
  return {
    type,
    category: 'monitor',
    source: { kind: 'local_process', event: 'cdp_monitor' },
    data,
  };
}

/**
 * The session's own headless Chromium, supervised: it is relaunched when it dies
 * (`service_crashed`, then `monitor_disconnected` / `monitor_reconnected`), observed by a CDP
 * collector, and reachable by agents through a CDP proxy that reports their connections
 * (`cdp_connect` / `cdp_disconnect`, with a `connection_id`) and the browser-control commands they
 * send (`cdp_command`, see cdp-command.ts). Its active tab's screen is a stream of frames for
 * whoever watches (`screen`), and the live view's input goes to that tab (`input`).
 */
export class SessionBrowser {
  readonly proxy: CdpProxy;
  private readonly screencast = new ActiveTabScreen();
  private chromium: LaunchedChromium | undefined;
  private collector: CdpCollector | undefined;
  private state: State = 'running';
  /** Why the browser cannot be used now (it gave up restarting), for `GET /browsers/{id}`. */
  unavailableReason: string | undefined;

  private constructor(private readonly options: SessionBrowserOptions) {
    const { sink } = options;
    /** Per open agent connection: its commands left out by `excluded_methods`. */
    const excluded = new Map<string, number>();
    this.proxy = new CdpProxy({
      connected: ({ connectionId }) => {
        excluded.set(connectionId, 0);
        sink.emit({
          type: 'cdp_connect',
          category: 'connection',
          source: PROXY_SOURCE,
          data: { connection_id: connectionId },
        });
      },
      command: ({ connectionId, frame }) => {
        if (!sink.captures('control')) return;
        const methods = sink.excludedCdpMethods?.() ?? NO_METHODS;
        const command = classifyCdpCommand(frameText(frame), connectionId, methods);
        if (command.kind === 'excluded')
          excluded.set(connectionId, (excluded.get(connectionId) ?? 0) + 1);
        else if (command.kind === 'recorded')
          sink.emit({
            type: 'cdp_command',
            category: 'control',
            source: PROXY_SOURCE,
            data: command.data,
          });
      },
      disconnected: ({ connectionId, durationMs, messageCount, reason }) => {
        const telemetryExcluded = excluded.get(connectionId) ?? 0;
        excluded.delete(connectionId);
        sink.emit({
          type: 'cdp_disconnect',
          category: 'connection',
          source: PROXY_SOURCE,
          data: {
            duration_ms: durationMs,
            message_count: messageCount,
            reason,
            connection_id: connectionId,
            // Every command is classified as it is forwarded: none is ever lost.
            telemetry_dropped: 0,
            telemetry_excluded: telemetryExcluded,
          },
        });
      },
    });
  }

  /** Launches the browser and its collector. Rejects when the browser cannot start at all. */
  static async start(options: SessionBrowserOptions): Promise<SessionBrowser> {
    const browser = new SessionBrowser(options);
    await browser.launch();
    return browser;
  }

  /** The browser's own DevTools endpoint (what the proxy forwards to), while it runs. */
  get upstreamUrl(): string | undefined {
    return this.state === 'running' ? this.chromium?.wsUrl : undefined;
  }

  get pid(): number | undefined {
    return this.chromium?.pid;
  }

  /** The active tab's frames, for as long as anyone subscribes; it lives across relaunches. */
  get screen(): ScreenSource {
    return this.screencast;
  }

  /**
   * Sends an `Input.*` CDP command (`Input.dispatchMouseEvent`, `Input.dispatchKeyEvent`) to the
   * tab on screen; false when nothing is on screen (nobody watches, or the browser is restarting).
   */
  input(method: string, params: Record<string, unknown>): Promise<boolean> {
    return this.screencast.input(method, params);
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.proxy.handleUpgrade(req, socket, head, this.upstreamUrl);
  }

  async writeClipboard(text: string): Promise<void> {
    if (!this.collector || this.collector.isClosed) throw new Error('the browser is not running');
    await this.collector.writeClipboard(text);
  }

  async readClipboard(): Promise<string | undefined> {
    if (!this.collector || this.collector.isClosed) return undefined;
    return this.collector.readClipboard();
  }

  /** Kills the browser process as a crash would (fault injection); supervision restarts it. */
  crash(): number | undefined {
    const pid = this.chromium?.pid;
    this.chromium?.process.kill('SIGKILL');
    return pid;
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.proxy.closeAll();
    this.collector?.close();
    this.screencast.close();
    const child = this.chromium?.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }

  private note(line: string): void {
    appendFile(this.options.logFile, `[supervisor] ${new Date().toISOString()} ${line}\n`).catch(
      () => undefined,
    );
  }

  private async launch(): Promise<void> {
    const chromium = await launchChromium({
      executable: this.options.executable,
      profileDir: this.options.profileDir,
      logFile: this.options.logFile,
      ...(this.options.env ? { env: this.options.env } : {}),
    });
    if (this.state === 'closed') {
      chromium.process.kill('SIGKILL');
      return;
    }
    this.chromium = chromium;
    this.note(`chromium started (pid ${chromium.pid})`);
    chromium.process.once('exit', (code, signal) => this.exited(chromium, code, signal));
    await this.attachCollector(chromium);
    await this.screencast.attach(chromium.wsUrl).catch((error: unknown) => {
      this.note(`screen source could not attach: ${(error as Error).message}`);
    });
  }

  private async attachCollector(chromium: LaunchedChromium): Promise<void> {
    try {
      this.collector = await CdpCollector.attach(chromium.wsUrl, this.options.sink);
    } catch (error) {
      this.options.sink.emit(monitor('monitor_init_failed', { step: 'attach' }));
      this.note(`collector could not attach: ${(error as Error).message}`);
    }
  }

  private exited(chromium: LaunchedChromium, code: number | null, signal: string | null): void {
    if (this.state === 'closed' || this.chromium !== chromium) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    this.note(`chromium (pid ${chromium.pid}) exited unexpectedly (${how}); restarting`);
    const { sink } = this.options;
    sink.emit({
      type: 'service_crashed',
      category: 'system',
      source: { kind: 'local_process', event: 'supervisord' },
      data: { service_name: 'chromium', phase: 'running', pid: chromium.pid },
    });
    sink.emit(monitor('monitor_disconnected', { reason: 'chrome_restarted' }));
    this.state = 'restarting';
    this.collector?.close();
    this.collector = undefined;
    this.screencast.detach();
    this.proxy.upstreamChanged();
    void this.restart(performance.now());
  }

  private async restart(since: number): Promise<void> {
    const attempts = this.options.restartAttempts ?? 3;
    const delay = this.options.restartDelayMs ?? 250;
    const { sink } = this.options;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, delay * attempt));
      if (this.state === 'closed') return;
      try {
        this.state = 'running';
        await this.launch();
        sink.emit(
          monitor('monitor_reconnected', {
            reconnect_duration_ms: Math.round(performance.now() - since),
          }),
        );
        return;
      } catch (error) {
        this.state = 'restarting';
        this.note(`restart ${attempt}/${attempts} failed: ${(error as Error).message}`);
        sink.emit({
          type: 'service_crashed',
          category: 'system',
          source: { kind: 'local_process', event: 'supervisord' },
          data: { service_name: 'chromium', phase: 'startup', pid: 0 },
        });
      }
    }
    if (this.state === 'closed') return;
    this.state = 'gave_up';
    this.unavailableReason = `the browser died and could not be restarted after ${attempts} attempts`;
    this.note(`gave up restarting chromium after ${attempts} attempts`);
    sink.emit({
      type: 'service_crashed',
      category: 'system',
      source: { kind: 'local_process', event: 'supervisord' },
      data: { service_name: 'chromium', phase: 'gave_up', pid: 0 },
    });
    sink.emit(monitor('monitor_reconnect_failed', { reason: 'reconnect_exhausted' }));
  }
}
