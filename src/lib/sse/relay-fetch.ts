import { isRecord } from '../is-record';
import { releasingWhenDone, type TakeDirectSlot } from './direct-slots';
import { STREAM_RELAY_PATH, type FromRelay, type ToRelay } from '../../types/stream-relay';

/**
 * A fetch for event streams that sends them all over one WebSocket to the server's stream relay
 * (server/gateway/stream-relay.ts), so that streams never hold the browser's six HTTP/1.1
 * connections per server: ten streams and ten tabs leave every connection free for the page's
 * short requests (clipboard, history, lists). It answers with an ordinary Response whose body is
 * the stream's bytes, so the readers, the watchdog and the error handling above it are the same
 * as with a plain fetch.
 *
 * Where the relay is not there (a static host or a proxy that forwards no WebSocket, a server of
 * an older version), it says why through `onState` and every request goes through `fallback`
 * (the browser's fetch), asking the relay again after a while.
 */

export interface RelayState {
  /** `relayed`: streams share one WebSocket; `direct`: each stream is its own HTTP request. */
  mode: 'relayed' | 'direct';
  /** Why streams are direct. */
  reason?: string;
}

export interface RelayFetchOptions {
  fallback: typeof fetch;
  /** How many body bytes a stream may have in flight before the page has read them. */
  windowBytes: number;
  /** How long after the relay could not be reached it is tried again. */
  retryAfterMs: number;
  /** How long opening the WebSocket may take before streams go direct. */
  connectTimeoutMs: number;
  onState?: (state: RelayState) => void;
  /**
   * A slot for a stream of its own, if one is free (lib/sse/direct-slots.ts): such a stream is a
   * plain request, the fastest there is; the others are relayed. None by default: all relayed.
   */
  takeDirectSlot?: TakeDirectSlot;
  /** The WebSocket constructor (tests); the global one by default. */
  WebSocket?: typeof WebSocket;
  now?: () => number;
}

