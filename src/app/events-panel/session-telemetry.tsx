import { useTimelineUrlSync } from '../use-timeline-url-sync';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import { TelemetryPanel } from './telemetry-panel';

export interface SessionTelemetryProps {
  timeline: Timeline;
  linkedSeq: number | null;
  params: URLSearchParams;
  onParamsChange: (params: URLSearchParams) => void;
}

/** A session's timeline with its view state kept in the URL. */
export function SessionTelemetry({
  timeline,
  linkedSeq,
  params,
  onParamsChange,
}: SessionTelemetryProps) {
  useTimelineUrlSync(timeline, params, onParamsChange, linkedSeq);
  return <TelemetryPanel timeline={timeline} />;
}
