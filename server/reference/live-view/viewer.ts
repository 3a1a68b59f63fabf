// One viewer of a session's live view, over its WebSocket: the active tab's frames go out as
// binary JPEG messages (the newest one waits while the viewer is still receiving earlier ones),
// and its mouse, wheel and key messages come in and are replayed in the tab — unless it connected
// read-only, when the server ignores every message it sends. Its arrival and departure are the
// session's `live_view_connect` / `live_view_disconnect` events.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { ScreenFrame } from '../browser/screen-source.ts';
import type { SessionBrowser } from '../browser/session-browser.ts';
import type { Session } from '../session.ts';
import { inputCommand, type Viewport } from './input.ts';

/** Close codes the live view page understands (4000–4999 are the application's). */
export const CLOSE_SESSION_ENDED = 4000;
export const CLOSE_SERVER_CLOSING = 1001;

/** Frames written to the socket but not yet flushed before the newest one is held back. */
const MAX_FRAMES_IN_FLIGHT = 2;
/** A viewer that answers no ping for this long is gone. */
const PING_INTERVAL_MS = 30_000;

const SOURCE = { kind: 'kernel_api', event: 'live_view' } as const;

export interface ViewerOptions {
  session: Session;
  browser: SessionBrowser;
  readOnly: boolean;
}

export interface Viewer {
  /** Closes the viewer's socket; `reason` is what its `live_view_disconnect` says. */
  close(reason: string, code: number, text: string): void;
}

/** Serves one viewer until its socket closes. */
export function serveViewer(socket: WebSocket, options: ViewerOptions): Viewer {
  const { session, browser, readOnly } = options;
  const connectionId = randomUUID();
  const started = performance.now();
  let framesSent = 0;
  let inputsForwarded = 0;
  let inputsIgnored = 0;
  let inFlight = 0;
  let held: ScreenFrame | undefined;
  let viewport: Viewport | undefined;
  let reason = 'viewer_closed';
  let alive = true;

  session.capture({
    type: 'live_view_connect',
    category: 'connection',
    source: SOURCE,
    data: { connection_id: connectionId, read_only: readOnly },
  });
  socket.send(JSON.stringify({ type: 'hello', readOnly }));

  const send = (frame: ScreenFrame): void => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (inFlight >= MAX_FRAMES_IN_FLIGHT) {
      held = frame;
      return;
    }
    inFlight++;
    framesSent++;
    viewport = frame.viewport ?? { width: frame.width, height: frame.height };
    socket.send(frame.jpeg, { binary: true }, () => {
      inFlight--;
      const next = held;
      held = undefined;
      if (next) send(next);
    });
  };
  const unsubscribe = browser.screen.subscribe(send);

  let reported = false;
  /** The viewer's `live_view_disconnect`, once, as soon as it is known to be leaving. */
  const report = (): void => {
    if (reported) return;
    reported = true;
    session.capture({
      type: 'live_view_disconnect',
      category: 'connection',
      source: SOURCE,
      data: {
        connection_id: connectionId,
        read_only: readOnly,
        duration_ms: Math.round(performance.now() - started),
        reason,
        frames_sent: framesSent,
        inputs_forwarded: inputsForwarded,
        inputs_ignored: inputsIgnored,
      },
    });
  };
  const close = (why: string, code: number, text: string): void => {
    reason = why;
    report();
    socket.close(code, text);
  };
  const stopOnEnd = session.onEnd(() =>
    close('session_ended', CLOSE_SESSION_ENDED, 'the session has ended'),
  );

  socket.on('message', (data, isBinary) => {
    // read-only is the server's rule, not only the page's: nothing a read-only viewer sends
    // reaches the browser
    if (readOnly || isBinary || !viewport) {
      inputsIgnored++;
      return;
    }
    const command = inputCommand(String(data), viewport);
    if (!command) {
      inputsIgnored++;
      return;
    }
    inputsForwarded++;
    browser.input(command.method, command.params).catch(() => undefined);
  });

  socket.on('pong', () => {
    alive = true;
  });
  const pinger = setInterval(() => {
    if (!alive) {
      reason = 'timeout';
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, PING_INTERVAL_MS);
  pinger.unref();

  socket.on('error', () => undefined);
  socket.on('close', () => {
    clearInterval(pinger);
    unsubscribe();
    stopOnEnd();
    report();
  });
  return { close };
}