/** The relay's address for a stream's URL: `ws(s)://host/api/_streams`; null when not an API URL. */
export function relayUrlFor(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const at = parsed.pathname.indexOf('/api/');
  if (at !== 0 || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null;
  const scheme = parsed.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${parsed.host}/api${STREAM_RELAY_PATH}`;
}

interface Pending {
  /** Settles the fetch: a Response once the head came, or a network error. */
  resolve(response: Response): void;
  reject(error: unknown): void;
  /** The body's side, once the head came. */
  body?: ReadableStreamDefaultController<Uint8Array>;
  queue: Uint8Array[];
  /** A read waiting for bytes. */
  waiting: boolean;
  ended: boolean;
  /** Why the stream was cut short, raised once the bytes that came before it are read. */
  failure?: unknown;
}

/** Statuses whose Response must have a null body (the constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

interface Channel {
  socket: WebSocket;
  streams: Map<number, Pending>;
}

function readFromRelay(text: string): FromRelay | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  if (value.t === 'head' && typeof value.status === 'number' && Array.isArray(value.headers)) {
    const headers = (value.headers as unknown[]).filter(
      (pair): pair is [string, string] =>
        Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
    );
    const statusText = typeof value.statusText === 'string' ? value.statusText : '';
    return { t: 'head', id: value.id, status: value.status, statusText, headers };
  }
  if (value.t === 'end') {
    const reason = typeof value.reason === 'string' ? value.reason : undefined;
    return reason === undefined
      ? { t: 'end', id: value.id, complete: value.complete === true }
      : { t: 'end', id: value.id, complete: value.complete === true, reason };
  }
  return null;
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

export function createRelayFetch(options: RelayFetchOptions): typeof fetch {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const now = options.now ?? Date.now;
  const channels = new Map<string, Promise<Channel>>();
  let directUntil = 0;
  let nextId = 1;
  let lastMode: RelayState['mode'] | undefined;
  const report = (state: RelayState): void => {
    if (state.mode === lastMode && state.mode === 'relayed') return;
    lastMode = state.mode;
    options.onState?.(state);
  };

  const send = (channel: Channel, message: ToRelay): void => {
    if (channel.socket.readyState === 1) channel.socket.send(JSON.stringify(message));
  };

  const connect = (url: string): Promise<Channel> => {
    const existing = channels.get(url);
    if (existing) return existing;
    const opening = new Promise<Channel>((resolve, reject) => {
      const socket = new Socket(url);
      socket.binaryType = 'arraybuffer';
      const channel: Channel = { socket, streams: new Map() };
      let opened = false;
      const timer = setTimeout(() => {
        if (opened) return;
        reject(new Error('the stream relay did not answer in time'));
        socket.close();
      }, options.connectTimeoutMs);
      socket.onopen = () => {
        opened = true;
        clearTimeout(timer);
        resolve(channel);
      };
      socket.onclose = (event) => {
        clearTimeout(timer);
        channels.delete(url);
        if (!opened) {
          reject(new Error(`the server offers no stream relay (WebSocket closed: ${event.code})`));
          return;
        }
        const lost = new TypeError('the connection to the stream relay closed');
        for (const stream of channel.streams.values()) fail(stream, lost);
        channel.streams.clear();
      };
      socket.onerror = () => undefined;
      socket.onmessage = (event: MessageEvent<unknown>) => {
        if (typeof event.data === 'string') onText(channel, event.data);
        else if (event.data instanceof ArrayBuffer) onBytes(channel, event.data);
      };
    });
    channels.set(url, opening);
    opening.catch(() => channels.delete(url));
    return opening;
  };

  const fail = (stream: Pending, error: unknown, dropQueued = false): void => {
    if (stream.ended) return;
    stream.ended = true;
    if (!stream.body) stream.reject(error);
    else if (dropQueued || stream.queue.length === 0) stream.body.error(error);
    // the bytes that came before the cut are read first, as with a plain fetch
    else stream.failure = error;
  };

  const onText = (channel: Channel, text: string): void => {
    const message = readFromRelay(text);
    if (!message) return;
    const stream = channel.streams.get(message.id);
    if (!stream) return;
    if (message.t === 'end') {
      channel.streams.delete(message.id);
      if (message.complete && stream.body) {
        stream.ended = true;
        if (stream.queue.length === 0) stream.body.close();
        return;
      }
      fail(stream, new TypeError(message.reason ?? 'the stream was cut short'));
      return;
    }
    const id = message.id;
    if (message.status < 200 || message.status > 599) {
      // no Response carries such a status: a network error, as fetch gives for what it cannot read,
      // rather than a fetch that never answers
      channel.streams.delete(id);
      send(channel, { t: 'close', id });
      stream.ended = true;
      stream.reject(new TypeError(`the server answered with status ${message.status}`));
      return;
    }
    const nullBody = NULL_BODY_STATUSES.has(message.status);
    const body = nullBody
      ? null
      : new ReadableStream<Uint8Array>(
          {
            start(controller) {
              stream.body = controller;
            },
            pull(controller) {
              const chunk = stream.queue.shift();
              if (chunk === undefined) {
                stream.waiting = true;
                return;
              }
              controller.enqueue(chunk);
              send(channel, { t: 'credit', id, bytes: chunk.byteLength });
              if (!stream.ended || stream.queue.length > 0) return;
              if (stream.failure === undefined) controller.close();
              else controller.error(stream.failure);
            },
            cancel() {
              stream.ended = true;
              channel.streams.delete(id);
              send(channel, { t: 'close', id });
            },
          },
          { highWaterMark: 0 },
        );
    stream.resolve(
      new Response(body, {
        status: message.status,
        statusText: message.statusText,
        headers: message.headers,
      }),
    );
  };

  const onBytes = (channel: Channel, data: ArrayBuffer): void => {
    if (data.byteLength < 4) return;
    const id = new DataView(data).getUint32(0);
    const stream = channel.streams.get(id);
    if (!stream?.body || stream.ended) return;
    const chunk = new Uint8Array(data, 4);
    if (stream.waiting) {
      stream.waiting = false;
      stream.body.enqueue(chunk);
      send(channel, { t: 'credit', id, bytes: chunk.byteLength });
    } else stream.queue.push(chunk);
  };

  const relayed = async (
    url: string,
    relay: string,
    headers: Record<string, string>,
    signal: AbortSignal | null | undefined,
  ): Promise<Response> => {
    const channel = await connect(relay);
    report({ mode: 'relayed' });
    if (signal?.aborted) throw abortError();
    const id = nextId;
    nextId += 1;
    const parsed = new URL(url);
    const path = `${parsed.pathname.slice('/api'.length)}${parsed.search}`;
    return new Promise<Response>((resolve, reject) => {
      const stream: Pending = { resolve, reject, queue: [], waiting: false, ended: false };
      channel.streams.set(id, stream);
      send(channel, { t: 'open', id, path, headers, credit: options.windowBytes });
      signal?.addEventListener(
        'abort',
        () => {
          if (!channel.streams.has(id)) return;
          channel.streams.delete(id);
          send(channel, { t: 'close', id });
          fail(stream, abortError(), true);
        },
        { once: true },
      );
    });
  };

  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const relay = Socket === undefined ? null : relayUrlFor(url);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (relay === null || method !== 'GET' || now() < directUntil)
      return options.fallback(input, init);
    const slot = await options.takeDirectSlot?.();
    if (slot) {
      try {
        return releasingWhenDone(await options.fallback(input, init), slot, init?.signal);
      } catch (error) {
        slot();
        throw error;
      }
    }
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    let unrelayed: string | undefined;
    try {
      await connect(relay);
    } catch (error) {
      unrelayed = error instanceof Error ? error.message : String(error);
      directUntil = now() + options.retryAfterMs;
    }
    if (unrelayed === undefined) return relayed(url, relay, headers, init?.signal);
    const response = await options.fallback(input, init);
    // the server answers, but not on the relay (a server that is down is not news here)
    if (response.status < 500) report({ mode: 'direct', reason: unrelayed });
    return response;
  };
}
