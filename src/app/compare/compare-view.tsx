import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../components/ui/button';
import { UntrustedText } from '../../components/ui/untrusted-text';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import { CompareReport } from '../../features/compare/components/compare-report';
import { compareRuns, type Comparison } from '../../features/compare/model/compare';
import type { LogLine as RunLogLine } from '../../features/compare/model/difference-types';
import { useSessionLogs } from '../../features/logs/stores/log-tabs-registry';
import { TokenPrompt } from '../../features/sessions/components/token-prompt';
import { useCredentials } from '../../features/sessions/stores/credentials-store';
import { useComparedRun } from './use-compared-run';
import { useComparedFiles } from './run-files';
import { runLogLines } from './run-logs';

/** A live comparison is worked out again at most this often as events arrive (a throttle). */
const RECOMPARE_MS = 2_000;

interface Run {
  name: string;
  timeline: Timeline;
  /** Its log lines, read when the comparison is worked out. */
  readLogs: () => RunLogLine[];
  /** Where the run opens in this dashboard (a session's link), if it does. */
  link?: string;
  sessionId?: string;
}

export interface CompareViewProps {
  params: URLSearchParams;
  onParamsChange: (params: URLSearchParams) => void;
  /** Opens a session at one of its events (by seq). */
  onOpenEvent: (sessionId: string, seq: number) => void;
}

function stepOf(params: URLSearchParams): number | null {
  const text = params.get('step') ?? '';
  const step = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  return step > 0 ? step - 1 : null;
}

function sessionLink(sessionId: string): string {
  return `${window.location.origin}${window.location.pathname}#/sessions/${encodeURIComponent(sessionId)}`;
}

/**
 * Two runs compared (`#/compare?a=<id>&b=<id>&step=<n>`, or `?files=1` for two files opened
 * here): A is the run that passed, B the one that failed. Live runs are compared again as their
 * events arrive.
 */
export function CompareView({ params, onParamsChange, onOpenEvent }: CompareViewProps) {
  const setStep = (row: number | null): void => {
    const next = new URLSearchParams(params);
    if (row === null) next.delete('step');
    else next.set('step', String(row + 1));
    onParamsChange(next);
  };
  const swap = (): void => {
    const next = new URLSearchParams(params);
    next.set('a', params.get('b') ?? '');
    next.set('b', params.get('a') ?? '');
    next.delete('step');
    onParamsChange(next);
  };
  if (params.get('files') === '1') return <FilesCompare step={stepOf(params)} onStep={setStep} />;
  const a = params.get('a');
  const b = params.get('b');
  if (!a || !b)
    return (
      <p className="p-4 text-sm text-muted">
        A comparison names two sessions (<code>#/compare?a=…&amp;b=…</code>): pick two in the
        sessions list and press Compare.
      </p>
    );
  return (
    <SessionsCompare
      a={a}
      b={b}
      step={stepOf(params)}
      onStep={setStep}
      onSwap={swap}
      onOpenEvent={onOpenEvent}
    />
  );
}

function FilesCompare({
  step,
  onStep,
}: {
  step: number | null;
  onStep: (row: number | null) => void;
}) {
  const { a, b } = useComparedFiles();
  if (!a || !b)
    return (
      <p className="p-4 text-sm text-muted">
        The two files compared are held by the page that opened them only; open them again from the
        first screen (Compare two files…).
      </p>
    );
  return (
    <CompareBody
      a={{ ...a, readLogs: () => a.logs }}
      b={{ ...b, readLogs: () => b.logs }}
      step={step}
      onStep={onStep}
    />
  );
}

function SessionsCompare({
  a,
  b,
  step,
  onStep,
  onSwap,
  onOpenEvent,
}: {
  a: string;
  b: string;
  step: number | null;
  onStep: (row: number | null) => void;
  onSwap: () => void;
  onOpenEvent: (sessionId: string, seq: number) => void;
}) {
  const hasToken = useCredentials((state) => state.token.length > 0);
  const runA = useComparedRun(a);
  const runB = useComparedRun(b);
  const logsA = useSessionLogs(a).tabs;
  const logsB = useSessionLogs(b).tabs;
  if (!hasToken)
    return (
      <div className="mx-auto w-full max-w-xl p-4">
        <TokenPrompt title="Token for the sessions compared" submitLabel="Compare">
          <p className="text-sm text-muted">
            This link compares two sessions; enter the API token.
          </p>
        </TokenPrompt>
      </div>
    );
  const problem = runA.problem
    ? `Run A (${a}): ${runA.problem}`
    : runB.problem
      ? `Run B (${b}): ${runB.problem}`
      : null;
  if (problem)
    return (
      <p role="alert" className="p-4 text-sm text-danger">
        <UntrustedText text={problem} />
      </p>
    );
  if (!runA.timeline || !runB.timeline)
    return (
      <p role="status" className="p-4 text-sm text-muted">
        Reading both runs’ telemetry…
      </p>
    );
  const show = (run: 'a' | 'b', index: number): void => {
    const target = run === 'a' ? runA : runB;
    const item = target.timeline?.buffer.item(index);
    if (item?.kind === 'event') onOpenEvent(target.sessionId, item.seq);
  };
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-1.5 text-xs text-muted">
        <span>
          A is taken as the run that passed
          {runA.ended || runB.ended ? '' : '; both are live, and the comparison follows them'}.
        </span>
        <Button size="sm" onClick={onSwap}>
          Swap A and B
        </Button>
      </div>
      <CompareBody
        a={{
          name: runA.name,
          timeline: runA.timeline,
          readLogs: () => runLogLines(logsA),
          link: sessionLink(a),
          sessionId: a,
        }}
        b={{
          name: runB.name,
          timeline: runB.timeline,
          readLogs: () => runLogLines(logsB),
          link: sessionLink(b),
          sessionId: b,
        }}
        step={step}
        onStep={onStep}
        onShow={show}
      />
    </>
  );
}

