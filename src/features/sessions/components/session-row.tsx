import { memo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatSpan } from '../../../lib/time-format';
import { useClock } from '../hooks/use-clock';
import type { SessionInfo } from '../model/browser-session';

/** Every row of the sessions list is this tall (two lines that never wrap), so it can be windowed. */
export const SESSION_ROW_HEIGHT = 56;

function whenText(session: SessionInfo, now: number): string {
  const created = session.createdAt === null ? Number.NaN : Date.parse(session.createdAt);
  if (session.deletedAt !== null) {
    const ended = Date.parse(session.deletedAt);
    return `ended ${formatSpan(now - ended)} ago`;
  }
  return Number.isNaN(created) ? 'live' : `live for ${formatSpan(now - created)}`;
}

/** "live for 5 min", kept current by the shared clock (only this text re-renders on a tick). */
function SessionWhen({ session }: { session: SessionInfo }) {
  const now = useClock();
  const created = session.createdAt === null ? null : new Date(session.createdAt);
  return (
    <span
      className={cn(
        'shrink-0 text-xs whitespace-nowrap',
        session.deletedAt === null ? 'text-ok' : 'text-muted',
      )}
      title={
        created && !Number.isNaN(created.getTime())
          ? `created ${formatDateTime(created)}${session.deletedAt ? `, ended ${formatDateTime(new Date(session.deletedAt))}` : ''}`
          : undefined
      }
    >
      {whenText(session, now)}
    </span>
  );
}

export interface SessionRowProps {
  session: SessionInfo;
  /** Place in the list (0-based), for keyboard moves between rows. */
  index: number;
  onOpen: (id: string) => void;
  /** Whether it is picked for a comparison, and how to pick it; absent: no comparison offered. */
  picked?: boolean;
  onPick?: (id: string) => void;
}

/**
 * One session as a button: its name (or id) and age on the first line, its id and tags on the
 * second, each clipped to one line so that every row has the same height; the whole text stays
 * in the button's accessible name.
 */
export const SessionRow = memo(function SessionRow({
  session,
  index,
  onOpen,
  picked,
  onPick,
}: SessionRowProps) {
  const tags = Object.entries(session.tags);
  const button = (
    <button
      type="button"
      onClick={() => onOpen(session.id)}
      className="flex h-full w-full flex-col justify-center gap-1 overflow-hidden rounded-md border border-transparent px-3 text-left hover:border-border hover:bg-panel-2 focus-visible:border-accent"
      data-session-id={session.id}
      data-index={index}
    >
      <span className="flex w-full items-baseline gap-x-3">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">
          <UntrustedText text={session.name ?? session.id} />
        </span>
        <SessionWhen session={session} />
      </span>
      <span className="flex w-full items-center gap-1.5 overflow-hidden whitespace-nowrap">
        {session.name !== null && (
          <span className="min-w-0 shrink truncate font-mono text-xs text-muted">
            <UntrustedText text={session.id} />
          </span>
        )}
        {tags.map(([key, value]) => (
          <Badge key={key} tone="neutral" className="font-normal">
            <UntrustedText text={`${key}=${value}`} />
          </Badge>
        ))}
      </span>
    </button>
  );
  if (!onPick) return button;
  return (
    <div className="flex h-full items-center gap-1">
      <input
        type="checkbox"
        checked={picked ?? false}
        onChange={() => onPick(session.id)}
        aria-label={`Compare ${session.name ?? session.id}`}
        title="Pick two sessions to compare"
        className="ml-1 size-4 shrink-0"
      />
      <div className="h-full min-w-0 flex-1">{button}</div>
    </div>
  );
});
