import { ChipRow } from '../../../components/ui/chip-row';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { chipClick, shownInWords } from '../../../lib/chip-choice';
import { cn } from '../../../lib/cn';
import { categoryStyle, KNOWN_CATEGORIES } from '../../../entities/session-events/model/catalogue';
import { formatCount, rangeScope } from '../../../entities/session-events/model/count-words';
import { updateFilter } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { CategoryIcon } from './category-icon';

/** The categories present, in catalogue order then by name. */
export function presentCategories(counts: ReadonlyMap<string, number>): string[] {
  const known = KNOWN_CATEGORIES.filter((name) => counts.has(name));
  const unknown = [...counts.keys()].filter((name) => !known.includes(name)).sort();
  return [...known, ...unknown];
}

/**
 * One chip per category of the session with its live count of retained events in the time range
 * (of the session without one). A click shows only that category (again: all), Ctrl or ⌘ with it
 * adds one or hides one (lib/chip-choice.ts).
 */
export function CategoryChips({ timeline }: { timeline: Timeline }) {
  const hidden = useStore(timeline.store, (state) => state.filter.hiddenCategories);
  const ranged = useStore(timeline.store, (state) => state.filter.range !== null);
  useGlanceVersion(timeline.store);
  const session = timeline.buffer.sessionCounts.categories;
  const counts = timeline.buffer.rangeCounts.categories;
  // the chips of the session's categories, a category with none in the range too
  const names = presentCategories(session);
  for (const name of hidden) if (!names.includes(name)) names.push(name);
  if (names.length === 0) return null;
  const all = [...new Set([...KNOWN_CATEGORIES, ...names])];
  const label = (name: string): string => categoryStyle(name).label;
  return (
    <ChipRow
      label="Categories"
      state={shownInWords(names, hidden, label)}
      onShowAll={hidden.length > 0 ? () => updateFilter(timeline, { hiddenCategories: [] }) : null}
    >
      {names.map((name) => {
        const style = categoryStyle(name);
        const shown = !hidden.includes(name);
        const count = counts.get(name) ?? 0;
        const events = `${formatCount(count)} ${style.label} ${count === 1 ? 'event' : 'events'}${rangeScope(ranged, session.get(name) ?? 0)}`;
        return (
          <button
            key={name}
            type="button"
            aria-pressed={shown}
            title={`${events}. Click: show only ${style.label} events (again: all) · Ctrl or ⌘ click: ${shown ? 'hide' : 'add'} ${style.label}`}
            onClick={(event) =>
              updateFilter(timeline, {
                hiddenCategories: chipClick(all, hidden, name, event.ctrlKey || event.metaKey),
              })
            }
            className={cn(
              'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs',
              shown
                ? 'border-border bg-panel-2'
                : 'border-dashed border-border text-muted line-through',
            )}
          >
            <span style={shown ? { color: `var(${style.colorVar})` } : undefined}>
              <CategoryIcon name={style.icon} className="size-3.5" />
            </span>
            <span>
              <UntrustedText text={style.label} />
            </span>
            <span className="text-muted tabular-nums">{formatCount(count)}</span>
          </button>
        );
      })}
    </ChipRow>
  );
}
