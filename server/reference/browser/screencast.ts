// The session browser's screen source: a CDP connection of its own to the browser that tracks the
// open tabs (the newest open tab is the active one, as for the collector's clipboard) and, while
// anyone is subscribed, runs one JPEG screencast of the active tab, acked frame by frame and moved
// to the next active tab when that one closes or a newer one opens. While only recordings watch
// and the page keeps painting, screenshots at their pace replace the screencast
// (screen-sampling.ts), slowing while the machine has no CPU to spare (cpu-headroom.ts). Input
// for the live view goes to the tab being shown, over the same connection.
import { CdpConnection } from './cdp-connection.ts';
import { YieldingPace } from './cpu-headroom.ts';
import { SamplingChoice, type Sampling } from './screen-sampling.ts';
import { jpegSize, type ScreenFrame, type ScreenSource } from './screen-source.ts';
import { takeScreenshots } from './tab-screenshots.ts';

export { jpegSize };

type Params = Record<string, unknown>;

/** What `Page.startScreencast` is asked for: JPEG, at most 1280 px either way. */
export const SCREENCAST_PARAMS = {
  format: 'jpeg',
  quality: 70,
  maxWidth: 1280,
  maxHeight: 1280,
  everyNthFrame: 1,
} as const;

/**
 * Frames are acked no faster than this by default, so a busy page is shown at about 30 frames a
 * second; a screen whose only subscriber asks for fewer (a 10 fps recording) is paced to it, which
 * spares the browser the JPEGs nobody would use.
 */
const MIN_FRAME_INTERVAL_MS = 33;
const DEFAULT_MAX_FPS = 1000 / MIN_FRAME_INTERVAL_MS;

/** What `Page.captureScreenshot` is asked for: the same JPEG as the screencast's frames. */
const SCREENSHOT_PARAMS = { format: 'jpeg', quality: SCREENCAST_PARAMS.quality } as const;

const ignore = (): undefined => undefined;

