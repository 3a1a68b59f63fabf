import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { ChipRow } from '../../../components/ui/chip-row';
import { chipClick, shownInWords } from '../../../lib/chip-choice';
import { TEST_IDS } from '../../../config/test-ids';
import { cn } from '../../../lib/cn';
import { LEVELS, levelLabel } from '../model/level';
import type { LevelKey } from '../stores/log-buffer';
import type { LogTab } from '../stores/log-tab-controller';
import type { LogTabState } from '../stores/log-tab-store';
import { LEVEL_TEXT } from './level-badge';
import { QueryInput } from './query-input';

const LEVEL_KEYS: LevelKey[] = [...LEVELS, 'none'];

const chipLabel = (level: LevelKey): string => (level === 'none' ? 'other' : levelLabel(level));

/** "error lines", "lines without a level". */
function linesOf(level: LevelKey): string {
  return level === 'none' ? 'lines without a level' : `${level} lines`;
}

/**
 * Include / exclude filters and level chips with live counts: a chip shows only its level (again:
 * all), Ctrl or ⌘ with it adds or hides one, as the timeline's chips.
 */
export function LogFilters({ tab }: { tab: LogTab }) {
  const include = useStore(tab.store, (state) => state.include);
  const exclude = useStore(tab.store, (state) => state.exclude);
  const error = useStore(tab.store, (state) => state.filterError);
  const hidden = useStore(tab.store, (state) => state.hiddenLevels);
  useGlanceVersion(tab.store);
  const counts = tab.buffer.levelCounts;
  const update = (patch: Partial<LogTabState>): void => {
    tab.store.setState(patch);
    tab.refreshQueries();
  };
  const filtering = include.text !== '' || exclude.text !== '' || hidden.length > 0;
  const progress = tab.buffer.filterProgress;
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
      {/* one tab stop, the arrows move between the levels; a level shows only its lines, as the
          timeline's chips do (the URL keeps the levels hidden, as before) */}
      <ChipRow
        label="Levels"
        className="h-8"
        state={shownInWords(LEVEL_KEYS, hidden, chipLabel)}
        onShowAll={hidden.length > 0 ? () => update({ hiddenLevels: [] }) : null}
      >
        {LEVEL_KEYS.map((level) => {
          const shown = !hidden.includes(level);
          const count = counts[level];
          const lines =
            level === 'none'
              ? `${count.toLocaleString('en-US')} ${count === 1 ? 'line' : 'lines'} without a level`
              : `${count.toLocaleString('en-US')} ${count === 1 ? 'line' : 'lines'} at level ${level}`;
          return (
            <button
              key={level}
              type="button"
              aria-pressed={shown}
              title={`${lines}. Click: show only ${linesOf(level)} (again: all) · Ctrl or ⌘ click: ${shown ? 'hide' : 'add'} ${linesOf(level)}`}
              onClick={(event) =>
                update({
                  hiddenLevels: chipClick(
                    LEVEL_KEYS,
                    hidden,
                    level,
                    event.ctrlKey || event.metaKey,
                  ),
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
              {chipLabel(level)}
              <span className="font-normal text-muted no-underline">
                {count.toLocaleString('en-US')}
              </span>
            </button>
          );
        })}
      </ChipRow>
      {filtering && (
        <span className="h-8 text-xs leading-8 text-muted tabular-nums" aria-live="polite">
          showing {tab.buffer.viewCount.toLocaleString()} of {tab.buffer.size.toLocaleString()}
          {progress && (
            <span data-testid={TEST_IDS.logFilterProgress}>
              {' '}
              · testing older lines, {Math.floor((progress.tested / progress.of) * 100)}% done
            </span>
          )}
        </span>
      )}
    </div>
  );
}
