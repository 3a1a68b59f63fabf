import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useRecentSessions } from '../../features/sessions/stores/recent-sessions';
import { sessionIdProblem } from '../../lib/session-id';

/**
 * "Compare with…" in a session's view strip: names another session (its id or name; recently
 * opened ones are offered) to compare this one with, this one as the run that failed (B).
 */
export function CompareWith({
  sessionId,
  onCompare,
}: {
  sessionId: string;
  onCompare: (passing: string, failing: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const recent = useRecentSessions((state) => state.ids).filter((each) => each !== sessionId);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const name = other.trim();
    const refused = name === '' ? 'name the session to compare with' : sessionIdProblem(name);
    if (refused) return setProblem(refused);
    if (name === sessionId) return setProblem('that is this session');
    setOpen(false);
    onCompare(name, sessionId);
  };
  return (
    <div className="relative mb-1">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title="Compare this run with one that passed"
        className="rounded-md px-2 py-0.5 text-xs whitespace-nowrap text-muted hover:bg-panel-2 hover:text-fg"
      >
        Compare<span className="hidden sm:inline"> with…</span>
      </button>
      {open && (
        <form
          aria-labelledby={id}
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
          }}
          className="absolute top-full right-0 z-30 mt-1 flex w-80 max-w-[calc(100vw-1rem)] flex-col gap-2 rounded-md border border-border bg-panel p-2 shadow-lg"
        >
          <label id={id} htmlFor={`${id}-other`} className="text-xs text-muted">
            The session that passed (its id or name), to compare this one with
          </label>
          <Input
            id={`${id}-other`}
            value={other}
            list={`${id}-recent`}
            autoFocus
            onChange={(event) => {
              setOther(event.target.value);
              setProblem(null);
            }}
            className="h-8"
          />
          <datalist id={`${id}-recent`}>
            {recent.map((each) => (
              <option key={each} value={each} />
            ))}
          </datalist>
          {problem && (
            <p role="alert" className="text-xs text-danger">
              {problem}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button size="sm" variant="primary" type="submit">
              Compare
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
