/** Reading what a session published, for tests that drive its real browser. */
import type { TelemetryEvent } from '../../src/types/api.ts';
import type { Session } from '../reference/session.ts';

export interface Envelope {
  seq: number;
  event: TelemetryEvent;
}

export type Data = Record<string, unknown>;

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

export function dataOf(envelope: Envelope | undefined): Data {
  return envelope?.event.data ?? {};
}

/**
 * Everything a session published, read from its telemetry ring as parsed envelopes (`raw` keeps
 * the serialized SSE frames exactly as a stream would carry them).
 */
export class EventLog {
  readonly events: Envelope[] = [];
  raw = '';
  private cursor: number;

  constructor(private readonly session: Session) {
    this.cursor = session.ring.oldestSeq;
  }

  /** The seq the next event gets: a mark to look for events after. */
  get mark(): number {
    this.sync();
    return this.session.ring.nextSeq;
  }

  sync(): Envelope[] {
    const { ring } = this.session;
    while (this.cursor < ring.nextSeq) {
      const { text, next } = ring.read(this.cursor);
      this.raw += text;
      for (const frame of text.split('\n\n')) {
        const line = frame.split('\n').find((l) => l.startsWith('data: '));
        if (line) this.events.push(JSON.parse(line.slice(6)) as Envelope);
      }
      this.cursor = next;
    }
    return this.events;
  }

  /** Events of `type` (every event when undefined) with seq >= `from`. */
  of(type: string | undefined, from = 0): Envelope[] {
    return this.sync().filter(
      (e) => e.seq >= from && (type === undefined || e.event.type === type),
    );
  }

  /** Polls every 50 ms until `find` returns something (not undefined/false). */
  async until<T>(
    what: string,
    find: (log: EventLog) => T | undefined | false,
    timeoutMs = 10_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      this.sync();
      const found = find(this);
      if (found !== undefined && found !== false) return found;
      if (Date.now() > deadline) {
        const tail = this.events.slice(-15).map((e) => `${e.seq} ${e.event.type}`);
        throw new Error(`timed out waiting for ${what}; last events: ${tail.join(', ')}`);
      }
      await sleep(50);
    }
  }

  /** Waits for the first event of `type` after `from` that satisfies `match`. */
  next(
    type: string,
    from: number,
    match: (data: Data, envelope: Envelope) => boolean = () => true,
    timeoutMs?: number,
  ): Promise<Envelope> {
    return this.until(
      `${type} after seq ${from}`,
      (log) => log.of(type, from).find((e) => match(dataOf(e), e)),
      timeoutMs,
    );
  }
}
