/**
 * The sessions view (features/sessions): the connect screen and token, the list of sessions the
 * token can see (live and ended), the recent ones, and a session's summary. It reads the API's
 * browser sessions, paged.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, useCallback } from 'react';
import { Button } from '../../../components/ui/button';
import { FailureDetails } from '../../../components/ui/failure-details';
import { Input } from '../../../components/ui/input';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { cn } from '../../../lib/cn';
import { isOperationNotOffered } from '../../../lib/http/not-offered';
import { ApiRequestError } from '../../../lib/http/request';
import { LIMITS } from '../../../config/limits';
import {
  distinctSessions,
  SESSIONS_PAGE_SIZE,
  sessionsPagingStop,
  sessionsQuery,
  type SessionStatusFilter,
} from '../api/list-sessions';
import { useRecentSessions } from '../stores/recent-sessions';
import { SessionRows } from './session-rows';

export interface SessionListProps {
  apiBase: string;
  /** The token to list with (as typed, or the local demo's); empty: nothing is listed. */
  token: string;
  onOpen: (sessionId: string) => void;
  /** Compares two picked sessions (the first picked as the run that passed); absent: not offered. */
  onCompare?: (a: string, b: string) => void;
}

const STATUSES: { value: SessionStatusFilter; label: string }[] = [
  { value: 'active', label: 'Live' },
  { value: 'deleted', label: 'Ended' },
  { value: 'all', label: 'All' },
];

/** `value`, once it stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A number that stands for a token in query keys (a token never goes into a key): the same token
 * gets the same number for the life of the page. Kept in memory only.
 */
const tokenNumbers = new Map<string, number>();
function tokenNumber(token: string): number {
  let number = tokenNumbers.get(token);
  if (number === undefined) {
    number = tokenNumbers.size;
    tokenNumbers.set(token, number);
  }
  return number;
}

/** Sessions the token can see (live, ended or all), searchable and paged; one click opens one. */
export function SessionList({ apiBase, token, onOpen, onCompare }: SessionListProps) {
  // two sessions picked for a comparison, in the order picked; a third replaces the first
  const [picked, setPicked] = useState<string[]>([]);
  const pick = useCallback(
    (sessionId: string) =>
      setPicked((now) =>
        now.includes(sessionId)
          ? now.filter((other) => other !== sessionId)
          : [...now, sessionId].slice(-2),
      ),
    [],
  );
  const id = useId();
  const [status, setStatus] = useState<SessionStatusFilter>('active');
  const [search, setSearch] = useState('');
  const settledSearch = useSettled(search.trim(), 250);
  const settledToken = useSettled(token.trim(), 400);
  const tokenVersion = tokenNumber(settledToken);
  const recent = useRecentSessions((state) => state.ids);
  const query = useInfiniteQuery({
    ...sessionsQuery(
      { base: apiBase, token: () => settledToken },
      { status, search: settledSearch },
      tokenVersion,
    ),
    enabled: settledToken !== '',
  });
  const pages = query.data?.pages ?? [];
  const sessions = distinctSessions(pages);
  const pagingStop = sessionsPagingStop(pages);
  const unreadable = query.data?.pages.reduce((sum, page) => sum + page.unreadable, 0) ?? 0;
  const overfull = query.data?.pages.find((page) => page.sent > LIMITS.sessionsPageMax);
  const failure = query.error instanceof ApiRequestError ? query.error.failure : null;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-panel p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Sessions
        </h2>
        <div role="radiogroup" aria-label="Which sessions" className="flex gap-1">
          {STATUSES.map((option) => (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={status === option.value}
              onClick={() => setStatus(option.value)}
              className={cn(
                'h-7 rounded-md border px-2 text-xs font-medium',
                status === option.value
                  ? 'border-accent bg-accent/10 text-fg'
                  : 'border-border bg-panel-2 text-muted',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      {recent.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <span className="text-muted">Recently opened:</span>
          {recent.map((recentId) => (
            <button
              key={recentId}
              type="button"
              onClick={() => onOpen(recentId)}
              className="rounded border border-border bg-panel-2 px-1.5 py-0.5 font-mono hover:border-accent"
            >
              <UntrustedText text={recentId} />
            </button>
          ))}
        </div>
      )}
      <label className="sr-only" htmlFor={`${id}-search`}>
        Search sessions by id or name
      </label>
      <Input
        id={`${id}-search`}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search by id or name"
        className="h-8 text-sm"
        disabled={settledToken === ''}
      />
      {settledToken === '' ? (
        <p className="text-sm text-muted">Enter a token above to list the sessions it can see.</p>
      ) : query.isPending ? (
        <p className="text-sm text-muted" role="status">
          Loading sessions…
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col gap-2">
          <p className="text-sm">
            {failure && isOperationNotOffered(failure)
              ? 'This server does not list sessions: enter a session id above.'
              : failure && (failure.status === 401 || failure.status === 403)
                ? 'The token was not accepted for listing sessions.'
                : 'The sessions could not be listed.'}
          </p>
          {failure ? (
            <FailureDetails failure={failure} />
          ) : (
            <p className="text-sm">
              <UntrustedText text={String(query.error)} />
            </p>
          )}
          <Button size="sm" className="self-start" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : sessions.length === 0 ? (
        <p className="text-sm text-muted">
          {settledSearch
            ? `No ${status === 'all' ? '' : status === 'active' ? 'live ' : 'ended '}sessions match “${settledSearch}”.`
            : status === 'active'
              ? 'No live sessions.'
              : status === 'deleted'
                ? 'No ended sessions.'
                : 'No sessions.'}
        </p>
      ) : (
        <>
          <SessionRows
            sessions={sessions}
            onOpen={onOpen}
            picked={onCompare ? picked : undefined}
            onPick={onCompare ? pick : undefined}
          />
          {onCompare && (
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
              <Button
                size="sm"
                disabled={picked.length !== 2}
                onClick={() => {
                  const [a, b] = picked;
                  if (a !== undefined && b !== undefined) onCompare(a, b);
                }}
              >
                Compare{picked.length === 2 ? ' the two picked' : ''}
              </Button>
              {picked.length === 2
                ? 'The first picked is taken as the run that passed.'
                : 'Tick two sessions to compare what one did that the other did not.'}
            </div>
          )}
          {overfull && (
            <p className="text-xs text-warn">
              {`The server sent ${overfull.sent.toLocaleString('en-US')} sessions for a page of ${SESSIONS_PAGE_SIZE}; showing the first ${LIMITS.sessionsPageMax.toLocaleString('en-US')}.`}
            </p>
          )}
          {unreadable > 0 && (
            <p className="text-xs text-warn">
              {unreadable === 1
                ? '1 record in the list could not be read.'
                : `${unreadable} records in the list could not be read.`}
            </p>
          )}
          {pagingStop && (
            <p role="status" className="text-xs text-warn">
              The list stopped loading more: {pagingStop}.
            </p>
          )}
          {query.hasNextPage && (
            <Button
              size="sm"
              className="self-start"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          )}
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-danger">
              The next page could not be loaded.
            </p>
          )}
        </>
      )}
    </section>
  );
}
