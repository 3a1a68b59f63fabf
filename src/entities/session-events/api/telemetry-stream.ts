import { apiUrl, authHeaders, type ApiConnection } from '../../../lib/http/request';
import type { ResumePoint } from '../model/sequencer';

/** `GET /browsers/{id}/telemetry/stream`, with `replay=all` when the resume point asks for it. */
export function telemetryStreamUrl(
  connection: ApiConnection,
  sessionId: string,
  replayAll: boolean,
): string {
  return apiUrl(
    connection,
    `/browsers/${encodeURIComponent(sessionId)}/telemetry/stream${replayAll ? '?replay=all' : ''}`,
  );
}

/** The bearer header, and `Last-Event-ID` when resuming. */
export function telemetryStreamHeaders(
  connection: ApiConnection,
  resume: ResumePoint,
): Record<string, string> {
  const headers = authHeaders(connection);
  if (resume.lastEventId !== null) headers['last-event-id'] = String(resume.lastEventId);
  return headers;
}