/** One running browser as the screen source sees it: its tabs and the screencast of one. */
class BrowserLink {
  /** Open tabs (page targets), oldest first: the last is the active one. */
  private readonly tabs: string[] = [];
  /** The tab being shown, over our own session with it, and how its frames are taken. */
  private cast: { targetId: string; sessionId: string; taking?: Sampling } | undefined;
  private wanted = false;
  private settling = false;
  private dirty = false;
  private nextAckAt = 0;
  /** The pace of the acks (or screenshots), set by the fastest subscriber. */
  private frameIntervalMs = MIN_FRAME_INTERVAL_MS;
  /** Whether screenshots may replace the screencast: only recordings watch. */
  private screenshotsAllowed = false;
  private readonly sampling = new SamplingChoice(DEFAULT_MAX_FPS);
  /** Screenshots slow down while the machine has no CPU to spare (cpu-headroom.ts). */
  private readonly screenshotPace = new YieldingPace();
  /** The viewport the screencast last reported, given to screenshots too. */
  private viewport: { width: number; height: number } | undefined;
  private readonly ackTimers = new Set<ReturnType<typeof setTimeout>>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    private readonly connection: CdpConnection,
    private readonly onFrame: (frame: ScreenFrame) => void,
  ) {
    connection.on('Target.targetCreated', (params) => {
      const info = params.targetInfo as { targetId?: string; type?: string } | undefined;
      if (info?.type !== 'page' || !info.targetId || this.tabs.includes(info.targetId)) return;
      this.tabs.push(info.targetId);
      this.settle();
    });
    connection.on('Target.targetDestroyed', (params) => {
      const index = this.tabs.indexOf(String(params.targetId));
      if (index < 0) return;
      this.tabs.splice(index, 1);
      if (this.cast?.targetId === params.targetId) this.cast = undefined;
      this.settle();
    });
    connection.on('Target.detachedFromTarget', (params) => {
      if (this.cast && params.sessionId === this.cast.sessionId) {
        this.cast = undefined;
        this.settle();
      }
    });
    connection.on('Page.screencastFrame', (params, sessionId) => this.frame(params, sessionId));
  }

  /** Connects to the browser's DevTools endpoint and learns its tabs. */
  static async open(wsUrl: string, onFrame: (frame: ScreenFrame) => void): Promise<BrowserLink> {
    const connection = await CdpConnection.connect(wsUrl);
    const link = new BrowserLink(connection, onFrame);
    try {
      // reports every tab already open as targetCreated, then each new one
      await connection.send('Target.setDiscoverTargets', { discover: true });
    } catch (error) {
      connection.close();
      throw error;
    }
    return link;
  }

  /** Casts while `wanted`; stops (and lets the tab go) when not. */
  setWanted(wanted: boolean): void {
    this.wanted = wanted;
    this.settle();
  }

  /**
   * The subscribers' pace: frames a second at most, and whether all of them are slower than a
   * viewer (recordings), which lets screenshots stand in for the screencast on a busy page.
   */
  setPace(framesPerSecond: number, screenshotsAllowed: boolean): void {
    this.frameIntervalMs = 1000 / framesPerSecond;
    this.sampling.setPace(framesPerSecond);
    if (screenshotsAllowed === this.screenshotsAllowed) return;
    this.screenshotsAllowed = screenshotsAllowed;
    this.settle();
  }

  /** How the shown tab's frames are taken now; undefined while none is shown. */
  get taking(): Sampling | undefined {
    return this.cast?.taking;
  }

  /** Sends an `Input.*` command to the tab being shown; false when none is. */
  async input(method: string, params: Params): Promise<boolean> {
    const cast = this.cast;
    if (!cast) return false;
    await this.connection.send(method, params, cast.sessionId);
    return true;
  }

  close(): void {
    for (const timer of this.ackTimers) clearTimeout(timer);
    this.ackTimers.clear();
    clearTimeout(this.retryTimer);
    this.wanted = false;
    this.connection.close();
  }

  /** Brings the screencast in line with what is wanted, one change at a time. */
  private settle(): void {
    this.dirty = true;
    if (this.settling) return;
    this.settling = true;
    void (async () => {
      while (this.dirty && !this.connection.isClosed) {
        this.dirty = false;
        // a tab between two pages cannot be cast yet: tried again shortly
        await this.step().catch(() => this.retrySoon());
      }
      this.settling = false;
    })();
  }

  private retrySoon(): void {
    if (this.retryTimer || !this.wanted || this.connection.isClosed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.settle();
    }, 250);
  }

  private async step(): Promise<void> {
    const target = this.wanted ? this.tabs.at(-1) : undefined;
    if (this.cast && this.cast.targetId !== target) {
      const old = this.cast;
      this.cast = undefined;
      if (old.taking === 'screencast')
        await this.connection.send('Page.stopScreencast', {}, old.sessionId).catch(ignore);
      await this.connection
        .send('Target.detachFromTarget', { sessionId: old.sessionId })
        .catch(ignore);
    }
    if (target === undefined) return;
    if (!this.cast) {
      const { sessionId } = await this.connection.send<{ sessionId: string }>(
        'Target.attachToTarget',
        { targetId: target, flatten: true },
      );
      this.cast = { targetId: target, sessionId };
      this.viewport = undefined;
      this.sampling.reset('screencast', performance.now());
    }
    const cast = this.cast;
    const want: Sampling =
      this.screenshotsAllowed && this.sampling.mode === 'screenshots'
        ? 'screenshots'
        : 'screencast';
    if (cast.taking === want) return;
    if (want === 'screencast') this.sampling.reset('screencast', performance.now());
    // the screenshot loop ends by itself once the cast takes screencast frames
    if (cast.taking === 'screencast')
      await this.connection.send('Page.stopScreencast', {}, cast.sessionId).catch(ignore);
    cast.taking = want;
    if (want === 'screenshots') {
      void this.screenshots(cast);
      return;
    }
    try {
      await this.connection.send('Page.startScreencast', { ...SCREENCAST_PARAMS }, cast.sessionId);
    } catch (error) {
      this.cast = undefined;
      await this.connection
        .send('Target.detachFromTarget', { sessionId: cast.sessionId })
        .catch(ignore);
      throw error;
    }
  }

  /** Screenshots of the cast's tab while it takes them; one that fails: back to the screencast. */
  private screenshots(cast: NonNullable<BrowserLink['cast']>): Promise<void> {
    return takeScreenshots({
      connection: this.connection,
      sessionId: cast.sessionId,
      params: SCREENSHOT_PARAMS,
      intervalMs: () => this.screenshotPace.intervalMs(this.frameIntervalMs),
      going: () => this.cast === cast && cast.taking === 'screenshots' && !this.connection.isClosed,
      // a frame that shows nothing new is not passed on
      onShot: (data, changed) => {
        if (changed) this.emit(data, this.viewport);
        if (this.sampling.screenshot(performance.now(), changed)) this.settle();
      },
      onFailure: () => {
        this.sampling.reset('screencast', performance.now());
        this.settle();
      },
    });
  }

  private frame(params: Params, sessionId: string | undefined): void {
    const cast = this.cast;
    if (!cast || sessionId !== cast.sessionId || typeof params.data !== 'string') return;
    // one that was on its way when screenshots took over
    if (cast.taking !== 'screencast') return;
    // the next frame comes once this one is acked: pacing the acks paces the frames
    const now = performance.now();
    const delay = Math.max(0, this.nextAckAt - now);
    this.nextAckAt = now + delay + this.frameIntervalMs;
    const ack = (): void => {
      void this.connection
        .send('Page.screencastFrameAck', { sessionId: params.sessionId }, cast.sessionId)
        .catch(ignore);
    };
    if (delay === 0) ack();
    else {
      const timer = setTimeout(() => {
        this.ackTimers.delete(timer);
        ack();
      }, delay);
      this.ackTimers.add(timer);
    }
    const metadata = (params.metadata ?? {}) as { deviceWidth?: unknown; deviceHeight?: unknown };
    const viewport =
      typeof metadata.deviceWidth === 'number' && typeof metadata.deviceHeight === 'number'
        ? { width: metadata.deviceWidth, height: metadata.deviceHeight }
        : undefined;
    this.viewport = viewport ?? this.viewport;
    this.emit(params.data, viewport);
    if (this.screenshotsAllowed && this.sampling.screencastFrame(now)) this.settle();
  }

  /** Passes on one frame, given as base64 JPEG. */
  private emit(data: string, viewport: { width: number; height: number } | undefined): void {
    const jpeg = Buffer.from(data, 'base64');
    const size = jpegSize(jpeg) ?? viewport;
    if (!size) return;
    this.onFrame({
      jpeg,
      width: size.width,
      height: size.height,
      capturedAtMs: Date.now(),
      ...(viewport ? { viewport } : {}),
    });
  }
}

