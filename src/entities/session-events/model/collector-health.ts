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
  /** Incidents of one group are the same thing happening again (an OOM kill, a service's crash). */
  group: string;
  /** Lower is more serious: an OOM kill (often the cause of what follows), a service the
   *  supervisor gave up on, a service crash, a page's renderer. */
  severity: number;
  text: string;
  tsUs: number;
  index: number;
}

/** One banner: the newest incident of a group, how many there were and since when. */
export interface IncidentBanner {
  group: string;
  latest: Incident;
  count: number;
  firstUs: number;
  /** Every incident of the group (dismissing the banner dismisses them all). */
  indexes: number[];
}

/**
 * The incidents not dismissed as one banner per kind, the most serious first (newest first among
 * equals), so that a crash never hides the OOM kill before it.
 */
export function incidentBanners(
  incidents: readonly Incident[],
  dismissed: readonly number[],
): IncidentBanner[] {
  const gone = new Set(dismissed);
  const groups = new Map<string, IncidentBanner>();
  for (const incident of incidents) {
    if (gone.has(incident.index)) continue;
    const banner = groups.get(incident.group);
    if (!banner) {
      groups.set(incident.group, {
        group: incident.group,
        latest: incident,
        count: 1,
        firstUs: incident.tsUs,
        indexes: [incident.index],
      });
      continue;
    }
    banner.count += 1;
    banner.indexes.push(incident.index);
    if (incident.tsUs >= banner.latest.tsUs) {
      // a service the supervisor gave up on stays said as such
      banner.latest =
        incident.severity <= banner.latest.severity
          ? incident
          : { ...banner.latest, tsUs: incident.tsUs, index: incident.index };
    }
    banner.firstUs = Math.min(banner.firstUs, incident.tsUs);
  }
  return [...groups.values()].sort(
    (a, b) => a.latest.severity - b.latest.severity || b.latest.tsUs - a.latest.tsUs,
  );
}

/** Incidents kept per group, and in all (a stream of new service names cannot grow it forever). */
const MAX_PER_GROUP = 20;
const MAX_INCIDENTS = 200;

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** The types this follows; every other event passes without its data being read. */
export const HEALTH_TYPES: ReadonlySet<string> = new Set([
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
    const service = text(data.service_name, '(unnamed)');
    return {
      kind: 'crash',
      group: `service:${service}`,
      severity: phase === 'gave_up' ? 1 : 2,
      text: `Service ${service} crashed (${phase})${gaveUp}`,
      tsUs: item.tsUs,
      index: item.index,
    };
  }
  if (item.type === 'page_crashed') {
    const url =
      typeof data.url === 'string' && data.url !== '' ? `: ${data.url.slice(0, 300)}` : '';
    return {
      kind: 'crash',
      group: 'page',
      severity: 3,
      text: `A page crashed: its renderer process died${url}`,
      tsUs: item.tsUs,
      index: item.index,
    };
  }
  if (item.type === 'system_oom_kill') {
    return {
      kind: 'oom',
      group: 'oom',
      severity: 0,
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
        // the newest of each kind are kept, so a run of crashes never pushes out the OOM kill
        this.incidents.push(incident);
        let same = 0;
        for (const kept of this.incidents) if (kept.group === incident.group) same += 1;
        if (same > MAX_PER_GROUP) {
          const oldest = this.incidents.findIndex((kept) => kept.group === incident.group);
          this.incidents.splice(oldest, 1);
        }
        if (this.incidents.length > MAX_INCIDENTS) this.incidents.shift();
      }
    }
  }

  clear(): void {
    this.collector = { state: 'ok' };
    this.incidents = [];
  }
}
