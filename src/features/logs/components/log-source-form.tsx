import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { SUGGESTED_PROGRAMS, type LogSource } from '../api/log-stream';

export interface LogSourceFormProps {
  onOpen: (source: LogSource) => void;
  onCancel?: () => void;
}

/** Chooses what to stream: a supervised process or a file path, and from where. */
export function LogSourceForm({ onOpen, onCancel }: LogSourceFormProps) {
  const id = useId();
  const [kind, setKind] = useState<LogSource['kind']>('supervisor');
  const [program, setProgram] = useState<string>('chromium');
  const [path, setPath] = useState('/var/log/');
  const [follow, setFollow] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const target = (kind === 'supervisor' ? program : path).trim();
    if (!target)
      return setError(kind === 'supervisor' ? 'Enter a process name.' : 'Enter a file path.');
    if (kind === 'path' && !target.startsWith('/'))
      return setError('The path must be absolute, e.g. /var/log/app.log.');
    setError(null);
    onOpen({ kind, target, follow });
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Open a log stream"
      className="flex flex-wrap items-end gap-3 border-b border-border bg-panel-2 px-3 py-3"
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs font-medium text-muted">Source</legend>
        <div className="flex gap-3 text-sm">
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'supervisor'}
              onChange={() => setKind('supervisor')}
            />
            Process
          </label>
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'path'}
              onChange={() => setKind('path')}
            />
            File path
          </label>
        </div>
      </fieldset>
      {kind === 'supervisor' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-program`} className="text-xs font-medium text-muted">
            Supervised process
          </label>
          <Input
            id={`${id}-program`}
            list={`${id}-programs`}
            value={program}
            onChange={(event) => setProgram(event.target.value)}
            className="h-8 w-48 font-mono text-xs"
          />
          <datalist id={`${id}-programs`}>
            {SUGGESTED_PROGRAMS.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
      ) : (
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-path`} className="text-xs font-medium text-muted">
            File path on the browser instance
          </label>
          <Input
            id={`${id}-path`}
            value={path}
            onChange={(event) => setPath(event.target.value)}
            className="h-8 w-72 max-w-full font-mono text-xs"
          />
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-start`} className="text-xs font-medium text-muted">
          Start
        </label>
        <select
          id={`${id}-start`}
          value={follow ? 'new' : 'start'}
          onChange={(event) => setFollow(event.target.value === 'new')}
          className="h-8 rounded-md border border-border bg-panel px-2 text-xs"
        >
          <option value="start">From the beginning of the file</option>
          <option value="new">New lines only</option>
        </select>
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" className="h-8">
          Open stream
        </Button>
        {onCancel && (
          <Button size="sm" variant="ghost" className="h-8" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="w-full text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
