import { readStackTrace } from '../../../entities/session-events/model/stack-trace';
import type { EventItem } from '../../../entities/session-events/model/types';
import { StackTraceView } from './stack-trace-view';

/** A console event's stack trace, as the event's details show it (the app puts it there). */
export function ConsoleStack({ item }: { item: EventItem }) {
  const data = item.event.data ?? {};
  const trace = readStackTrace(data.stack_trace);
  if (!trace) return <p className="text-xs text-muted">No stack trace in this event.</p>;
  const headline = typeof data.text === 'string' ? data.text : item.summary;
  return <StackTraceView trace={trace} headline={headline} />;
}
