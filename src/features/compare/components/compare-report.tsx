/**
 * The comparison view (features/compare): what a failing run (B) did that a passing one (A) did
 * not. The two runs' steps lined up by what they did (page visits, the agent's commands and
 * interactions), the point where they diverge, what differs (errors, requests, pages, log lines),
 * both runs side by side at a chosen step, and a Markdown report. It reads two timelines of the
 * events layer; the comparison itself is model/compare.ts.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { copyText } from '../../../lib/copy-text';
import { cn } from '../../../lib/cn';
import type { Comparison } from '../model/compare';
import { stepLabel } from '../model/compare';
import { comparisonMarkdown, type ReportNames } from '../model/comparison-markdown';
import { AlignedLanes } from './aligned-lanes';
import { DifferencesList } from './differences-list';
import { StepSide } from './step-side';

/** Steps listed around the chosen one (or the divergence). */
const STEPS_BEFORE = 50;
const STEPS_AFTER = 250;

export interface CompareReportProps {
  a: { name: string; timeline: Timeline };
  b: { name: string; timeline: Timeline };
  comparison: Comparison;
  /** The chosen aligned step (its row), or null. */
  step: number | null;
  onStep: (row: number | null) => void;
  /** Names and links for the Markdown report (never a token). */
  report: ReportNames;
  onShow?: (run: 'a' | 'b', index: number) => void;
}

function duration(step: { startUs: number; endUs: number } | null): string {
  if (!step) return '';
  const ms = (step.endUs - step.startUs) / 1000;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function CompareReport({
  a,
  b,
  comparison,
  step,
  onStep,
  report,
  onShow,
}: CompareReportProps) {
  const [copied, setCopied] = useState<string | null>(null);
  const { alignment, differences, headline } = comparison;
  const rows = alignment.rows;
  const focus = step ?? alignment.divergence ?? 0;
  const from = Math.max(0, focus - STEPS_BEFORE);
  const to = Math.min(rows.length, focus + STEPS_AFTER);
  const chosen = step === null ? undefined : rows[step];
  return (
    <div className="space-y-4 p-3">
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 className="mr-auto text-base font-semibold">
          Comparing <UntrustedText text={a.name} /> (A) with <UntrustedText text={b.name} /> (B)
        </h2>
        <Button
          size="sm"
          onClick={() => {
            void copyText(comparisonMarkdown(comparison, report)).then(
              () => setCopied('Copied the report as Markdown.'),
              () => setCopied('The report could not be copied.'),
            );
          }}
        >
          Copy as Markdown
        </Button>
        <span role="status" className="text-xs text-muted">
          {copied}
        </span>
      </div>
      <section aria-label="Summary">
        <ul className="list-disc space-y-0.5 pl-5 text-sm">
          {headline.map((line, at) => (
            <li key={at}>
              <UntrustedText text={line} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Aligned steps" className="space-y-2">
        <AlignedLanes alignment={alignment} selected={step} onSelect={onStep} />
        <div className="max-h-72 overflow-auto rounded border border-border">
          <table className="w-full table-fixed text-xs">
            <caption className="sr-only">The two runs’ steps, lined up</caption>
            <thead className="sticky top-0 bg-panel text-left text-muted">
              <tr>
                <th scope="col" className="w-12 px-2 py-1">
                  Step
                </th>
                <th scope="col" className="px-2 py-1">
                  A
                </th>
                <th scope="col" className="px-2 py-1">
                  B
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(from, to).map((row, offset) => {
                const at = from + offset;
                return (
                  <tr
                    key={at}
                    aria-selected={at === step}
                    data-step={at + 1}
                    className={cn(
                      'cursor-pointer border-t border-border font-mono hover:bg-row-hover',
                      !row.same && 'bg-danger-bg/60',
                      at === step && 'outline outline-accent',
                    )}
                    onClick={() => onStep(at === step ? null : at)}
                  >
                    <td className="px-2 py-0.5">
                      <button
                        type="button"
                        aria-label={`Step ${at + 1}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onStep(at === step ? null : at);
                        }}
                        className="hover:underline"
                      >
                        {at + 1}
                      </button>
                      {at === alignment.divergence && (
                        <span className="ml-1 text-danger" title="The runs diverge here">
                          ◆
                        </span>
                      )}
                    </td>
                    <td className="truncate px-2 py-0.5" title={stepLabel(row.a)}>
                      <UntrustedText
                        text={row.a ? `${stepLabel(row.a)} · ${duration(row.a)}` : '—'}
                      />
                    </td>
                    <td className="truncate px-2 py-0.5" title={stepLabel(row.b)}>
                      <UntrustedText
                        text={row.b ? `${stepLabel(row.b)} · ${duration(row.b)}` : '—'}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {rows.length > to - from && (
          <p className="text-xs text-muted">
            Steps {from + 1}–{to} of {rows.length.toLocaleString('en-US')}, around{' '}
            {step === null ? 'the divergence' : 'the chosen step'}.
          </p>
        )}
      </section>
      {chosen && (
        <section aria-label="Both runs at this step" className="grid gap-3 md:grid-cols-2">
          <StepSide label="A" timeline={a.timeline} step={chosen.a} />
          <StepSide label="B" timeline={b.timeline} step={chosen.b} />
        </section>
      )}
      <section aria-label="What differs">
        <DifferencesList list={differences.list} onShow={onShow} />
      </section>
    </div>
  );
}
