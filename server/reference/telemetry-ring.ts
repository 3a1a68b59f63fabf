import type { ServerResponse } from 'node:http';
import type { TelemetryEvent } from '../../src/types/api.ts';

/** Most bytes one reader writes in a single `write` call while catching up. */
const WRITE_BATCH_BYTES = 256 * 1024;

/** Where every published envelope also goes, as rendered: the session's telemetry history. */
export interface EnvelopeSink {
  append(ts: number, category: string, json: string): void;
}

/** A reader of the ring: an open telemetry stream. */
export interface RingReader {
  pump(): void;
  end(): void;
}

/**
 * One session's retained telemetry: a ring of pre-rendered SSE frames, seq from 1. Publishing
 * never waits for readers; each reader keeps its own cursor, and a reader whose cursor was evicted
 * silently skips ahead (the client sees a jump in seq).
 */
export class TelemetryRing {
  readonly capacity: number;
  private readonly maxEventBytes: number;
  private frames: string[];
  private next = 1;
  private readonly readers = new Set<RingReader>();
  private flushScheduled = false;

  constructor(
    capacity: number,
    maxEventBytes: number,
    private readonly archive?: EnvelopeSink,
  ) {
    this.capacity = capacity;
    this.maxEventBytes = maxEventBytes;
    this.frames = new Array<string>(capacity);
  }

  /** The seq the next published event gets. */
  get nextSeq(): number {
    return this.next;
  }

  /** The oldest seq still retained (equal to `nextSeq` when empty). */
  get oldestSeq(): number {
    return Math.max(1, this.next - this.capacity);
  }

  publish(event: TelemetryEvent): number {
    const seq = this.next;
    this.frames[(seq - 1) % this.capacity] = this.render(seq, event);
    this.next = seq + 1;
    this.scheduleFlush();
    return seq;
  }

  private render(seq: number, event: TelemetryEvent): string {
    let json = JSON.stringify({ seq, event });
    if (json.length * 3 > this.maxEventBytes && Buffer.byteLength(json) > this.maxEventBytes) {
      json = JSON.stringify({ seq, event: { ...event, data: null, truncated: true } });
    }
    this.archive?.append(event.ts, event.category, json);
    return `id: ${seq}\ndata: ${json}\n\n`;
  }

  /** Frames from `cursor` (clamped to the oldest retained) up to a byte budget. */
  read(cursor: number): { text: string; next: number } {
    let seq = Math.max(cursor, this.oldestSeq);
    let text = '';
    while (seq < this.next && text.length < WRITE_BATCH_BYTES) {
      text += this.frames[(seq - 1) % this.capacity];
      seq += 1;
    }
    return { text, next: seq };
  }

  subscribe(reader: RingReader): void {
    this.readers.add(reader);
  }

  unsubscribe(reader: RingReader): void {
    this.readers.delete(reader);
  }

  get readerCount(): number {
    return this.readers.size;
  }

  /** Ends every open stream (the session ended). */
  close(): void {
    for (const reader of this.readers) reader.end();
    this.readers.clear();
  }

  /** The event process restarted: seq starts again at 1 and open streams are dropped. */
  restart(): void {
    this.close();
    this.frames = new Array<string>(this.capacity);
    this.next = 1;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      for (const reader of this.readers) reader.pump();
    });
  }
}

/** Where a new stream starts: after Last-Event-ID, else the oldest retained with replay=all, else now. */
export function startCursor(
  ring: TelemetryRing,
  lastEventId: string | undefined,
  replay: string | null,
): number {
  if (lastEventId !== undefined && /^\s*\d+\s*$/.test(lastEventId)) {
    const last = Number(lastEventId);
    if (Number.isSafeInteger(last) && last > 0) return last + 1;
  }
  if (replay === 'all') return ring.oldestSeq;
  return ring.nextSeq;
}

/** Streams the ring to one client from `cursor`, with backpressure and keepalive comments. */
export function attachReader(
  ring: TelemetryRing,
  res: ServerResponse,
  cursor: number,
  keepaliveMs: number,
): void {
  let position = cursor;
  let waitingForDrain = false;
  let lastWrite = Date.now();
  let timer: NodeJS.Timeout | undefined;

  const write = (text: string): void => {
    lastWrite = Date.now();
    if (!res.write(text)) {
      waitingForDrain = true;
      res.once('drain', () => {
        waitingForDrain = false;
        reader.pump();
      });
    }
  };

  const armKeepalive = (delay: number): void => {
    timer = setTimeout(() => {
      const silent = Date.now() - lastWrite;
      if (silent >= keepaliveMs) {
        if (!waitingForDrain) write(':\n\n');
        armKeepalive(keepaliveMs);
      } else {
        armKeepalive(keepaliveMs - silent);
      }
    }, delay);
  };

  const reader: RingReader = {
    pump() {
      while (!waitingForDrain && !res.writableEnded && position < ring.nextSeq) {
        const { text, next } = ring.read(position);
        position = next;
        write(text);
      }
    },
    end() {
      clearTimeout(timer);
      if (!res.writableEnded) res.end();
    },
  };

  res.on('close', () => {
    clearTimeout(timer);
    ring.unsubscribe(reader);
  });
  ring.subscribe(reader);
  armKeepalive(keepaliveMs);
  reader.pump();
}
