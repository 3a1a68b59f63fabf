import { useStore } from 'zustand';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { cn } from '../../../lib/cn';
import { logSourceLabel } from '../api/log-stream';
import type { LogTab } from '../stores/log-tab-controller';

const DOT: Record<string, string> = {
  live: 'bg-ok',
  connecting: 'bg-info',
  retrying: 'bg-warn',
  stalled: 'bg-warn',
  failed: 'bg-danger',
  ended: 'bg-muted',
  idle: 'bg-muted',
};

function TabButton({
  tab,
  active,
  onActivate,
  onClose,
}: {
  tab: LogTab;
  active: boolean;
  onActivate: () => void;
  onClose: () => void;
}) {
  const status = useStore(tab.store, (state) => state.status.kind);
  const label = logSourceLabel(tab.source);
  return (
    <div
      role="presentation"
      className={cn(
        'flex shrink-0 items-center rounded-t-md border border-b-0',
        active ? 'border-border bg-panel' : 'border-transparent text-muted hover:text-fg',
      )}
    >
      <button
        type="button"
        role="tab"
        aria-selected={active}
        aria-controls={`${tab.id}-panel`}
        id={`${tab.id}-tab`}
        onClick={onActivate}
        aria-keyshortcuts="Delete"
        onKeyDown={(event) => {
          if (event.key !== 'Delete') return;
          event.preventDefault();
          onClose();
        }}
        title={`${tab.source.kind === 'supervisor' ? 'process' : 'file'} ${tab.source.target} (${tab.source.follow ? 'new lines only' : 'from the beginning'}): ${status}. Delete closes it.`}
        className="flex h-8 items-center gap-2 pr-1 pl-3 font-mono text-xs"
      >
        <span className={cn('size-2 rounded-full', DOT[status])} aria-hidden="true" />
        <span className="max-w-40 truncate">
          <UntrustedText text={label} />
        </span>
        <span className="sr-only">({status})</span>
      </button>
      {/*
       * A tablist may hold only tabs: Delete on the focused tab closes it (as the ARIA tabs
       * pattern has it), and this × is its pointer twin, hidden from assistive technology.
       */}
      <span
        aria-hidden="true"
        title={`Close log ${label} (Delete)`}
        onClick={onClose}
        className="mr-1 cursor-pointer rounded px-1 text-muted hover:bg-panel-2 hover:text-fg"
      >
        ×
      </span>
    </div>
  );
}

export interface LogTabBarProps {
  tabs: LogTab[];
  activeId: string | null;
  onActivate: (id: string) => void;
  onClose: (id: string) => void;
  /** Absent where no stream can be opened (saved streams, from a bundle). */
  onAdd?: () => void;
  adding?: boolean;
}

/** One tab per open log stream, each with its own status dot. */
export function LogTabBar({ tabs, activeId, onActivate, onClose, onAdd, adding }: LogTabBarProps) {
  return (
    <div className="flex items-end gap-1 overflow-x-auto border-b border-border bg-panel-2 px-2 pt-1">
      <div role="tablist" aria-label="Log streams" className="flex items-end gap-1">
        {tabs.map((tab) => (
          <TabButton
            key={tab.id}
            tab={tab}
            active={tab.id === activeId}
            onActivate={() => onActivate(tab.id)}
            onClose={() => onClose(tab.id)}
          />
        ))}
      </div>
      {onAdd && (
        <button
          type="button"
          onClick={onAdd}
          aria-expanded={adding}
          className="mb-1 ml-1 h-7 shrink-0 rounded-md px-2 text-xs text-muted hover:bg-panel hover:text-fg"
        >
          + Open log
        </button>
      )}
    </div>
  );
}
