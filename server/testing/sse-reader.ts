/** One SSE frame as the server wrote it; comment frames are kept (the client library hides them). */
export interface RawFrame {
  id?: string;
  data?: string;
  comment?: string;
}

/**
 * A test-side SSE reader over fetch that records every frame, including comments, and lets a
 * test wait for a condition without sleeping.
 */
export class SseReader {
  readonly frames: RawFrame[] = [];
  readonly response: Response;
  closed = false;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private readonly abort: AbortController;

  private constructor(response: Response, abort: AbortController) {
    this.response = response;
    this.abort = abort;
    void this.pump();
  }

  static async open(url: string, headers: Record<string, string>): Promise<SseReader> {
    const abort = new AbortController();
    const response = await fetch(url, { headers, signal: abort.signal });
    return new SseReader(response, abort);
  }

  get data(): string[] {
    return this.frames.flatMap((frame) => (frame.data === undefined ? [] : [frame.data]));
  }

  json<T>(): T[] {
    return this.data.map((text) => JSON.parse(text) as T);
  }

  private async pump(): Promise<void> {
    const reader = this.response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) !== -1) {
          this.frames.push(parseFrame(this.buffer.slice(0, end)));
          this.buffer = this.buffer.slice(end + 2);
        }
        this.notify();
      }
    } catch {
      // aborted or dropped: the test observes `closed`
    }
    this.closed = true;
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once `condition` holds; rejects after `timeoutMs` with what was received. */
  async until(condition: (reader: SseReader) => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition(this)) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `timed out; ${this.frames.length} frames, closed=${this.closed}, last=${JSON.stringify(this.frames.at(-1))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}

function parseFrame(text: string): RawFrame {
  const frame: RawFrame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1);
    else if (line.startsWith('id: ')) frame.id = line.slice(4);
    else if (line.startsWith('data: '))
      frame.data = frame.data === undefined ? line.slice(6) : `${frame.data}\n${line.slice(6)}`;
  }
  return frame;
}
