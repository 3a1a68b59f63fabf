import { useId, type ReactNode } from 'react';
import { Toolbar } from '../../../components/ui/toolbar';

/**
 * A row of filter chips: what it shows in words (for a glance and for a screen reader, which also
 * hears how the chips work), and "Show all" when some kind is hidden. One tab stop: the arrows
 * move between the chips (a toolbar).
 */
export function ChipRow({
  label,
  state,
  onShowAll,
  children,
}: {
  label: string;
  /** `all`, `only Network`, `all but Page` (chip-choice.ts shownInWords). */
  state: string;
  onShowAll: (() => void) | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Toolbar label={label} aria-describedby={id}>
      {children}
      <span id={id} className="text-xs text-muted">
        <span className="sr-only">
          Showing {state}. A chip shows only its kind; Ctrl or Command with it adds or hides one;
          the arrows move between the chips.
        </span>
        {state !== 'all' && <span aria-hidden="true">showing {state}</span>}
      </span>
      {onShowAll && (
        <button
          type="button"
          aria-label={`Show all ${label.toLowerCase()}`}
          onClick={onShowAll}
          className="h-7 rounded px-1.5 text-xs text-muted underline-offset-2 hover:text-fg hover:underline"
        >
          Show all
        </button>
      )}
    </Toolbar>
  );
}
