import { useStore } from 'zustand';
import { useGlanceVersion } from '../components/ui/use-glance-version';
import { UntrustedText } from '../components/ui/untrusted-text';
import { logSourceLabel } from '../features/logs/api/log-stream';
import type { LogBuffer, LogLine } from '../features/logs/stores/log-buffer';
import type { LogTab } from '../features/logs/stores/log-tab-controller';
import { resolveTimeSource } from '../features/logs/stores/log-tab-store';
import { cn } from '../lib/cn';

/** How far around an event's moment its log lines are looked for. */
export const MOMENT_WINDOW_MS = 3_000;
/** Lines shown per stream, nearest the moment first chosen. */
const MAX_LINES = 12;

/**
 * The lines of `buffer` within `windowMs` of `atMs`, in stream order, at most `max`, the ones
 * nearest the moment kept. A stream's times mostly rise: a binary search finds the window's start,
 * then a short scan each way collects the lines (a few lines out of order around it are seen too).
 */
export function linesAround(
  buffer: LogBuffer,
  timeOf: (line: LogLine) => number,
  atMs: number,
  windowMs = MOMENT_WINDOW_MS,
  max = MAX_LINES,
): LogLine[] {
  let low = buffer.first;
  let high = buffer.total;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const line = buffer.line(middle);
    if (line && timeOf(line) < atMs - windowMs) low = middle + 1;
    else high = middle;
  }
  const found: LogLine[] = [];
  const slack = 64;
  const from = Math.max(buffer.first, low - slack);
  for (let seq = from; seq < buffer.total; seq += 1) {
    const line = buffer.line(seq);
    if (!line || line.notice) continue;
    const time = timeOf(line);
    if (time > atMs + windowMs) {
      if (seq > low + slack) break;
      continue;
    }
    if (time >= atMs - windowMs) found.push(line);
  }
  if (found.length <= max) return found;
  const nearest = [...found]
    .sort((a, b) => Math.abs(timeOf(a) - atMs) - Math.abs(timeOf(b) - atMs))
    .slice(0, max);
  const keep = new Set(nearest);
  return found.filter((line) => keep.has(line));
}

function signedSeconds(deltaMs: number): string {
  const sign = deltaMs < 0 ? '−' : '+';
  return `${sign}${(Math.abs(deltaMs) / 1000).toFixed(3)} s`;
}

function StreamLines({
  tab,
  atMs,
  onShow,
}: {
  tab: LogTab;
  atMs: number;
  onShow: (tab: LogTab, seq: number) => void;
}) {
  useGlanceVersion(tab.store);
  const choice = useStore(tab.store, (state) => state.timeSource);
  const source = resolveTimeSource(choice, tab.buffer.clock);
  const timeOf = (line: LogLine): number => tab.buffer.clock.lineTime(line, source);
  const lines = linesAround(tab.buffer, timeOf, atMs);
  const label = logSourceLabel(tab.source);
  return (
    <div className="space-y-0.5">
      <h4 className="text-xs font-medium">
        <UntrustedText text={label} />{' '}
        <span className="font-normal text-muted">
          {lines.length === 0
            ? `: no line within ${MOMENT_WINDOW_MS / 1000} s`
            : `: ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`}
        </span>
      </h4>
      {lines.length > 0 && (
        <ul aria-label={`Lines of ${label} around this moment`}>
          {lines.map((line) => (
            <li key={line.seq}>
              <button
                type="button"
                onClick={() => onShow(tab, line.seq)}
                title={`Show line ${line.seq + 1} in its stream`}
                className={cn(
                  'flex w-full gap-2 rounded px-1 text-left font-mono text-[11px] leading-5 hover:bg-row-hover',
                  line.level === 'error' && 'text-danger',
                )}
              >
                <span className="w-20 shrink-0 text-right text-muted tabular-nums">
                  {signedSeconds(timeOf(line) - atMs)}
                </span>
                <span className="min-w-0 flex-1 truncate">
                  <UntrustedText text={line.plain} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Log lines around this moment": for each open log stream of the session, one click from each. */
export function MomentLogLines({
  tabs,
  atMs,
  onShow,
}: {
  tabs: readonly LogTab[];
  atMs: number;
  onShow: (tab: LogTab, seq: number) => void;
}) {
  if (tabs.length === 0) return null;
  return (
    <section aria-label="Log lines around this moment" className="space-y-2">
      <h3 className="text-xs font-semibold text-muted uppercase">
        Log lines around this moment (±{MOMENT_WINDOW_MS / 1000} s)
      </h3>
      {tabs.map((tab) => (
        <StreamLines key={tab.id} tab={tab} atMs={atMs} onShow={onShow} />
      ))}
    </section>
  );
}
