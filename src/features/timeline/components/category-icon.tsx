import type { ReactElement, ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { CategoryIconName } from '../../../entities/session-events/model/catalogue';

export interface CategoryIconProps {
  name: CategoryIconName;
  className?: string;
}

/** Simple stroked shapes on a 16×16 grid, one per category. */
const SHAPES: Readonly<Record<CategoryIconName, ReactNode>> = {
  // terminal window with a prompt
  console: (
    <>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
      <path d="M4.5 6 6.5 8l-2 2M8 10.5h3.5" />
    </>
  ),
  // up and down arrows
  network: <path d="M5 13V3M2.5 5.5 5 3l2.5 2.5M11 3v10M8.5 10.5 11 13l2.5-2.5" />,
  // document with a folded corner
  page: <path d="M4 1.5h5l3.5 3.5v9.5H4zM9 1.5V5h3.5M6 8.5h4M6 11h4" />,
  // pointer arrow
  interaction: <path d="M3 2.5 12.5 7 8.5 8.5 6.75 12.5zM8.5 8.5 12 12" />,
  // camera
  screenshot: (
    <>
      <path d="M1.5 5.5h3l1.5-2h4l1.5 2h3v8h-13z" />
      <circle cx="8" cy="9.25" r="2.25" />
    </>
  ),
  // activity line
  monitor: <path d="M1 8.5h3l2-5 4 9 2-4h3" />,
  // API brackets
  control: <path d="M5 3.5 1.5 8 5 12.5M11 3.5 14.5 8 11 12.5M9.25 3 6.75 13" />,
  // plug
  connection: <path d="M6 1.5v3M10 1.5v3M4 4.5h8v3a4 4 0 0 1-8 0zM8 11.5v3" />,
  // chip with pins
  system: (
    <>
      <rect x="4" y="4" width="8" height="8" rx="1" />
      <rect x="6.5" y="6.5" width="3" height="3" />
      <path d="M6 1.5V4M10 1.5V4M6 12v2.5M10 12v2.5M1.5 6H4M1.5 10H4M12 6h2.5M12 10h2.5" />
    </>
  ),
  // shield with a check mark
  captcha: (
    <path d="M8 1.5 13.5 3.5v4c0 3.5-2.4 5.9-5.5 7-3.1-1.1-5.5-3.5-5.5-7v-4zM5.5 8l1.75 1.75 3.5-3.5" />
  ),
  // dot
  other: <circle cx="8" cy="8" r="3" fill="currentColor" stroke="none" />,
};

/** Decorative icon of a telemetry category (always next to its label, so hidden from AT). */
export function CategoryIcon({ name, className }: CategoryIconProps): ReactElement {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cn('size-4 shrink-0', className)}
    >
      {SHAPES[name] ?? SHAPES.other}
    </svg>
  );
}
