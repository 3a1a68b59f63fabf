import { UntrustedText } from '../components/ui/untrusted-text';
import { cn } from '../lib/cn';
import { revealControls } from '../lib/control-chars';
import { formatHash } from '../lib/hash-route';
import { useOpenSessions } from './open-sessions-store';

export interface SessionTabsProps {
  activeId: string | null;
  onClose: (id: string) => void;
}

/** One tab per open session; each keeps its streams running while another is shown. */
export function SessionTabs({ activeId, onClose }: SessionTabsProps) {
  const ids = useOpenSessions((state) => state.ids);
  const lastParams = useOpenSessions((state) => state.lastParams);
  return (
    <nav aria-label="Open sessions" className="flex min-w-0 items-center gap-1 overflow-x-auto">
      {ids.map((id) => {
        const active = id === activeId;
        return (
          <span
            key={id}
            className={cn(
              'flex shrink-0 items-center rounded-md border',
              active ? 'border-border bg-panel-2' : 'border-transparent',
            )}
          >
            <a
              href={formatHash({
                sessionId: id,
                params: new URLSearchParams(lastParams[id] ?? ''),
              })}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'max-w-44 truncate py-1 pr-1 pl-2 font-mono text-xs',
                active ? 'text-fg' : 'text-muted hover:text-fg',
              )}
              title={`Session ${revealControls(id)}`}
            >
              <UntrustedText text={id} />
            </a>
            <button
              type="button"
              aria-label={`Close session ${id}`}
              onClick={() => onClose(id)}
              className="rounded px-1.5 text-xs text-muted hover:bg-panel hover:text-fg"
            >
              ×
            </button>
          </span>
        );
      })}
      {ids.length > 0 && (
        <a
          href="#/"
          className={cn(
            'shrink-0 rounded-md px-2 py-1 text-xs text-muted hover:bg-panel-2 hover:text-fg',
            activeId === null && 'text-fg',
          )}
        >
          + Session
        </a>
      )}
    </nav>
  );
}
