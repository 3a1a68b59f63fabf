import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import type { LogTab } from '../features/logs/stores/log-tab-controller';
import { addMark } from '../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import { formatTimestamp } from '../lib/time-format';

/** Longest name a mark keeps. */
const NAME_LIMIT = 200;

/** Puts a named mark at `atMs` into the timeline (and so the All view, overview and export) and every log stream. */
export function setMark(
  timeline: Timeline,
  tabs: readonly LogTab[],
  name: string,
  atMs: number,
): void {
  addMark(timeline, name, atMs * 1000);
  for (const tab of tabs) tab.mark(name, atMs);
}

export interface MarkNowProps {
  timeline: Timeline;
  tabs: readonly LogTab[];
  /** When the form is open: the moment it was asked for (the mark's time), else null. */
  at: number | null;
  onOpen: (atMs: number) => void;
  onClose: () => void;
}

/**
 * "Mark now": the moment is taken when the button (or `m`) is pressed, then named in a small form
 * (Enter sets it, Escape drops it). The mark shows in every view of the session and in the export.
 */
export function MarkNow({ timeline, tabs, at, onOpen, onClose }: MarkNowProps) {
  const [count, setCount] = useState(() => timeline.buffer.marks.length);
  const button = useRef<HTMLButtonElement>(null);
  const close = (): void => {
    onClose();
    button.current?.focus();
  };
  return (
    <div className="relative mb-1">
      <button
        ref={button}
        type="button"
        aria-keyshortcuts="m"
        aria-expanded={at !== null}
        title="Mark this moment in every view and in the export (m)"
        onClick={() => (at !== null ? close() : onOpen(Date.now()))}
        className="rounded-md px-2 py-0.5 text-xs whitespace-nowrap text-muted hover:bg-panel-2 hover:text-fg"
      >
        {/* the name stays "Mark now"; a narrow strip shows "⚑ Mark" */}
        <span aria-hidden="true">⚑ </span>Mark<span className="hidden sm:inline"> now</span>
      </button>
      {at !== null && (
        <MarkForm
          at={at}
          proposed={`Mark ${count + 1}`}
          onSet={(name) => {
            setMark(timeline, tabs, name, at);
            setCount((n) => n + 1);
            close();
          }}
          onCancel={close}
        />
      )}
    </div>
  );
}

/** Names the mark: the proposed name comes selected, so typing replaces it. */
function MarkForm({
  at,
  proposed,
  onSet,
  onCancel,
}: {
  at: number;
  proposed: string;
  onSet: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(proposed);
  const labelId = useId();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    onSet(name.trim().slice(0, NAME_LIMIT) || proposed);
  };
  return (
    <form
      aria-labelledby={labelId}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
      className="absolute top-full right-0 z-30 mt-1 flex w-72 max-w-[calc(100vw-1rem)] flex-col gap-2 rounded-md border border-border bg-panel p-2 shadow-lg"
    >
      <label id={labelId} htmlFor={`${labelId}-name`} className="text-xs text-muted">
        Name the mark at {formatTimestamp(at, 'local', 0)}
      </label>
      <Input
        id={`${labelId}-name`}
        value={name}
        maxLength={NAME_LIMIT}
        // the form opens at a person's request: the name takes the keyboard, chosen as a whole
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setName(event.target.value)}
        className="h-8"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" type="submit">
          Set mark
        </Button>
      </div>
    </form>
  );
}
