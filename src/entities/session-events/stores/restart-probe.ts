import type { ApiConnection } from '../../../lib/http/request';
import { openSseStream, type SseStream } from '../../../lib/sse/sse-stream';
import { authHeaders } from '../../../lib/http/request';
import { telemetryStreamUrl } from '../api/telemetry-stream';
import { decodeEnvelope } from '../model/decode';
import type { TelemetryEvent } from '../../../types/api';

/**
 * After a reconnect, the server resumes after Last-Event-ID even if its event process restarted
 * meanwhile (seq began again at 1), so the main stream alone would hide the restart and everything
 * the new process sent up to our last seq. A probe reads the oldest retained event once (a second,
 * short-lived replay request) and hands it over; the caller compares it with what it holds.
 */
export function probeOldestEvent(
  connection: ApiConnection,
  sessionId: string,
  onEvent: (seq: number, event: TelemetryEvent) => void,
  open: typeof openSseStream = openSseStream,
): () => void {
  let done = false;
  let stream: SseStream | undefined = undefined;
  const finish = (): void => {
    done = true;
    stream?.close();
  };
  stream = open({
    url: telemetryStreamUrl(connection, sessionId, true),
    getHeaders: () => authHeaders(connection),
    onMessage: (message) => {
      if (done) return;
      const decoded = decodeEnvelope(message.data);
      finish();
      if (decoded.ok) onEvent(decoded.seq, decoded.event);
    },
    onStatus: (status) => {
      // a probe that cannot connect is not retried: the main stream reports the problem
      if (status.kind === 'retrying' || status.kind === 'failed' || status.kind === 'ended')
        queueMicrotask(finish);
    },
    onServerClose: () => 'end',
  });
  if (done) stream.close();
  return finish;
}
