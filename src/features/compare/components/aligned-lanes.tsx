import { cn } from '../../../lib/cn';
import type { Alignment } from '../model/align';

/** Columns drawn at most; more aligned steps share a column (a column differs if any of its do). */
const COLUMNS_MAX = 400;

export interface AlignedLanesProps {
  alignment: Alignment;
  selected: number | null;
  onSelect: (row: number) => void;
}

/**
 * The two runs as two lanes over their aligned steps: a column per step (or per few, for long
 * runs), grey where both did the same, red where they differ, empty where one took no step; the
 * point where they diverge is marked. A click chooses the step (the steps' table is the keyboard's
 * way to do so).
 */
export function AlignedLanes({ alignment, selected, onSelect }: AlignedLanesProps) {
  const { rows, divergence } = alignment;
  const per = Math.max(1, Math.ceil(rows.length / COLUMNS_MAX));
  const columns = Math.ceil(rows.length / per);
  const cell = (column: number, side: 'a' | 'b'): string => {
    let empty = true;
    let differs = false;
    for (let row = column * per; row < Math.min(rows.length, (column + 1) * per); row += 1) {
      const aligned = rows[row];
      if (!aligned) continue;
      if (aligned[side]) empty = false;
      if (!aligned.same) differs = true;
    }
    return empty ? 'bg-transparent' : differs ? 'bg-danger' : 'bg-muted/40';
  };
  return (
    <div aria-hidden="true" className="space-y-0.5 select-none">
      {(['a', 'b'] as const).map((side) => (
        <div key={side} className="flex items-center gap-2">
          <span className="w-4 shrink-0 text-xs font-semibold text-muted uppercase">{side}</span>
          <div className="relative flex h-4 min-w-0 flex-1">
            {Array.from({ length: columns }, (_, column) => (
              <div
                key={column}
                onClick={() => onSelect(column * per)}
                className={cn(
                  'h-full min-w-px flex-1 cursor-pointer border-r border-panel',
                  cell(column, side),
                  selected !== null &&
                    Math.floor(selected / per) === column &&
                    'outline outline-accent',
                )}
              />
            ))}
            {divergence !== null && (
              <div
                className="absolute inset-y-[-2px] w-0.5 bg-danger"
                style={{ left: `${(Math.floor(divergence / per) / columns) * 100}%` }}
              />
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
