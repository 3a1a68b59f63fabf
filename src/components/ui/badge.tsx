import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type Tone = 'neutral' | 'ok' | 'warn' | 'danger' | 'info' | 'accent';

const tones: Record<Tone, string> = {
  neutral: 'border-border text-muted bg-panel-2',
  ok: 'border-ok/40 text-ok bg-ok-bg',
  warn: 'border-warn/40 text-warn bg-warn-bg',
  danger: 'border-danger/40 text-danger bg-danger-bg',
  info: 'border-info/40 text-info bg-panel-2',
  accent: 'border-accent/40 text-accent bg-panel-2',
};

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded border px-1.5 py-px text-[11px] leading-4 font-semibold tracking-wide whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
