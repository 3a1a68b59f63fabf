import { CdpConnection } from './cdp-connection.ts';
import { INTERACTION_WORLD } from './interaction-script.ts';
import { PAGE_EVENTS, PageTarget, type CollectedEvent } from './page-target.ts';
import { Screenshots } from './screenshots.ts';

type Params = Record<string, unknown>;

export interface CollectorSink {
  emit(event: CollectedEvent): void;
  captures(category: string): boolean;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  title: string;
  openerId?: string;
}

/**
 * Copies `text` into the browser's clipboard from an isolated world, through a copy event.
 * Chromium skips the copy event while the selection is inside a password field, so when the
 * first attempt does not land, the selection is set aside for the copy and put back after it.
 */
const COPY_EXPRESSION = (text: string): string => `(() => {
  const copy = () => {
    let written = false;
    const onCopy = (event) => {
      event.clipboardData.setData('text/plain', ${JSON.stringify(text)});
      event.preventDefault();
      event.stopImmediatePropagation();
      written = true;
    };
    document.addEventListener('copy', onCopy, { capture: true });
    try { document.execCommand('copy'); } finally {
      document.removeEventListener('copy', onCopy, { capture: true });
    }
    return written;
  };
  if (copy()) return true;
  const focused = document.activeElement;
  const range = focused && typeof focused.selectionStart === 'number'
    ? [focused.selectionStart, focused.selectionEnd, focused.selectionDirection] : null;
  const selection = window.getSelection();
  selection && selection.removeAllRanges();
  const written = copy();
  if (focused && typeof focused.focus === 'function') {
    focused.focus({ preventScroll: true });
    if (range) try { focused.setSelectionRange(range[0], range[1], range[2]); } catch {}
  }
  return written;
})()`;

/** Reads the clipboard through a paste event, for pages where the async API is not available. */
const PASTE_EXPRESSION = `(() => {
  let text = null;
  const onPaste = (event) => {
    text = event.clipboardData.getData('text/plain');
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  document.addEventListener('paste', onPaste, { capture: true });
  try { document.execCommand('paste'); } finally {
    document.removeEventListener('paste', onPaste, { capture: true });
  }
  return text;
})()`;

/**
 * Observes a whole browser over one CDP connection: attaches to every page as it appears
 * (paused until its domains are enabled, so nothing early is missed) and turns what happens in
 * it into telemetry events.
 */
export class CdpCollector {
  private readonly pages = new Map<string, PageTarget>();
  private readonly screenshots: Screenshots;
  private closed = false;

  private constructor(
    readonly connection: CdpConnection,
    private readonly sink: CollectorSink,
  ) {
    this.screenshots = new Screenshots((event) => this.sink.emit(event));
    for (const method of PAGE_EVENTS) {
      connection.on(method, (params, sessionId) => {
        if (sessionId) this.pages.get(sessionId)?.handle(method, params);
      });
    }
    connection.on('Target.targetCreated', (params) => this.targetCreated(params));
    connection.on('Target.targetInfoChanged', (params) => this.targetInfoChanged(params));
    connection.on('Target.attachedToTarget', (params) => void this.attached(params));
    connection.on('Target.detachedFromTarget', (params) => this.detached(params));
    connection.on('Target.targetCrashed', (params) => this.targetCrashed(params));
    connection.onClose(() => this.dispose());
  }

  /** Connects to a browser's DevTools endpoint and starts observing it. */
  static async attach(wsUrl: string, sink: CollectorSink): Promise<CdpCollector> {
    const connection = await CdpConnection.connect(wsUrl);
    const collector = new CdpCollector(connection, sink);
    try {
      await connection.send('Target.setDiscoverTargets', { discover: true });
      await connection.send('Target.setAutoAttach', {
        autoAttach: true,
        waitForDebuggerOnStart: true,
        flatten: true,
      });
    } catch (error) {
      connection.close();
      throw error;
    }
    return collector;
  }

  get isClosed(): boolean {
    return this.closed || this.connection.isClosed;
  }

  onClose(handler: (reason: string) => void): void {
    this.connection.onClose(handler);
  }

  close(): void {
    this.dispose();
    this.connection.close();
  }

  /** The page an operation without a page of its own (the clipboard) runs in: the newest. */
  private activePage(): PageTarget | undefined {
    return [...this.pages.values()].at(-1);
  }

  /** Evaluates in our isolated world of the page's main frame, with a user gesture. */
  private async evaluateIsolated(
    page: PageTarget,
    expression: string,
    awaitPromise = false,
  ): Promise<unknown> {
    const world = await page.send<{ executionContextId: number }>('Page.createIsolatedWorld', {
      frameId: page.targetId,
      worldName: `${INTERACTION_WORLD}clipboard`,
    });
    const result = await page.send<{
      result?: { value?: unknown };
      exceptionDetails?: { text?: string };
    }>('Runtime.evaluate', {
      expression,
      contextId: world.executionContextId,
      userGesture: true,
      awaitPromise,
      returnByValue: true,
    });
    if (result.exceptionDetails) throw new Error(result.exceptionDetails.text ?? 'script failed');
    return result.result?.value;
  }

