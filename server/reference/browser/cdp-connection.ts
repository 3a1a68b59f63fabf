import WebSocket from 'ws';

type Params = Record<string, unknown>;
export type CdpHandler = (params: Params, sessionId: string | undefined) => void;

/** A CDP error answer: `{code, message}` of the failed command. */
export class CdpError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message}`);
  }
}

interface Pending {
  method: string;
  resolve: (result: Params) => void;
  reject: (error: Error) => void;
}

/**
 * One Chrome DevTools Protocol connection over a WebSocket, with flat sessions: a command or
 * event names the target session it belongs to with `sessionId`.
 */
export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, Set<CdpHandler>>();
  private readonly closeHandlers = new Set<(reason: string) => void>();
  private closedReason: string | undefined;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(String(data)));
    socket.on('close', () => this.closed('connection closed'));
    socket.on('error', (error) => this.closed(error.message));
  }

  /** Opens a connection to a DevTools WebSocket endpoint. */
  static connect(url: string, timeoutMs = 10_000): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, {
        perMessageDeflate: false,
        maxPayload: 512 * 1024 * 1024,
      });
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error(`CDP connection to ${url} timed out`));
      }, timeoutMs);
      socket.once('open', () => {
        clearTimeout(timer);
        resolve(new CdpConnection(socket));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  get isClosed(): boolean {
    return this.closedReason !== undefined;
  }

  /** Sends a command and resolves with its result (rejects with a CdpError on an error answer). */
  send<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    if (this.closedReason !== undefined) {
      return Promise.reject(new Error(`${method}: ${this.closedReason}`));
    }
    const id = this.nextId++;
    const message = sessionId ? { id, method, params, sessionId } : { id, method, params };
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (result: Params) => void, reject });
      this.socket.send(JSON.stringify(message));
    });
  }

  /** Calls `handler` for every event named `method`; returns a function that removes it. */
  on(method: string, handler: CdpHandler): () => void {
    let set = this.handlers.get(method);
    if (!set) {
      set = new Set();
      this.handlers.set(method, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Calls `handler` once when the connection closes, for whatever reason. */
  onClose(handler: (reason: string) => void): void {
    if (this.closedReason !== undefined) handler(this.closedReason);
    else this.closeHandlers.add(handler);
  }

  close(): void {
    this.socket.close();
    this.closed('closed by this side');
  }

  private receive(text: string): void {
    let message: {
      id?: number;
      method?: string;
      params?: Params;
      result?: Params;
      error?: { code: number; message: string };
      sessionId?: string;
    };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.error)
        pending.reject(new CdpError(pending.method, message.error.code, message.error.message));
      else pending.resolve(message.result ?? {});
      return;
    }
    if (!message.method) return;
    const set = this.handlers.get(message.method);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(message.params ?? {}, message.sessionId);
      } catch (error) {
        console.error(`CDP handler for ${message.method} failed:`, error);
      }
    }
  }

  private closed(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    for (const pending of this.pending.values())
      pending.reject(new Error(`${pending.method}: ${reason}`));
    this.pending.clear();
    for (const handler of this.closeHandlers) handler(reason);
    this.closeHandlers.clear();
  }
}
