// A live view viewer for tests: its socket opened as the live view page opens it, recording the
// frames and messages that arrive, with clicks and keys sent as the page sends them.
import WebSocket from 'ws';
import { sleep } from './event-log.ts';

/** A viewer's socket, as the live view page opens it, recording what arrives. */
export class ViewerClient {
  readonly frames: { at: number; jpeg: Buffer }[] = [];
  readonly texts: string[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.frames.push({ at: performance.now(), jpeg: data as Buffer });
      else this.texts.push(String(data));
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static socketUrl(liveUrl: string, readOnly = false): string {
    const url = new URL('socket', liveUrl);
    url.search = new URL(liveUrl).search + (readOnly ? '&readOnly=true' : '');
    url.protocol = 'ws:';
    return url.href;
  }

  /** Opens a viewer's socket; listening from the start, so the first message is not missed. */
  static async open(liveUrl: string, readOnly = false): Promise<ViewerClient> {
    const viewer = new ViewerClient(new WebSocket(ViewerClient.socketUrl(liveUrl, readOnly)));
    await new Promise<void>((resolve, reject) => {
      viewer.ws.once('open', () => resolve());
      viewer.ws.once('error', reject);
    });
    return viewer;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  click(at: { x: number; y: number }): void {
    for (const action of ['move', 'down', 'up'])
      this.send({
        type: 'mouse',
        action,
        ...at,
        button: 'left',
        buttons: action === 'down' ? 1 : 0,
        clickCount: 1,
      });
  }

  type(text: string): void {
    for (const key of text) {
      this.send({
        type: 'key',
        action: 'down',
        key,
        code: `Key${key.toUpperCase()}`,
        keyCode: key.toUpperCase().charCodeAt(0),
      });
      this.send({
        type: 'key',
        action: 'up',
        key,
        code: `Key${key.toUpperCase()}`,
        keyCode: key.toUpperCase().charCodeAt(0),
      });
    }
  }

  async waitForFrames(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.frames.length} frames arrived`);
      await sleep(20);
    }
  }

  async close(): Promise<void> {
    this.ws.close();
    await this.closed;
  }
}

export async function until<T>(
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await sleep(50);
  }
}
