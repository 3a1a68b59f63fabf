import {
  useLayoutEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn';

/** The controls of a toolbar the keyboard moves between. */
const ITEMS = 'button:not(:disabled), a[href], [role="button"]';

const ARROW_STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };

export interface ToolbarProps {
  /** What the controls are for ("Categories"): the toolbar's name. */
  label: string;
  className?: string;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * A row of buttons that is one tab stop, as the ARIA toolbar pattern has it: Tab enters at the
 * button last used (at first, the first one) and leaves the row; Left and Right move between the
 * buttons (round from one end to the other), Home and End go to the ends. Space and Enter press
 * a button as ever, with Ctrl or ⌘ too (a chip's "add or hide one").
 */
export function Toolbar({ label, className, children, ...rest }: ToolbarProps) {
  const ref = useRef<HTMLDivElement>(null);
  // the button the row is entered at
  const current = useRef<HTMLElement | null>(null);

  const items = (): HTMLElement[] => [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  const rove = (to: HTMLElement | null | undefined): void => {
    const list = items();
    const active = to && list.includes(to) ? to : list[0];
    current.current = active ?? null;
    for (const item of list) item.tabIndex = item === active ? 0 : -1;
  };
  // buttons come and go with what the row shows (a chip per category present): after every
  // render, one of them, and only one, is the tab stop
  useLayoutEffect(() => rove(current.current));

  const onFocus = (event: FocusEvent<HTMLDivElement>): void => {
    if (event.target !== current.current) rove(event.target);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    const list = items();
    const at = list.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    const step = ARROW_STEPS[event.key];
    const to =
      step !== undefined
        ? (at + step + list.length) % list.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? list.length - 1
            : null;
    if (to === null) return;
    event.preventDefault();
    rove(list[to]);
    list[to]?.focus();
  };

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      className={cn('flex flex-wrap items-center gap-1', className)}
      {...rest}
    >
      {children}
    </div>
  );
}
