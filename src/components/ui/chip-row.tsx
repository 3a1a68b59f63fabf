import { useId, type ReactNode } from 'react';
import { Toolbar } from './toolbar';

/**
 * A row of filter chips: what it shows in words (for a glance and for a screen reader, which also
 * hears how the chips work), and "Show all" when some kind is hidden. One tab stop: the arrows
 * move between the chips (a toolbar).
 */
export function ChipRow({
  label,
  state,
  onShowAll,
  kinds = label.toLowerCase(),
  className,
  children,
}: {
  label: string;
  /** `all`, `only Network`, `all but Page` (lib/chip-choice.ts shownInWords). */
  state: string;
  onShowAll: (() => void) | null;
  /** What "Show all" shows, when not the label in lower case ("Show all levels"). */
  kinds?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Toolbar label={label} aria-describedby={id} className={className}>
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
          aria-label={`Show all ${kinds}`}
          onClick={onShowAll}
          className="h-7 rounded px-1.5 text-xs text-muted underline-offset-2 hover:text-fg hover:underline"
        >
          Show all
        </button>
      )}
    </Toolbar>
  );
}
