import { downloadBlob } from '../../../lib/download';
import type { LogLine } from './log-buffer';
import type { LogTab } from './log-tab-controller';
import { revealLine } from './log-tab-store';

/** Steps to the next or previous search match and brings it into view. */
export function stepSearch(tab: LogTab, direction: 1 | -1): void {
  const next = tab.buffer.stepMatch(tab.store.getState().currentMatch, direction);
  if (!next) return;
  tab.store.setState({ currentMatch: next.seq });
  revealLine(tab.store, next.seq, tab.buffer.total);
}

/**
 * Selects the next (`1`) or previous (`-1`) shown line and brings it into view; with no line
 * selected (or the selected one filtered out), the first or the last shown line.
 */
export function moveLineSelection(tab: LogTab, step: 1 | -1): void {
  const { buffer, store } = tab;
  const count = buffer.viewCount;
  if (count === 0) return;
  const selected = store.getState().selection?.focus;
  let position: number;
  if (selected === undefined) {
    position = step > 0 ? 0 : count - 1;
  } else {
    // where the selected line is, or would be among the shown lines
    const current = buffer.viewIndexOf(selected);
    const exact = buffer.viewSeq(current) === selected;
    position = Math.max(0, Math.min(count - 1, current + (exact || step < 0 ? step : 0)));
  }
  const line = buffer.viewLine(position);
  if (!line) return;
  store.setState({ selection: { anchor: line.seq, focus: line.seq } });
  revealLine(store, line.seq, buffer.total);
}

/** Explicit pause: the view stops where it is; resume jumps to the latest and follows again. */
export function togglePause(tab: LogTab): void {
  const { pausedAt } = tab.store.getState();
  if (pausedAt === null)
    tab.store.setState({
      pausedAt: tab.buffer.total,
      following: false,
      unfollowedAt: tab.buffer.total,
    });
  else jumpToLatest(tab);
}

export function jumpToLatest(tab: LogTab): void {
  tab.store.setState({ pausedAt: null, following: true, unfollowedAt: null });
}

/** Lines as they were written (ANSI escapes removed), one per line. */
export function linesAsText(lines: LogLine[]): string {
  return lines.map((line) => line.plain).join('\n');
}

export function selectedLines(tab: LogTab): LogLine[] {
  const selection = tab.store.getState().selection;
  if (!selection) return [];
  const low = Math.min(selection.anchor, selection.focus);
  const high = Math.max(selection.anchor, selection.focus);
  return tab.buffer.lines(true).filter((line) => line.seq >= low && line.seq <= high);
}

function safeFileName(text: string): string {
  return (
    text
      .replace(/\.log$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'log'
  );
}

/** Saves the whole buffer or the filtered view as a .log file. */
export function downloadLines(tab: LogTab, sessionId: string, onlyShown: boolean): void {
  const text = `${linesAsText(tab.buffer.lines(onlyShown))}\n`;
  downloadBlob(
    new Blob([text], { type: 'text/plain;charset=utf-8' }),
    `${safeFileName(sessionId)}-${safeFileName(tab.source.target)}${onlyShown ? '-filtered' : ''}.log`,
  );
}
