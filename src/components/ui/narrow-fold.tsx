import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Controls that stay in line on a wide screen and fold behind one button on a narrow one (below
 * 640 px), so that a phone-sized window keeps its height for the list. On a wide screen the
 * wrapper takes no box of its own: the children flow where they are.
 */
export function NarrowFold({
  label,
  note,
  children,
  className,
}: {
  /** The button's words on a narrow screen ("Filters", "More"). */
  label: string;
  /** A short state to show on the closed button ("2 hidden"). */
  note?: string;
  children: ReactNode;
  /** Layout of the children when shown on a narrow screen. */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="h-8 rounded-md border border-border bg-panel-2 px-2 text-xs font-medium sm:hidden"
      >
        {label}
        {note ? <span className="font-normal text-muted"> · {note}</span> : null}
        <span aria-hidden="true"> {open ? '▴' : '▾'}</span>
      </button>
      <div
        id={id}
        className={cn(
          open ? 'flex w-full flex-wrap items-center gap-2' : 'hidden',
          'sm:contents',
          className,
        )}
      >
        {children}
      </div>
    </>
  );
}
