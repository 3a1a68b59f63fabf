import { useStore } from 'zustand';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { EventItem } from '../../../entities/session-events/model/types';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { formatTimestamp } from '../../../lib/time-format';
import type { Step } from '../model/steps';

/** Events of a step shown at most. */
const EVENTS_SHOWN = 200;

/** The newest screenshot with its image at or before `tsUs` (else the first after it). */
function screenshotAt(timeline: Timeline, tsUs: number): EventItem | undefined {
  const { buffer } = timeline;
  let before: EventItem | undefined;
  let after: EventItem | undefined;
  for (let position = 0; position < buffer.screenshots.length; position += 1) {
    const item = buffer.item(buffer.screenshots.at(position) ?? -1);
    if (item?.kind !== 'event' || !item.screenshot?.url) continue;
    if (item.tsUs <= tsUs) before = item;
    else {
      after = item;
      break;
    }
  }
  return before ?? after;
}

/** The events of one run's step: its items from its start to the next step's. */
function stepEvents(timeline: Timeline, step: Step): EventItem[] {
  const found: EventItem[] = [];
  const { buffer } = timeline;
  for (let index = Math.max(buffer.first, step.index); index < buffer.next; index += 1) {
    const item = buffer.item(index);
    if (!item || item.kind !== 'event') continue;
    if (item.tsUs >= step.endUs && index > step.index) break;
    found.push(item);
    if (found.length === EVENTS_SHOWN) break;
  }
  return found;
}

/** One run at one aligned step: its screen at that moment, and the events of the step. */
export function StepSide({
  label,
  timeline,
  step,
}: {
  label: string;
  timeline: Timeline;
  step: Step | null;
}) {
  useStore(timeline.store, (state) => state.version);
  if (!step)
    return (
      <section aria-label={`Run ${label} at this step`} className="min-w-0 space-y-1">
        <h4 className="text-xs font-semibold text-muted">Run {label}</h4>
        <p className="text-xs text-muted">Run {label} took no step here.</p>
      </section>
    );
  const shot = screenshotAt(timeline, step.startUs);
  const events = stepEvents(timeline, step);
  const at = formatTimestamp(step.startUs / 1000, 'local', 0);
  return (
    <section aria-label={`Run ${label} at this step`} className="min-w-0 space-y-1">
      <h4 className="text-xs font-semibold text-muted">
        Run {label} · {at} · {((step.endUs - step.startUs) / 1000).toLocaleString('en-US')} ms
      </h4>
      {shot?.screenshot?.url ? (
        <img
          src={shot.screenshot.url}
          alt={`Run ${label}’s screen at ${formatTimestamp(shot.tsUs / 1000, 'local', 0)}`}
          className="w-full border border-border bg-black object-contain"
        />
      ) : (
        <p className="text-xs text-muted">No screenshot of run {label} is held.</p>
      )}
      <ol className="max-h-64 overflow-auto font-mono text-xs">
        {events.map((item) => (
          <li key={item.index} className={item.error ? 'text-danger' : undefined}>
            <span className="text-muted">{item.type}</span> <UntrustedText text={item.summary} />
          </li>
        ))}
      </ol>
    </section>
  );
}
