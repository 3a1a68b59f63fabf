import type { ServerResponse } from 'node:http';

/** Starts a Server-Sent Events response the way upstream does. */
export function startSse(res: ServerResponse, extraHeaders: Record<string, string> = {}): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    ...extraHeaders,
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
}