/**
 * The screen of a session browser across its relaunches: subscribers stay subscribed while the
 * browser restarts, and the screencast picks up again in the new browser.
 */
export class ActiveTabScreen implements ScreenSource {
  private readonly listeners = new Set<(frame: ScreenFrame) => void>();
  /** The frames a second each subscriber asked for at most. */
  private readonly rates = new Map<(frame: ScreenFrame) => void, number>();
  private newest: ScreenFrame | undefined;
  private link: BrowserLink | undefined;
  private closed = false;

  subscribe(listener: (frame: ScreenFrame) => void, options: { maxFps?: number } = {}): () => void {
    const entry = (frame: ScreenFrame): void => listener(frame);
    this.listeners.add(entry);
    const fps = options.maxFps;
    this.rates.set(
      entry,
      typeof fps === 'number' && fps > 0 ? Math.min(fps, DEFAULT_MAX_FPS) : DEFAULT_MAX_FPS,
    );
    this.pace();
    if (this.newest) this.deliver(entry, this.newest);
    if (this.listeners.size === 1) this.link?.setWanted(true);
    return () => {
      if (!this.listeners.delete(entry)) return;
      this.rates.delete(entry);
      this.pace();
      if (this.listeners.size === 0) this.link?.setWanted(false);
    };
  }

  /** The acks' pace: the fastest subscriber's; screenshots may serve when all are slow. */
  private pace(): void {
    const fastest = Math.max(0, ...this.rates.values());
    if (this.link && fastest > 0) this.link.setPace(fastest, fastest < DEFAULT_MAX_FPS);
  }

  latest(): ScreenFrame | undefined {
    return this.newest;
  }

  /** How the frames are taken now: a screencast, screenshots, or neither (none is shown). */
  get taking(): Sampling | undefined {
    return this.link?.taking;
  }

  /** How many are subscribed now. */
  get subscribers(): number {
    return this.listeners.size;
  }

  /** Follows a (re)launched browser, given its DevTools endpoint. */
  async attach(wsUrl: string): Promise<void> {
    this.detach();
    const link = await BrowserLink.open(wsUrl, (frame) => this.publish(frame));
    if (this.closed || this.link) {
      link.close();
      return;
    }
    this.link = link;
    this.pace();
    if (this.listeners.size > 0) link.setWanted(true);
  }

  /** The browser went away (it is restarting): no frames until the next `attach`. */
  detach(): void {
    this.link?.close();
    this.link = undefined;
    this.newest = undefined;
  }

  /** Sends an `Input.*` command to the tab on screen; false when nothing is on screen. */
  input(method: string, params: Params): Promise<boolean> {
    return this.link ? this.link.input(method, params) : Promise.resolve(false);
  }

  close(): void {
    this.closed = true;
    this.detach();
    this.listeners.clear();
  }

  private publish(frame: ScreenFrame): void {
    this.newest = frame;
    for (const listener of [...this.listeners]) this.deliver(listener, frame);
  }

  private deliver(listener: (frame: ScreenFrame) => void, frame: ScreenFrame): void {
    try {
      listener(frame);
    } catch (error) {
      console.error('screen: a frame listener failed:', error);
    }
  }
}
