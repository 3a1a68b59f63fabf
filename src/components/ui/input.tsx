import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-9 w-full min-w-0 rounded-md border border-border bg-panel px-3 text-sm text-fg placeholder:text-muted/70 focus:border-accent aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
}
