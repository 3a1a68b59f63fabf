import { useEffect, useRef } from 'react';
import {
  readFilterParams,
  writeFilterParams,
} from '../entities/session-events/model/timeline-filter';
import {
  readNetworkParams,
  writeNetworkParams,
} from '../entities/session-events/model/network-table';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import {
  revealItem,
  type TimelinePane,
  type TimelineState,
} from '../entities/session-events/stores/timeline-store';

const PANES: TimelinePane[] = ['events', 'errors', 'screenshots', 'pages', 'network'];

/** A history window from the URL: a duration such as `5m` or `24h`, or an RFC 3339 time. */
function readHistoryWindow(value: string | null): string {
  if (value === null) return 'start';
  if (/^\d{1,6}(m|h|d)$/.test(value)) return value;
  return /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/.test(value) &&
    !Number.isNaN(Date.parse(value))
    ? value
    : 'start';
}

/**
 * The timeline's shareable state in URL parameters: the filter (see readFilterParams), `tr=now`
 * for a stream started from now, `tp` the pane, `ev` the selected event's seq, `since` the window
 * of an ended session's history.
 */
export function readTimelineParams(
  params: URLSearchParams,
): Partial<TimelineState> & { seq: number | null } {
  const pane = params.get('tp');
  const ev = params.get('ev') ?? '';
  const seq = /^\d{1,15}$/.test(ev) ? Number(ev) : NaN;
  return {
    filter: readFilterParams(params),
    network: readNetworkParams(params),
    startMode: params.get('tr') === 'now' ? 'now' : 'all',
    pane: PANES.find((item) => item === pane) ?? 'events',
    ...(params.has('since') ? { historyWindow: readHistoryWindow(params.get('since')) } : {}),
    seq: Number.isSafeInteger(seq) && seq > 0 ? seq : null,
  };
}

export function writeTimelineParams(
  params: URLSearchParams,
  state: TimelineState,
  selectedSeq: number | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  writeFilterParams(next, state.filter);
  writeNetworkParams(next, state.network);
  for (const name of ['tr', 'tp', 'ev', 'since']) next.delete(name);
  if (state.startMode === 'now') next.set('tr', 'now');
  if (state.history !== null && state.historyWindow !== 'start')
    next.set('since', state.historyWindow);
  if (state.pane !== 'events') next.set('tp', state.pane);
  if (selectedSeq !== null) next.set('ev', String(selectedSeq));
  return next;
}

/** Reveals a linked event once it has arrived, then keeps the URL in step with the view. */
export function useTimelineUrlSync(
  timeline: Timeline,
  params: URLSearchParams,
  onParamsChange: (params: URLSearchParams) => void,
  linkedSeq: number | null,
): void {
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  useEffect(() => {
    if (linkedSeq === null) return undefined;
    const find = (): boolean => {
      const found = timeline.buffer.indexOfSeq(linkedSeq);
      if (found === undefined) return false;
      revealItem(timeline.store, found, timeline.buffer.next);
      return true;
    };
    if (find()) return undefined;
    const unsubscribe = timeline.store.subscribe((state, previous) => {
      if (state.version !== previous.version && find()) unsubscribe();
    });
    return unsubscribe;
  }, [timeline, linkedSeq]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const state = timeline.store.getState();
        const item = state.selected === null ? undefined : timeline.buffer.item(state.selected);
        const next = writeTimelineParams(
          latest.current,
          state,
          item?.kind === 'event' ? item.seq : null,
        );
        if (next.toString() !== latest.current.toString()) onParamsChange(next);
      }, 250);
    };
    const unsubscribe = timeline.store.subscribe((state, previous) => {
      if (
        state.filter !== previous.filter ||
        state.network !== previous.network ||
        state.pane !== previous.pane ||
        state.selected !== previous.selected ||
        state.startMode !== previous.startMode
      )
        write();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [timeline, onParamsChange]);
}
