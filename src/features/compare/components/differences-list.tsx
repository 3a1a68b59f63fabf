import { UntrustedText } from '../../../components/ui/untrusted-text';
import type { Difference } from '../model/difference-types';

const KINDS: [Difference['kind'], string][] = [
  ['error', 'Console errors'],
  ['request', 'Requests'],
  ['page', 'Pages'],
  ['log', 'Log lines'],
];

/** Differences shown per kind before "and N more". */
const SHOWN = 100;

export interface DifferencesListProps {
  list: readonly Difference[];
  /** Opens an example of a difference in its run (an index of that run's timeline). */
  onShow?: (run: 'a' | 'b', index: number) => void;
}

/** What differs, by kind, each with its counts on both sides and its examples one click away. */
export function DifferencesList({ list, onShow }: DifferencesListProps) {
  return (
    <div className="space-y-2">
      {KINDS.map(([kind, title]) => {
        const of = list.filter((each) => each.kind === kind);
        return (
          <details key={kind} open={of.length > 0 && of.length <= 20}>
            <summary className="cursor-pointer text-sm font-semibold">
              {title} that differ ({of.length.toLocaleString('en-US')})
            </summary>
            {of.length === 0 ? (
              <p className="px-4 text-xs text-muted">None.</p>
            ) : (
              <ul className="space-y-0.5 px-4 text-xs">
                {of.slice(0, SHOWN).map((each, at) => (
                  <li key={at} className="flex flex-wrap items-baseline gap-x-2">
                    <span className="min-w-0 break-all">
                      <UntrustedText text={each.text} />
                    </span>
                    <span className="font-mono text-muted">
                      A {each.countA} · B {each.countB}
                    </span>
                    {onShow &&
                      kind !== 'log' &&
                      (['a', 'b'] as const).map((run) => {
                        const index = run === 'a' ? each.exampleA : each.exampleB;
                        return index === null ? null : (
                          <button
                            key={run}
                            type="button"
                            onClick={() => onShow(run, index)}
                            className="text-accent hover:underline"
                          >
                            in {run.toUpperCase()}
                          </button>
                        );
                      })}
                  </li>
                ))}
                {of.length > SHOWN && (
                  <li className="text-muted">
                    and {(of.length - SHOWN).toLocaleString('en-US')} more
                  </li>
                )}
              </ul>
            )}
          </details>
        );
      })}
    </div>
  );
}
