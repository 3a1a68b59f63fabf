/**
 * A second reader of a session's live telemetry stream, beside the dashboard's: it counts the
 * events the session sends from now on and their JSON bytes (each event object as on the wire),
 * so that what the dashboard's timeline gained meanwhile is known without looking inside the page.
 */
import { BENCH_TOKEN, type BenchServer } from './server.ts';

export interface TelemetryTap {
  /** Events seen since the tap opened, and their JSON bytes. */
  read(): { events: number; bytes: number };
  stop(): void;
}

const EVENT_KEY = '"event":';

/** Adds the events of the complete frames in `text` to `seen`; gives back the incomplete rest. */
export function countFrames(text: string, seen: { events: number; bytes: number }): string {
  let from = 0;
  for (let cut = text.indexOf('\n\n'); cut !== -1; cut = text.indexOf('\n\n', from)) {
    const frame = text.slice(from, cut);
    from = cut + 2;
    // `id: <seq>\ndata: {"seq":…,"event":{…}}`; keepalives (`:`) carry no event
    const data = frame.split('\n').find((line) => line.startsWith('data: '));
    const start = data?.indexOf(EVENT_KEY) ?? -1;
    if (!data || start === -1) continue;
    seen.events += 1;
    seen.bytes += Buffer.byteLength(data.slice(start + EVENT_KEY.length, -1), 'utf8');
  }
  return text.slice(from);
}

/** Opens the session's live telemetry stream (new events only) and counts what arrives. */
export async function tapTelemetry(server: BenchServer, sessionId: string): Promise<TelemetryTap> {
  const abort = new AbortController();
  const response = await fetch(`${server.baseUrl}/api/browsers/${sessionId}/telemetry/stream`, {
    headers: { Authorization: `Bearer ${BENCH_TOKEN}`, Accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!response.ok || !response.body)
    throw new Error(`telemetry stream: HTTP ${response.status} ${await response.text()}`);
  const seen = { events: 0, bytes: 0 };
  const body = response.body.pipeThrough(new TextDecoderStream());
  void (async () => {
    let rest = '';
    try {
      for await (const chunk of body) rest = countFrames(rest + chunk, seen);
    } catch {
      // stopped
    }
  })();
  return { read: () => ({ ...seen }), stop: () => abort.abort() };
}