  /**
   * Runs `work` with the page treated as focused: a headless page that never had input is not,
   * and the browser refuses clipboard access to unfocused documents. Focus emulation is a setting
   * of this CDP session only, so an agent's own settings are untouched.
   */
  private async focused<T>(page: PageTarget, work: () => Promise<T>): Promise<T> {
    await page.send('Emulation.setFocusEmulationEnabled', { enabled: true }).catch(() => undefined);
    try {
      return await work();
    } finally {
      await page
        .send('Emulation.setFocusEmulationEnabled', { enabled: false })
        .catch(() => undefined);
    }
  }

  /**
   * Puts `text` on the browser's clipboard, where a paste in any of its pages finds it. Throws
   * when there is no page to do it from or the browser refuses.
   */
  async writeClipboard(text: string): Promise<void> {
    const page = this.activePage();
    if (!page) throw new Error('the browser has no open page');
    await this.focused(page, async () => {
      if ((await this.evaluateIsolated(page, COPY_EXPRESSION(text)).catch(() => false)) === true)
        return;
      await this.connection
        .send('Browser.grantPermissions', {
          permissions: ['clipboardReadWrite', 'clipboardSanitizedWrite'],
        })
        .catch(() => undefined);
      const outcome = await this.evaluateIsolated(
        page,
        `navigator.clipboard ? navigator.clipboard.writeText(${JSON.stringify(text)}).then(() => 'ok', (e) => String(e)) : 'the page allows no clipboard access'`,
        true,
      );
      if (outcome !== 'ok') throw new Error(String(outcome));
    });
  }

  /** What the browser's clipboard holds now (plain text), or undefined when it cannot be read. */
  async readClipboard(): Promise<string | undefined> {
    const page = this.activePage();
    if (!page) return undefined;
    return this.focused(page, async () => {
      await this.connection
        .send('Browser.grantPermissions', { permissions: ['clipboardReadWrite'] })
        .catch(() => undefined);
      const read = await this.evaluateIsolated(
        page,
        `navigator.clipboard ? navigator.clipboard.readText().then((t) => ({ t }), () => null) : null`,
        true,
      ).catch(() => null);
      if (read && typeof read === 'object' && typeof (read as { t?: unknown }).t === 'string')
        return (read as { t: string }).t;
      const pasted = await this.evaluateIsolated(page, PASTE_EXPRESSION).catch(() => null);
      return typeof pasted === 'string' ? pasted : undefined;
    });
  }

  private targetCreated(params: Params): void {
    const info = params.targetInfo as TargetInfo | undefined;
    if (!info || info.type !== 'page') return;
    this.sink.emit({
      type: 'page_tab_opened',
      category: 'page',
      source: { kind: 'cdp', event: 'Target.targetCreated' },
      data: {
        target_id: info.targetId,
        target_type: info.type,
        url: info.url,
        title: info.title,
        opener_id: info.openerId ?? '',
      },
    });
  }

  private targetInfoChanged(params: Params): void {
    const info = params.targetInfo as TargetInfo | undefined;
    if (!info) return;
    for (const page of this.pages.values())
      if (page.targetId === info.targetId) page.url = info.url;
  }

  private targetCrashed(params: Params): void {
    const targetId = typeof params.targetId === 'string' ? params.targetId : '';
    for (const page of this.pages.values())
      if (page.targetId === targetId) page.crashed('Target.targetCrashed');
  }

  private async attached(params: Params): Promise<void> {
    const sessionId = typeof params.sessionId === 'string' ? params.sessionId : '';
    const info = params.targetInfo as TargetInfo | undefined;
    if (!sessionId || !info) return;
    if (info.type !== 'page') {
      // Browser UI, workers and the like: let them run and stop listening.
      await this.connection
        .send('Runtime.runIfWaitingForDebugger', {}, sessionId)
        .catch(() => undefined);
      await this.connection.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      return;
    }
    const page = new PageTarget(this.connection, sessionId, info.targetId, info.type, info.url, {
      emit: (event) => this.sink.emit(event),
      captures: (category) => this.sink.captures(category),
      screenshotDue: (target) => {
        if (this.sink.captures('screenshot')) this.screenshots.request(target);
      },
    });
    this.pages.set(sessionId, page);
    try {
      await page.init();
    } catch (error) {
      if (!this.connection.isClosed && this.pages.has(sessionId))
        console.error(`collector: could not observe page ${info.targetId}:`, error);
    }
  }

  private detached(params: Params): void {
    const sessionId = typeof params.sessionId === 'string' ? params.sessionId : '';
    const page = this.pages.get(sessionId);
    if (!page) return;
    page.dispose();
    this.pages.delete(sessionId);
    this.screenshots.forget(page);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const page of this.pages.values()) page.dispose();
    this.pages.clear();
    this.screenshots.dispose();
  }
}
