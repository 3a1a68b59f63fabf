import { useState } from 'react';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { updateFilter } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

/**
 * The session's types with their counts in the time range (in the session without one), as
 * checkboxes; rendered only while the picker is open.
 */
function TypeList({ timeline, types }: { timeline: Timeline; types: string[] }) {
  useGlanceVersion(timeline.store);
  const counts = timeline.buffer.rangeCounts.types;
  const names = [...new Set([...timeline.buffer.sessionCounts.types.keys(), ...types])].sort();
  const toggle = (name: string): void =>
    updateFilter(timeline, {
      types: types.includes(name) ? types.filter((type) => type !== name) : [...types, name],
    });
  return (
    <>
      {types.length > 0 && (
        <button
          type="button"
          className="mb-1 text-xs text-accent underline"
          onClick={() => updateFilter(timeline, { types: [] })}
        >
          Show all types
        </button>
      )}
      {names.length === 0 && <p className="text-xs text-muted">No events yet</p>}
      {names.map((name) => (
        <label key={name} className="flex items-center gap-2 py-0.5 font-mono text-xs">
          <input type="checkbox" checked={types.includes(name)} onChange={() => toggle(name)} />
          <span className="min-w-0 flex-1 truncate">
            <UntrustedText text={name} />
          </span>
          <span className="text-muted tabular-nums">
            {(counts.get(name) ?? 0).toLocaleString('en-US')}
          </span>
        </label>
      ))}
    </>
  );
}

/** A drop-down of the event types present, with counts; checking some shows only those. */
export function TypePicker({ timeline }: { timeline: Timeline }) {
  const types = useStore(timeline.store, (state) => state.filter.types);
  const [open, setOpen] = useState(false);
  return (
    <details className="relative" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex h-7 cursor-pointer list-none items-center rounded-md border border-border bg-panel-2 px-2 text-xs">
        Types:{' '}
        <UntrustedText
          text={
            types.length === 0
              ? 'all'
              : types.length === 1
                ? (types[0] ?? '')
                : `${types.length} selected`
          }
        />{' '}
        ▾
      </summary>
      <div className="absolute z-20 mt-1 max-h-80 w-72 overflow-auto rounded-md border border-border bg-panel p-2 shadow-lg">
        {open && <TypeList timeline={timeline} types={types} />}
      </div>
    </details>
  );
}
