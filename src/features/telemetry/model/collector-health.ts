import type { EventItem } from './types';

/** The page-event collector's state, from the monitor events. */
export type CollectorState =
  | { state: 'ok' }
  | { state: 'disconnected'; sinceUs: number; reason: string; index: number }
  | { state: 'reconnected'; atUs: number; afterMs: number | null; index: number }
  | { state: 'gave-up'; atUs: number; reason: string; index: number }
  | { state: 'init-failed'; atUs: number; step: string; index: number };

/** A crash (of a service, or of a page's renderer) or an OOM kill in the session's VM. */
export interface Incident {
  kind: 'crash' | 'oom';
  text: string;
  tsUs: number;
  index: number;
}

const MAX_INCIDENTS = 20;

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** The types this follows; every other event passes without its data being read. */
const HEALTH_TYPES = new Set([
  'monitor_disconnected',
  'monitor_reconnected',
  'monitor_reconnect_failed',
  'monitor_init_failed',
  'service_crashed',
  'system_oom_kill',
  'page_crashed',
]);

function describeIncident(item: EventItem): Incident | null {
  const data = item.event.data ?? {};
  if (item.type === 'service_crashed') {
    const phase = text(data.phase, 'unknown phase');
    const gaveUp = phase === 'gave_up' ? ', and the supervisor gave up restarting it' : '';
    return {
      kind: 'crash',
      text: `Service ${text(data.service_name, '(unnamed)')} crashed (${phase})${gaveUp}`,
      tsUs: item.tsUs,
      index: item.index,
    };
  }
  if (item.type === 'page_crashed') {
    const url =
      typeof data.url === 'string' && data.url !== '' ? `: ${data.url.slice(0, 300)}` : '';
    return {
      kind: 'crash',
      text: `A page crashed: its renderer process died${url}`,
      tsUs: item.tsUs,
      index: item.index,
    };
  }
  if (item.type === 'system_oom_kill') {
    return {
      kind: 'oom',
      text: `Out of memory: the kernel killed ${text(data.process_name, 'a process')}${
        typeof data.pid === 'number' ? ` (pid ${data.pid})` : ''
      }`,
      tsUs: item.tsUs,
      index: item.index,
    };
  }
  return null;
}

/** Follows monitor, crash and OOM events as they arrive; views read `collector` and `incidents`. */
export class CollectorHealth {
  collector: CollectorState = { state: 'ok' };
  incidents: Incident[] = [];

  add(item: EventItem): void {
    if (!HEALTH_TYPES.has(item.type)) return;
    const data = item.event.data ?? {};
    switch (item.type) {
      case 'monitor_disconnected':
        if (this.collector.state !== 'disconnected') {
          this.collector = {
            state: 'disconnected',
            sinceUs: item.tsUs,
            reason: text(data.reason, 'no reason given'),
            index: item.index,
          };
        }
        return;
      case 'monitor_reconnected':
        this.collector = {
          state: 'reconnected',
          atUs: item.tsUs,
          afterMs:
            typeof data.reconnect_duration_ms === 'number' ? data.reconnect_duration_ms : null,
          index: item.index,
        };
        return;
      case 'monitor_reconnect_failed':
        this.collector = {
          state: 'gave-up',
          atUs: item.tsUs,
          reason: text(data.reason, 'no reason given'),
          index: item.index,
        };
        return;
      case 'monitor_init_failed':
        this.collector = {
          state: 'init-failed',
          atUs: item.tsUs,
          step: text(data.step, 'unknown step'),
          index: item.index,
        };
        return;
      default: {
        const incident = describeIncident(item);
        if (!incident) return;
        this.incidents.push(incident);
        if (this.incidents.length > MAX_INCIDENTS) this.incidents.shift();
      }
    }
  }

  clear(): void {
    this.collector = { state: 'ok' };
    this.incidents = [];
  }
}
