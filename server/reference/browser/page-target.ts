import type { CdpConnection } from './cdp-connection.ts';
import {
  consoleApiEvent,
  exceptionEvent,
  type ConsoleApiCalled,
  type ExceptionDetails,
} from './console-events.ts';
import {
  INTERACTION_BINDING,
  INTERACTION_SCRIPT,
  INTERACTION_WORLD,
  parseInteraction,
} from './interaction-script.ts';
import { NetworkTracker } from './network-events.ts';

type Params = Record<string, unknown>;

/** A telemetry event as the collector produces it; the session stamps `ts` and applies flags. */
export interface CollectedEvent {
  /** When it happened (microseconds); the session stamps events without one as they arrive. */
  ts?: number;
  type: string;
  category: string;
  source: { kind: 'cdp'; event: string; metadata?: Record<string, string> };
  data: Record<string, unknown>;
}

/** Where a page target's events go, and what the collector needs from the rest of the browser. */
export interface PageSink {
  emit(event: CollectedEvent): void;
  /** Whether events of `category` are being captured now (skips costly work when not). */
  captures(category: string): boolean;
  /** A page loaded or threw: a screenshot of it is due (the sink throttles). */
  screenshotDue(target: PageTarget): void;
}

/** A page shows no layout shift for this long after its load: `page_layout_settled`. */
export const LAYOUT_SETTLE_MS = 1000;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** CDP domain events a page target handles; the collector routes them by session id. */
export const PAGE_EVENTS = [
  'Runtime.executionContextCreated',
  'Runtime.executionContextsCleared',
  'Runtime.consoleAPICalled',
  'Runtime.exceptionThrown',
  'Runtime.bindingCalled',
  'Page.frameNavigated',
  'Page.domContentEventFired',
  'Page.loadEventFired',
  'PerformanceTimeline.timelineEventAdded',
  'Network.requestWillBeSent',
  'Network.requestWillBeSentExtraInfo',
  'Network.requestServedFromCache',
  'Network.responseReceived',
  'Network.responseReceivedExtraInfo',
  'Network.loadingFinished',
  'Network.loadingFailed',
  'Network.webSocketCreated',
  'Network.webSocketWillSendHandshakeRequest',
  'Network.webSocketHandshakeResponseReceived',
  'Network.webSocketFrameError',
  'Network.webSocketClosed',
  'Inspector.targetCrashed',
  'Inspector.targetReloadedAfterCrash',
] as const;

/**
 * One page (tab) of the session browser, observed over a flat CDP session: console, exceptions,
 * network, page lifecycle, performance timeline and interactions, each with the page context
 * (`session_id`, `target_id`, `target_type`, `frame_id`, `loader_id`, `url`, `nav_seq`).
 */
export class PageTarget {
  url: string;
  private loaderId = '';
  private navSeq = 0;
  /** Execution context id → frame id; contexts of our isolated world are not listed. */
  private readonly contexts = new Map<number, string>();
  private readonly ownContexts = new Set<number>();
  private readonly network: NetworkTracker;
  private loaded = false;
  private layoutSettled = false;
  private networkIdle = false;
  private navigationSettled = false;
  private layoutTimer: ReturnType<typeof setTimeout> | undefined;
  /** The renderer crashed and `page_crashed` was published; cleared when the page runs again. */
  private crashReported = false;
  private disposed = false;

  constructor(
    private readonly connection: CdpConnection,
    readonly sessionId: string,
    readonly targetId: string,
    readonly targetType: string,
    url: string,
    private readonly sink: PageSink,
  ) {
    this.url = url;
    this.network = new NetworkTracker(
      (type, method, data) => this.emit(type, 'network', method, data),
      (requestId) =>
        this.send<{ body: string; base64Encoded: boolean }>('Network.getResponseBody', {
          requestId,
        }),
      () => this.networkWentIdle(),
    );
  }

