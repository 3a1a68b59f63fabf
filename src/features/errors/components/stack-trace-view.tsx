import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { copyText } from '../../../lib/copy-text';
import { cn } from '../../../lib/cn';
import { revealControls } from '../../../lib/control-chars';
import type { StackTrace } from '../../../types/api';
import {
  flattenStack,
  formatFramePosition,
  formatV8Stack,
  type FrameView,
} from '../../../entities/session-events/model/stack-trace';

export interface StackTraceViewProps {
  trace: StackTrace;
  /** First line of the copied text, e.g. `Uncaught TypeError: x is not a function`. */
  headline: string;
  /** Frames shown before "Show N more frames", counted across async segments. */
  initialFrames?: number;
}

type Row =
  | { kind: 'frame'; key: string; frame: FrameView }
  | { kind: 'boundary'; key: string; description: string };

/** A rule with the async boundary's label in muted italics, as DevTools separates async stacks. */
function BoundaryRow({ description }: { description: string }) {
  return (
    <li className="flex items-center gap-2 py-1 text-xs text-muted italic">
      <span aria-hidden="true" className="h-px w-3 shrink-0 bg-border" />
      <span className="sr-only">Async boundary: </span>
      <span className="min-w-0 wrap-anywhere">
        <UntrustedText text={description} />
      </span>
      <span aria-hidden="true" className="h-px min-w-3 flex-1 bg-border" />
    </li>
  );
}

function FrameRow({ frame }: { frame: FrameView }) {
  return (
    <li
      className={cn(
        'flex min-w-0 flex-wrap items-baseline gap-x-3 py-0.5 font-mono text-xs',
        frame.dimmed && 'italic',
      )}
    >
      {/* browser or extension frames: muted and italic, not faded (faded text fails contrast) */}
      <span className={cn('min-w-0 wrap-anywhere', frame.dimmed ? 'text-muted' : 'text-fg')}>
        <UntrustedText text={frame.functionName} />
      </span>
      <span
        className="min-w-0 text-muted wrap-anywhere"
        title={frame.url ? revealControls(frame.url) : undefined}
      >
        <UntrustedText text={formatFramePosition(frame)} />
      </span>
      {frame.dimmed && <span className="sr-only">(browser or extension code)</span>}
    </li>
  );
}

/** Rows in order; only the first `limit` frames (and the boundaries before them) when limited. */
function visibleRows(trace: StackTrace, limit: number): { rows: Row[]; total: number } {
  const rows: Row[] = [];
  let total = 0;
  flattenStack(trace).forEach((segment, s) => {
    if (segment.description !== null && total < limit) {
      rows.push({ kind: 'boundary', key: `b${s}`, description: segment.description });
    }
    segment.frames.forEach((frame, f) => {
      if (total < limit) rows.push({ kind: 'frame', key: `f${s}-${f}`, frame });
      total += 1;
    });
  });
  return { rows, total };
}

/**
 * A call stack, innermost frame first, with async parents under their boundary label. Long stacks
 * start collapsed; "Copy stack" copies the V8 text (`    at fn (url:line:col)`).
 */
export function StackTraceView({ trace, headline, initialFrames = 12 }: StackTraceViewProps) {
  // State remembers which trace it belongs to, so a new trace starts collapsed and silent.
  const [expandedFor, setExpandedFor] = useState<StackTrace | null>(null);
  const [status, setStatus] = useState<{ trace: StackTrace; text: string; failed: boolean } | null>(
    null,
  );
  const expanded = expandedFor === trace;
  const limit = expanded ? Number.POSITIVE_INFINITY : Math.max(0, initialFrames);
  const { rows, total } = useMemo(() => visibleRows(trace, limit), [trace, limit]);
  const hidden = total - Math.min(total, limit);
  const shownStatus = status?.trace === trace ? status : null;

  useEffect(() => {
    if (!status) return undefined;
    const timer = setTimeout(() => setStatus(null), 2500);
    return () => clearTimeout(timer);
  }, [status]);

  const onCopy = (): void => {
    copyText(formatV8Stack(headline, trace)).then(
      () => setStatus({ trace, text: 'Copied', failed: false }),
      (error: unknown) =>
        setStatus({
          trace,
          text: `Could not copy: ${error instanceof Error ? error.message : String(error)}`,
          failed: true,
        }),
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {total === 0 ? (
        <p className="text-xs text-muted">No call frames were recorded.</p>
      ) : (
        <ol aria-label="Stack trace" className="flex min-w-0 flex-col">
          {rows.map((row) =>
            row.kind === 'frame' ? (
              <FrameRow key={row.key} frame={row.frame} />
            ) : (
              <BoundaryRow key={row.key} description={row.description} />
            ),
          )}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {hidden > 0 && (
          <Button size="sm" variant="ghost" onClick={() => setExpandedFor(trace)}>
            Show {hidden} more {hidden === 1 ? 'frame' : 'frames'}
          </Button>
        )}
        {expanded && total > initialFrames && (
          <Button size="sm" variant="ghost" onClick={() => setExpandedFor(null)}>
            Show fewer
          </Button>
        )}
        <Button size="sm" onClick={onCopy}>
          Copy stack
        </Button>
        <span
          role="status"
          aria-live="polite"
          className={cn(
            'min-w-0 text-xs wrap-anywhere',
            shownStatus?.failed ? 'text-danger' : 'text-muted',
          )}
        >
          {shownStatus?.text}
        </span>
      </div>
    </div>
  );
}
