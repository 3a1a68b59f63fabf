import { cn } from '../../../lib/cn';
import { levelLabel, type LogLevel } from '../model/level';

export const LEVEL_TEXT: Record<LogLevel, string> = {
  error: 'text-danger',
  warn: 'text-warn',
  info: 'text-info',
  debug: 'text-debug',
  trace: 'text-trace',
};

/** The level as text and colour, so colour is never the only signal. */
export function LevelBadge({ level }: { level: LogLevel | null }) {
  if (!level) return <span className="inline-block w-7 shrink-0" aria-hidden="true" />;
  return (
    <span
      className={cn(
        'inline-block w-7 shrink-0 text-[10px] leading-5 font-bold tracking-wide',
        LEVEL_TEXT[level],
      )}
    >
      {levelLabel(level)}
    </span>
  );
}
