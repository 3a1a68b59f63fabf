import { useStore } from 'zustand';
import { Toolbar } from '../../../components/ui/toolbar';
import { cn } from '../../../lib/cn';
import { LEVELS, levelLabel } from '../model/level';
import type { LevelKey } from '../stores/log-buffer';
import type { LogTab } from '../stores/log-tab-controller';
import type { LogTabState } from '../stores/log-tab-store';
import { LEVEL_TEXT } from './level-badge';
import { QueryInput } from './query-input';

const LEVEL_KEYS: LevelKey[] = [...LEVELS, 'none'];

/** Include / exclude filters and level toggles, each with live counts. */
export function LogFilters({ tab }: { tab: LogTab }) {
  const include = useStore(tab.store, (state) => state.include);
  const exclude = useStore(tab.store, (state) => state.exclude);
  const error = useStore(tab.store, (state) => state.filterError);
  const hidden = useStore(tab.store, (state) => state.hiddenLevels);
  useStore(tab.store, (state) => state.version);
  const counts = tab.buffer.levelCounts;
  const update = (patch: Partial<LogTabState>): void => {
    tab.store.setState(patch);
    tab.refreshQueries();
  };
  const filtering = include.text !== '' || exclude.text !== '' || hidden.length > 0;
  return (
    <div className="flex min-w-0 flex-wrap items-start gap-2">
      <QueryInput
        label="Show only lines matching"
        placeholder="Only lines with…"
        query={include}
        error={error}
        className="w-52 max-w-full"
        onChange={(query) => update({ include: query })}
      />
      <QueryInput
        label="Hide lines matching"
        placeholder="Hide lines with…"
        query={exclude}
        error={null}
        className="w-52 max-w-full"
        onChange={(query) => update({ exclude: query })}
      />
      {/* one tab stop; the arrows move between the levels */}
      <Toolbar label="Levels" className="h-8">
        {LEVEL_KEYS.map((level) => {
          const shown = !hidden.includes(level);
          const label = level === 'none' ? 'other' : levelLabel(level);
          return (
            <button
              key={level}
              type="button"
              aria-pressed={shown}
              title={`${shown ? 'Hide' : 'Show'} ${level === 'none' ? 'lines without a level' : `${level} lines`}`}
              onClick={() =>
                update({
                  hiddenLevels: shown
                    ? [...hidden, level]
                    : hidden.filter((item) => item !== level),
                })
              }
              className={cn(
                'flex h-6 items-center gap-1 rounded border px-1.5 text-[11px] font-semibold tabular-nums',
                shown
                  ? 'border-border bg-panel-2'
                  : 'border-dashed border-border text-muted line-through opacity-70',
                shown && level !== 'none' && LEVEL_TEXT[level],
              )}
            >
              {label}
              <span className="font-normal text-muted no-underline">
                {counts[level].toLocaleString()}
              </span>
            </button>
          );
        })}
      </Toolbar>
      {filtering && (
        <span className="h-8 text-xs leading-8 text-muted tabular-nums" aria-live="polite">
          showing {tab.buffer.viewCount.toLocaleString()} of {tab.buffer.size.toLocaleString()}
        </span>
      )}
    </div>
  );
}