function CompareBody({
  a,
  b,
  step,
  onStep,
  onShow,
}: {
  a: Run;
  b: Run;
  step: number | null;
  onStep: (row: number | null) => void;
  onShow?: (run: 'a' | 'b', index: number) => void;
}) {
  const versionA = useStore(a.timeline.store, (state) => state.version);
  const versionB = useStore(b.timeline.store, (state) => state.version);
  // an ended run's history is compared once it has been read, not page by page as it comes
  const historyA = useStore(a.timeline.store, (state) => state.history);
  const historyB = useStore(b.timeline.store, (state) => state.history);
  const reading = historyA?.state === 'loading' || historyB?.state === 'loading';
  const [result, setResult] = useState<{ comparison: Comparison; key: string } | null>(null);
  const lastRun = useRef(0);
  const key = `${a.name}\n${b.name}`;
  const stale = result !== null && result.key !== key;
  useEffect(() => {
    if (reading) return;
    // the first comparison after a paint that says it is under way; then, as live events
    // arrive, at most every 2 s (a wait that does not start over at each change)
    const due =
      result === null || stale
        ? 0
        : Math.max(0, lastRun.current + RECOMPARE_MS - performance.now());
    const timer = setTimeout(() => {
      lastRun.current = performance.now();
      setResult({
        key,
        comparison: compareRuns(
          { telemetry: a.timeline.buffer, logs: a.readLogs() },
          { telemetry: b.timeline.buffer, logs: b.readLogs() },
        ),
      });
    }, due);
    return () => clearTimeout(timer);
    // the logs are read when the timelines change: their lines follow the same runs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.timeline, b.timeline, versionA, versionB, key, reading]);
  if (reading && (result === null || stale))
    return (
      <p role="status" className="p-4 text-sm text-muted">
        Reading the runs’ history: A {(historyA?.loaded ?? 0).toLocaleString('en-US')} events, B{' '}
        {(historyB?.loaded ?? 0).toLocaleString('en-US')} events…
      </p>
    );
  if (result === null || stale)
    return (
      <p role="status" className="p-4 text-sm text-muted">
        Comparing the two runs…
      </p>
    );
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <CompareReport
        a={a}
        b={b}
        comparison={result.comparison}
        step={step}
        onStep={onStep}
        onShow={onShow}
        report={{ nameA: a.name, nameB: b.name, linkA: a.link, linkB: b.link }}
      />
    </div>
  );
}
