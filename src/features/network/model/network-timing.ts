/**
 * Where the time of a request went, as DevTools' Timing tab breaks it down: queueing, stalled,
 * DNS, initial connection, TLS, request sent, waiting for the first byte, content download. Read
 * from what the session's browser reports: the request's `cdp_timestamp` (when it was queued),
 * the response's `timing` (CDP's ResourceTiming: `requestTime` in seconds, the phases in ms after
 * it, -1 for a phase that did not happen) and the `cdp_timestamp` of the event that ended it.
 * Upstream's events carry none of these: such a request has no breakdown (null).
 */
import { dataOf, type NetworkExchange } from '../../../entities/session-events/model/network';

export type TimingPhaseName =
  | 'queueing'
  | 'stalled'
  | 'proxy'
  | 'dns'
  | 'connect'
  | 'ssl'
  | 'worker-startup'
  | 'worker-respond'
  | 'send'
  | 'wait'
  | 'download';

export interface TimingPhase {
  name: TimingPhaseName;
  label: string;
  /** ms after the request was queued. */
  startMs: number;
  endMs: number;
}

export interface NetworkTiming {
  phases: TimingPhase[];
  /** ms after queued when the browser started the request (the end of queueing). */
  startedMs: number;
  /** ms after queued when the response headers had arrived; null when not reported. */
  headersMs: number | null;
  /** ms from queued to the end of the load; to the response while it is still loading. */
  totalMs: number;
  /** The load has not ended (no finished load or failure held): the download goes on. */
  loading: boolean;
}

const LABELS: Record<TimingPhaseName, string> = {
  queueing: 'Queueing',
  stalled: 'Stalled',
  proxy: 'Proxy negotiation',
  dns: 'DNS lookup',
  connect: 'Initial connection',
  ssl: 'SSL/TLS',
  'worker-startup': 'Service worker startup',
  'worker-respond': 'Service worker respondWith',
  send: 'Request sent',
  wait: 'Waiting for server response (TTFB)',
  download: 'Content download',
};

type Data = Record<string, unknown> | null | undefined;

function seconds(data: Data, field: string): number | null {
  const value = data?.[field];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** A phase offset in ms after `requestTime`; null for -1 (did not happen) or anything odd. */
type Offsets = (key: string) => number | null;

function offsetsOf(value: unknown): { requestTime: number; at: Offsets } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const timing = value as Record<string, unknown>;
  const requestTime = timing.requestTime;
  if (typeof requestTime !== 'number' || !Number.isFinite(requestTime) || requestTime <= 0)
    return null;
  const at: Offsets = (key) => {
    const ms = timing[key];
    return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : null;
  };
  return { requestTime, at };
}

/** The first phase start that happened: when the request stopped waiting for a connection. */
function blockedEnd(at: Offsets): number | null {
  const starts = [at('dnsStart'), at('connectStart'), at('sendStart')].filter(
    (ms): ms is number => ms !== null,
  );
  return starts.length > 0 ? Math.min(...starts) : null;
}

/** The breakdown of an exchange's time, or null when the telemetry has none. */
export function networkTiming(exchange: NetworkExchange): NetworkTiming | null {
  const offsets = offsetsOf(dataOf(exchange.response)?.timing);
  if (!offsets) return null;
  const { requestTime, at } = offsets;
  const issued = seconds(dataOf(exchange.request), 'cdp_timestamp');
  const ended = exchange.finished ?? exchange.failed;
  const endSeconds = seconds(dataOf(ended), 'cdp_timestamp');
  // everything in ms after the request was queued (after it started when that is unknown)
  const base = issued !== null && issued <= requestTime ? issued : requestTime;
  const started = (requestTime - base) * 1000;
  const phases: TimingPhase[] = [];
  const add = (name: TimingPhaseName, startMs: number | null, endMs: number | null): void => {
    if (startMs === null || endMs === null || endMs < startMs) return;
    phases.push({ name, label: LABELS[name], startMs, endMs });
  };
  const rel = (key: string): number | null => {
    const ms = at(key);
    return ms === null ? null : started + ms;
  };
  if (started > 0) add('queueing', 0, started);
  const blocked = blockedEnd(at);
  if (blocked !== null && blocked > 0) add('stalled', started, started + blocked);
  add('proxy', rel('proxyStart'), rel('proxyEnd'));
  add('dns', rel('dnsStart'), rel('dnsEnd'));
  add('connect', rel('connectStart'), rel('connectEnd'));
  add('ssl', rel('sslStart'), rel('sslEnd'));
  add('worker-startup', rel('workerStart'), rel('workerReady'));
  add('worker-respond', rel('workerFetchStart'), rel('workerRespondWithSettled'));
  add('send', rel('sendStart'), rel('sendEnd'));
  const headers = rel('receiveHeadersEnd');
  add('wait', rel('sendEnd'), headers);
  // the network stack's end of loading may come a hair before the response's own stamp
  const end = endSeconds === null ? null : Math.max((endSeconds - base) * 1000, headers ?? 0);
  if (headers !== null && end !== null) add('download', headers, end);
  const last = Math.max(0, ...phases.map((phase) => phase.endMs));
  return {
    phases,
    startedMs: started,
    headersMs: headers,
    totalMs: end ?? last,
    loading: ended === null,
  };
}

/** HAR 1.2 `timings` (ms; -1 for a phase that does not apply), which add up to `time`. */
export interface HarTimings {
  blocked: number;
  dns: number;
  connect: number;
  send: number;
  wait: number;
  receive: number;
  ssl: number;
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

/**
 * The breakdown as HAR writes it, as Chrome's export does: `blocked` is everything before the
 * first network phase (queueing, stalled, proxy), `connect` includes `ssl`, and each phase runs
 * from the end of the one before, so the phases that apply add up to `time`.
 */
export function harTimings(timing: NetworkTiming): { timings: HarTimings; time: number } {
  const phase = (name: TimingPhaseName): TimingPhase | undefined =>
    timing.phases.find((entry) => entry.name === name);
  const dns = phase('dns');
  const connect = phase('connect');
  const ssl = phase('ssl');
  const send = phase('send');
  const starts = [dns, connect, send]
    .filter((entry): entry is TimingPhase => entry !== undefined)
    .map((entry) => entry.startMs);
  const blockedAt = starts.length > 0 ? Math.min(...starts) : timing.startedMs;
  const dnsAt = dns ? Math.max(dns.endMs, blockedAt) : blockedAt;
  const connectedAt = connect ? Math.max(connect.endMs, dnsAt) : dnsAt;
  const sentAt = send ? Math.max(send.endMs, connectedAt) : connectedAt;
  const headersAt = Math.max(timing.headersMs ?? sentAt, sentAt);
  const endAt = Math.max(timing.totalMs, headersAt);
  return {
    timings: {
      blocked: round(blockedAt),
      dns: dns ? round(dnsAt - blockedAt) : -1,
      connect: connect ? round(connectedAt - dnsAt) : -1,
      send: round(sentAt - connectedAt),
      wait: round(headersAt - sentAt),
      receive: round(endAt - headersAt),
      ssl: ssl ? round(ssl.endMs - ssl.startMs) : -1,
    },
    time: round(endAt),
  };
}
