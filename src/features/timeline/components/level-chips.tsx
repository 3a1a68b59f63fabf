import { ChipRow } from '../../../components/ui/chip-row';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { chipClick, shownInWords } from '../../../lib/chip-choice';
import { cn } from '../../../lib/cn';
import { formatCount, rangeScope } from '../../../entities/session-events/model/count-words';
import { updateFilter } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

const ORDER = ['error', 'warning', 'info', 'log', 'debug'];

/**
 * A chip per console level of the session, with the console events at that level in the time
 * range (in the session without one); they work as the category chips do.
 */
export function LevelChips({ timeline }: { timeline: Timeline }) {
  const hidden = useStore(timeline.store, (state) => state.filter.hiddenLevels);
  const ranged = useStore(timeline.store, (state) => state.filter.range !== null);
  useGlanceVersion(timeline.store);
  const session = timeline.buffer.sessionCounts.levels;
  const counts = timeline.buffer.rangeCounts.levels;
  const levels = [...new Set([...session.keys(), ...hidden])].sort(
    (a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b),
  );
  if (levels.length === 0) return null;
  const all = [...new Set([...ORDER, ...levels])];
  return (
    <ChipRow
      label="Console levels"
      state={shownInWords(levels, hidden, (level) => level)}
      onShowAll={hidden.length > 0 ? () => updateFilter(timeline, { hiddenLevels: [] }) : null}
    >
      {levels.map((level) => {
        const shown = !hidden.includes(level);
        const count = counts.get(level) ?? 0;
        const events = `${formatCount(count)} console ${count === 1 ? 'event' : 'events'} at level ${level}${rangeScope(ranged, session.get(level) ?? 0)}`;
        return (
          <button
            key={level}
            type="button"
            aria-pressed={shown}
            title={`${events}. Click: show only console ${level} messages (again: all) · Ctrl or ⌘ click: ${shown ? 'hide' : 'add'} ${level}`}
            onClick={(event) =>
              updateFilter(timeline, {
                hiddenLevels: chipClick(all, hidden, level, event.ctrlKey || event.metaKey),
              })
            }
            className={cn(
              'h-7 rounded border px-1.5 text-xs',
              shown
                ? 'border-border bg-panel-2'
                : 'border-dashed border-border text-muted line-through',
              shown && level === 'error' && 'text-danger',
              shown && level === 'warning' && 'text-warn',
            )}
          >
            <UntrustedText text={level} />{' '}
            <span className="text-muted tabular-nums">{formatCount(count)}</span>
          </button>
        );
      })}
    </ChipRow>
  );
}
