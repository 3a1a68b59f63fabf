import type { LogLine as RunLogLine } from '../../features/compare/model/difference-types';
import type { LogTab } from '../../features/logs/stores/log-tab-controller';
import { resolveTimeSource } from '../../features/logs/stores/log-tab-store';

/** Lines read per run at most: the newest are compared. */
const LINES_MAX = 200_000;

/** The lines of a run's open (or saved) log streams, as the comparison reads them. */
export function runLogLines(tabs: readonly LogTab[]): RunLogLine[] {
  const lines: RunLogLine[] = [];
  for (const tab of tabs) {
    const { buffer } = tab;
    const source = resolveTimeSource(tab.store.getState().timeSource, buffer.clock);
    for (let seq = Math.max(buffer.first, buffer.total - LINES_MAX); seq < buffer.total; seq += 1) {
      const line = buffer.line(seq);
      if (!line || line.notice) continue;
      lines.push({
        tsMs: buffer.clock.lineTime(line, source),
        text: line.text,
        error: line.level === 'error',
      });
    }
  }
  return lines;
}
