import { useMemo } from 'react';
import { cn } from '../../../lib/cn';
import type { NetworkExchange } from '../../../entities/session-events/model/network';
import { networkTiming, type TimingPhaseName } from '../model/network-timing';
import { NetworkSection } from './network-section';

/** Each phase's bar colour; the phase is always named in text beside it. */
const BAR: Record<TimingPhaseName, string> = {
  queueing: 'bg-muted',
  stalled: 'bg-muted',
  proxy: 'bg-muted',
  dns: 'bg-info',
  connect: 'bg-warn',
  ssl: 'bg-debug',
  'worker-startup': 'bg-trace',
  'worker-respond': 'bg-trace',
  send: 'bg-info',
  wait: 'bg-ok',
  download: 'bg-accent',
};

/** Milliseconds as DevTools' Timing tab writes them: `0.43 ms`, `112.43 ms`, `1.24 s`. */
export function formatPhaseMs(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(2)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * Where a request's time went, as DevTools' Timing tab shows it: one bar per phase on the
 * request's own scale, from queued to the end of the download, with its duration.
 */
export function NetworkTiming({ exchange }: { exchange: NetworkExchange }) {
  const timing = useMemo(() => networkTiming(exchange), [exchange]);
  if (!timing) {
    return (
      <NetworkSection title="Timing">
        <p className="text-xs text-muted">
          {exchange.response
            ? 'No timing breakdown in this telemetry'
            : 'No timing yet: the response has not arrived'}
        </p>
      </NetworkSection>
    );
  }
  const scale = Math.max(timing.totalMs, 0.001);
  return (
    <NetworkSection title="Timing">
      <table className="w-full border-collapse text-xs">
        <tbody>
          {timing.phases.map((phase) => (
            <tr key={phase.name}>
              <th
                scope="row"
                className="py-0.5 pr-2 text-left font-normal whitespace-nowrap text-muted"
              >
                {phase.label}
              </th>
              <td className="w-full py-0.5">
                <div aria-hidden="true" className="relative h-2.5">
                  <span
                    className={cn('absolute top-0 h-full min-w-px rounded-sm', BAR[phase.name])}
                    style={{
                      left: `${(phase.startMs / scale) * 100}%`,
                      width: `${((phase.endMs - phase.startMs) / scale) * 100}%`,
                    }}
                  />
                </div>
              </td>
              <td className="py-0.5 pl-2 text-right font-mono whitespace-nowrap tabular-nums">
                {formatPhaseMs(phase.endMs - phase.startMs)}
              </td>
            </tr>
          ))}
          <tr className="border-t border-border">
            <th scope="row" className="pt-1 pr-2 text-left font-semibold whitespace-nowrap">
              Total
            </th>
            <td className="pt-1 text-muted">{timing.loading && 'still loading'}</td>
            <td className="pt-1 pl-2 text-right font-mono font-semibold whitespace-nowrap tabular-nums">
              {formatPhaseMs(timing.totalMs)}
            </td>
          </tr>
        </tbody>
      </table>
    </NetworkSection>
  );
}
