import { ChipRow } from '../../../components/ui/chip-row';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { useStore } from 'zustand';
import { chipClick, shownInWords } from '../../../lib/chip-choice';
import { cn } from '../../../lib/cn';
import { updateFilter } from '../stores/timeline-actions';
import type { Timeline } from '../stores/timeline-controller';

const ORDER = ['error', 'warning', 'info', 'log', 'debug'];

/** Console level toggles, with counts, for the levels present. */
export function LevelChips({ timeline }: { timeline: Timeline }) {
  const hidden = useStore(timeline.store, (state) => state.filter.hiddenLevels);
  useStore(timeline.store, (state) => state.version);
  const counts = timeline.buffer.levelCounts;
  const levels = [...new Set([...counts.keys(), ...hidden])].sort(
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
        return (
          <button
            key={level}
            type="button"
            aria-pressed={shown}
            title={`Show only console ${level} messages (again: all) · Ctrl or ⌘ click: ${shown ? 'hide' : 'add'} ${level}`}
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
            <span className="text-muted tabular-nums">
              {(counts.get(level) ?? 0).toLocaleString('en-US')}
            </span>
          </button>
        );
      })}
    </ChipRow>
  );
}
