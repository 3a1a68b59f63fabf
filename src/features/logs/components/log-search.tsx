import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { Button } from '../../../components/ui/button';
import { stepSearch } from '../stores/log-actions';
import type { LogTab } from '../stores/log-tab-controller';
import { QueryInput } from './query-input';

/** Search highlights every match without hiding lines; Enter / Shift+Enter step through them. */
export function LogSearch({ tab, inputId }: { tab: LogTab; inputId: string }) {
  const search = useStore(tab.store, (state) => state.search);
  const error = useStore(tab.store, (state) => state.searchError);
  const current = useStore(tab.store, (state) => state.currentMatch);
  useGlanceVersion(tab.store);
  const count = tab.buffer.matchCount;
  const ordinal = tab.buffer.matchOrdinal(current);
  // under a filter still testing older lines, the matches among those it has tested
  const partial = tab.buffer.filterProgress !== null;
  const active = search.text !== '' && !error;
  return (
    <div className="flex min-w-0 items-start gap-1">
      <QueryInput
        inputId={inputId}
        label="Search"
        placeholder="Search lines"
        title="Enter: next match · Shift+Enter: previous · Esc: clear"
        query={search}
        error={error}
        className="w-56 max-w-full"
        onChange={(query) => {
          tab.store.setState({ search: query, currentMatch: null });
          tab.refreshQueries();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            stepSearch(tab, event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            tab.store.setState({ search: { ...search, text: '' }, currentMatch: null });
            tab.refreshQueries();
          }
        }}
      />
      {active && (
        <>
          <span
            className="h-8 shrink-0 px-1 text-xs leading-8 text-muted tabular-nums"
            aria-live="polite"
          >
            {/* the count follows the typing; which one is current, once Enter stepped to one */}
            {count === 0
              ? partial
                ? 'No matches yet'
                : 'No matches'
              : ordinal > 0
                ? `${ordinal.toLocaleString()} of ${count.toLocaleString()}${partial ? ' so far' : ''}`
                : `${count.toLocaleString()} ${count === 1 ? 'match' : 'matches'}${partial ? ' so far' : ''}`}
          </span>
          <Button
            size="sm"
            variant="ghost"
            className="h-8"
            aria-label="Previous match"
            disabled={count === 0}
            onClick={() => stepSearch(tab, -1)}
          >
            ↑
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="h-8"
            aria-label="Next match"
            disabled={count === 0}
            onClick={() => stepSearch(tab, 1)}
          >
            ↓
          </Button>
        </>
      )}
    </div>
  );
}
