import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { sessionIdProblem } from '../../../lib/session-id';
import { clientConfigQuery } from '../api/client-config';
import { useCredentials, type RememberMode } from '../stores/credentials-store';
import { SessionList } from './session-list';
import { TokenFields } from './token-fields';

export interface ConnectScreenProps {
  onOpen: (sessionId: string) => void;
  /** Compares two sessions from the list; absent: not offered. */
  onCompare?: (a: string, b: string) => void;
  /** Why the session id the URL named was refused, shown until the form says something else. */
  refused?: string | undefined;
}

/** The first screen: which session to watch, with which token, through which API. */
export function ConnectScreen({ onOpen, onCompare, refused }: ConnectScreenProps) {
  const id = useId();
  const stored = useCredentials();
  const config = useQuery(clientConfigQuery);
  const [sessionId, setSessionId] = useState('');
  const [token, setToken] = useState(stored.token);
  const [remember, setRemember] = useState<RememberMode>(stored.remember);
  const [apiBase, setApiBase] = useState(stored.apiBase);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const trimmed = sessionId.trim();
    if (!trimmed) return setError('Enter the id of the browser session to watch.');
    const problem = sessionIdProblem(trimmed);
    if (problem) return setError(problem);
    if (!token.trim()) return setError('Enter an API token for this session.');
    stored.setApiBase(apiBase);
    stored.adoptToken(token.trim(), remember);
    onOpen(trimmed);
  };

  const demo = config.data?.demo;
  // the local demo's token lists the local sessions until the user types one of their own
  const listToken = token.trim() || (demo?.token ?? '');
  const openListed = (listedId: string): void => {
    const problem = sessionIdProblem(listedId);
    if (problem) return setError(problem);
    stored.setApiBase(apiBase);
    if (token.trim()) stored.adoptToken(token.trim(), remember);
    else if (demo) stored.adoptToken(demo.token, 'memory');
    onOpen(listedId);
  };

  const compareListed = (a: string, b: string): void => {
    const problem = sessionIdProblem(a) ?? sessionIdProblem(b);
    if (problem) return setError(problem);
    stored.setApiBase(apiBase);
    if (token.trim()) stored.adoptToken(token.trim(), remember);
    else if (demo) stored.adoptToken(demo.token, 'memory');
    onCompare?.(a, b);
  };

  const openDemo = (): void => {
    const demo = config.data?.demo;
    if (!demo) return;
    stored.setApiBase('/api');
    stored.adoptToken(demo.token, 'memory');
    onOpen(demo.sessionId);
  };

  return (
    // inside the page's main region (app.tsx)
    <div className="mx-auto flex min-h-full w-full max-w-xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Session Console</h1>
        <p className="text-sm text-muted">
          Watch a cloud browser session live: its logs and processes, console errors with stack
          traces, network and page events, screenshots, and its clipboard.
        </p>
      </header>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4 rounded-lg border border-border bg-panel p-5"
        aria-label="Connect to a session"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-session`} className="text-sm font-medium">
            Session id
          </label>
          <Input
            id={`${id}-session`}
            value={sessionId}
            onChange={(event) => setSessionId(event.target.value)}
            placeholder="e.g. htzv5orfit78e1m2biiifpbv"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            autoFocus
          />
        </div>
        <TokenFields
          token={token}
          remember={remember}
          onTokenChange={setToken}
          onRememberChange={setRemember}
        />
        <details className="text-sm">
          <summary className="cursor-pointer text-muted select-none">Advanced: API base</summary>
          <div className="mt-2 flex flex-col gap-1.5">
            <label htmlFor={`${id}-base`} className="text-xs text-muted">
              The dashboard’s own origin forwards <code>/api</code> to the configured upstream.
              Change this only for another same-origin path.
            </label>
            <Input
              id={`${id}-base`}
              value={apiBase}
              onChange={(event) => setApiBase(event.target.value)}
              className="font-mono"
            />
          </div>
        </details>
        {(error ?? refused) && (
          <p role="alert" className="text-sm text-danger">
            {error ?? refused}
          </p>
        )}
        <Button type="submit" variant="primary" className="self-start">
          Open session
        </Button>
      </form>
      {/* after the form, with the column starting at the top: when it appears (the client
          configuration arrives after the first render), nothing under the pointer moves */}
      {config.data?.demo && (
        <section
          aria-label="Local demo"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-accent/40 bg-panel p-4"
        >
          <div className="flex flex-col">
            <span className="text-sm font-medium">A local reference session is running</span>
            <span className="text-xs text-muted">
              Session “{config.data.demo.sessionId}” on this machine, with every telemetry category
              on.
            </span>
          </div>
          <Button variant="primary" onClick={openDemo}>
            Open the local demo session
          </Button>
        </section>
      )}
      <SessionList
        apiBase={apiBase}
        token={listToken}
        onOpen={openListed}
        onCompare={onCompare ? compareListed : undefined}
      />
    </div>
  );
}