  /** Enables the domains and lets the page run (it was paused by auto-attach). */
  async init(): Promise<void> {
    const steps: Promise<unknown>[] = [
      this.send('Runtime.enable'),
      this.send('Runtime.setAsyncCallStackDepth', { maxDepth: 32 }),
      this.send('Page.enable'),
      this.send('Network.enable', {
        maxTotalBufferSize: 32 * 1024 * 1024,
        maxResourceBufferSize: 4 * 1024 * 1024,
      }),
      this.send('PerformanceTimeline.enable', {
        eventTypes: ['layout-shift', 'largest-contentful-paint'],
      }),
      this.send('Runtime.addBinding', {
        name: INTERACTION_BINDING,
        executionContextName: INTERACTION_WORLD,
      }),
      this.send('Page.addScriptToEvaluateOnNewDocument', {
        source: INTERACTION_SCRIPT,
        worldName: INTERACTION_WORLD,
        runImmediately: true,
      }),
      // Renderer crashes (`Inspector.targetCrashed`); the browser-level `Target.targetCrashed`
      // reports them too, so a page is still covered if this fails.
      this.send('Inspector.enable').catch(() => undefined),
    ];
    try {
      await Promise.all(steps);
    } finally {
      await this.send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
    }
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.layoutTimer);
    this.network.dispose();
  }

  send<T = Params>(method: string, params: Params = {}): Promise<T> {
    return this.connection.send<T>(method, params, this.sessionId);
  }

  /** The page context fields every page-level event carries. */
  context(frameId?: string): Record<string, unknown> {
    return {
      session_id: this.sessionId,
      target_id: this.targetId,
      target_type: this.targetType,
      frame_id: frameId || this.targetId,
      loader_id: this.loaderId,
      url: this.url,
      nav_seq: this.navSeq,
    };
  }

  handle(method: string, params: Params): void {
    if (this.disposed) return;
    if (method.startsWith('Network.')) {
      this.network.handle(method, params, this.sink.captures('network'));
      return;
    }
    switch (method) {
      case 'Runtime.executionContextCreated':
        return this.contextCreated(params);
      case 'Runtime.executionContextsCleared':
        this.contexts.clear();
        this.ownContexts.clear();
        return;
      case 'Runtime.consoleAPICalled':
        return this.consoleCalled(params);
      case 'Runtime.exceptionThrown':
        return this.exceptionThrown(params);
      case 'Runtime.bindingCalled':
        return this.bindingCalled(params);
      case 'Page.frameNavigated':
        return this.frameNavigated(params);
      case 'Page.domContentEventFired':
        return this.emitPage('page_dom_content_loaded', method, {
          ...this.context(),
          cdp_timestamp: num(params.timestamp) ?? 0,
        });
      case 'Page.loadEventFired':
        return this.loadFired(params);
      case 'PerformanceTimeline.timelineEventAdded':
        return this.timelineEvent(params);
      case 'Inspector.targetCrashed':
        return this.crashed(method);
      case 'Inspector.targetReloadedAfterCrash':
        this.crashReported = false;
        return;
    }
  }

  /**
   * The page's renderer process crashed (the browser itself lives on): `page_crashed` with the
   * target and the URL it was on, once per crash however many of the CDP events saying so arrive.
   */
  crashed(method: string): void {
    if (this.disposed || this.crashReported) return;
    this.crashReported = true;
    this.sink.emit({
      type: 'page_crashed',
      category: 'page',
      source: {
        kind: 'cdp',
        event: method,
        metadata: { session_id: this.sessionId, target_id: this.targetId },
      },
      data: { target_id: this.targetId, target_type: this.targetType, url: this.url },
    });
  }

  private emit(type: string, category: string, method: string, data: Record<string, unknown>) {
    if (this.disposed) return;
    const withContext = category === 'network' ? { ...this.context(), ...data } : data;
    this.sink.emit({ type, category, source: { kind: 'cdp', event: method }, data: withContext });
  }

  private emitPage(type: string, method: string, data: Record<string, unknown>): void {
    this.emit(type, 'page', method, data);
  }

  private contextCreated(params: Params): void {
    const context = params.context as
      { id: number; name?: string; auxData?: { frameId?: string; type?: string } } | undefined;
    if (!context) return;
    if (context.name === INTERACTION_WORLD) this.ownContexts.add(context.id);
    else this.contexts.set(context.id, context.auxData?.frameId ?? '');
  }

  private consoleCalled(params: Params): void {
    const contextId = num(params.executionContextId);
    if (contextId !== undefined && this.ownContexts.has(contextId)) return;
    const { type, data } = consoleApiEvent(params as unknown as ConsoleApiCalled);
    const frameId = contextId === undefined ? undefined : this.contexts.get(contextId);
    this.emit(type, 'console', 'Runtime.consoleAPICalled', { ...this.context(frameId), ...data });
  }

  private exceptionThrown(params: Params): void {
    const details = params.exceptionDetails as ExceptionDetails | undefined;
    if (!details) return;
    const contextId = num((details as { executionContextId?: unknown }).executionContextId);
    if (contextId !== undefined && this.ownContexts.has(contextId)) return;
    const frameId = contextId === undefined ? undefined : this.contexts.get(contextId);
    this.emit('console_error', 'console', 'Runtime.exceptionThrown', {
      ...this.context(frameId),
      ...exceptionEvent(details),
    });
    this.sink.screenshotDue(this);
  }

  private bindingCalled(params: Params): void {
    if (params.name !== INTERACTION_BINDING) return;
    const contextId = num(params.executionContextId);
    if (contextId === undefined || !this.ownContexts.has(contextId)) return;
    const interaction = parseInteraction(str(params.payload));
    if (!interaction) return;
    this.emit(interaction.type, 'interaction', 'Runtime.bindingCalled', {
      ...this.context(),
      ...interaction.data,
    });
  }

  private frameNavigated(params: Params): void {
    const frame = (params.frame ?? {}) as {
      id?: string;
      parentId?: string;
      loaderId?: string;
      url?: string;
      urlFragment?: string;
    };
    const url = `${str(frame.url)}${str(frame.urlFragment)}`;
    if (!frame.parentId) {
      this.crashReported = false;
      this.navSeq++;
      this.url = url;
      this.loaderId = str(frame.loaderId);
      this.loaded = false;
      this.layoutSettled = false;
      this.networkIdle = false;
      this.navigationSettled = false;
      clearTimeout(this.layoutTimer);
    }
    this.emitPage('page_navigation', 'Page.frameNavigated', {
      url,
      frame_id: str(frame.id),
      parent_frame_id: str(frame.parentId),
      loader_id: str(frame.loaderId),
      session_id: this.sessionId,
      target_id: this.targetId,
      target_type: this.targetType,
      nav_seq: this.navSeq,
    });
  }

  private loadFired(params: Params): void {
    this.emitPage('page_load', 'Page.loadEventFired', {
      ...this.context(),
      cdp_timestamp: num(params.timestamp) ?? 0,
    });
    this.loaded = true;
    if (this.network.inFlight === 0 && !this.network.idlePending) this.networkIdle = true;
    this.armLayoutTimer();
    this.sink.screenshotDue(this);
  }

  private timelineEvent(params: Params): void {
    const event = (params.event ?? {}) as Params;
    const base = {
      ...this.context(),
      source_frame_id: str(event.frameId),
      time: num(event.time) ?? 0,
      duration: num(event.duration) ?? 0,
    };
    if (event.type === 'layout-shift') {
      const details = (event.layoutShiftDetails ?? {}) as Params;
      this.emitPage('page_layout_shift', 'PerformanceTimeline.timelineEventAdded', {
        ...base,
        layout_shift_details: {
          value: num(details.value) ?? 0,
          had_recent_input: details.hadRecentInput === true,
        },
      });
      if (this.loaded && !this.layoutSettled) this.armLayoutTimer();
    } else if (event.type === 'largest-contentful-paint') {
      const details = (event.lcpDetails ?? {}) as Params;
      this.emitPage('page_lcp', 'PerformanceTimeline.timelineEventAdded', {
        ...base,
        lcp_details: {
          render_time: num(details.renderTime) ?? 0,
          load_time: num(details.loadTime) ?? 0,
          size: num(details.size) ?? 0,
          element_id: str(details.elementId),
          url: str(details.url),
          node_id: num(details.nodeId) ?? 0,
        },
      });
    }
  }

  private armLayoutTimer(): void {
    clearTimeout(this.layoutTimer);
    this.layoutTimer = setTimeout(() => {
      this.layoutTimer = undefined;
      if (this.disposed || this.layoutSettled) return;
      this.layoutSettled = true;
      this.emitPage(
        'page_layout_settled',
        'PerformanceTimeline.timelineEventAdded',
        this.context(),
      );
      this.maybeNavigationSettled();
    }, LAYOUT_SETTLE_MS);
  }

  private networkWentIdle(): void {
    this.emit('network_idle', 'network', 'Network.loadingFinished', {});
    if (!this.loaded) return;
    this.networkIdle = true;
    this.maybeNavigationSettled();
  }

  private maybeNavigationSettled(): void {
    if (this.navigationSettled || !this.loaded || !this.layoutSettled || !this.networkIdle) return;
    this.navigationSettled = true;
    this.emitPage('page_navigation_settled', 'Page.loadEventFired', this.context());
  }
}
