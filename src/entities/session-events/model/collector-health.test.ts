import { describe, expect, it } from 'vitest';
import { eventAt } from '../testing/telemetry-test-kit';
import { CollectorHealth, incidentBanners } from './collector-health';
import type { EventItem } from './types';

let nextIndex = 0;

/** Feeds one event (seq = its index + 1, ts = T0 + seq s) and returns the item. */
function feed(health: CollectorHealth, type: string, data: Record<string, unknown> | null = {}) {
  const index = nextIndex++;
  const item = { ...eventAt(index + 1, { type, data }), index } as EventItem;
  health.add(item);
  return item;
}

const at = (item: EventItem): number => item.tsUs;

describe('CollectorHealth', () => {
  it('starts ok and ignores events that say nothing about health', () => {
    const health = new CollectorHealth();
    feed(health, 'console_log', { text: 'hi' });
    feed(health, 'monitor_screenshot', {});
    expect(health.collector).toEqual({ state: 'ok' });
    expect(health.incidents).toEqual([]);
  });

  it('follows a disconnect, the reconnect and a final failure', () => {
    const health = new CollectorHealth();
    const down = feed(health, 'monitor_disconnected', { reason: 'chrome_restarted' });
    expect(health.collector).toEqual({
      state: 'disconnected',
      sinceUs: at(down),
      reason: 'chrome_restarted',
      index: down.index,
    });
    // a second disconnect while down keeps the time it went down
    feed(health, 'monitor_disconnected', {});
    expect(health.collector).toMatchObject({ state: 'disconnected', sinceUs: at(down) });

    const up = feed(health, 'monitor_reconnected', { reconnect_duration_ms: 1_250 });
    expect(health.collector).toEqual({
      state: 'reconnected',
      atUs: at(up),
      afterMs: 1_250,
      index: up.index,
    });

    const downAgain = feed(health, 'monitor_disconnected', null);
    expect(health.collector).toMatchObject({
      state: 'disconnected',
      sinceUs: at(downAgain),
      reason: 'no reason given',
    });
    const gaveUp = feed(health, 'monitor_reconnect_failed', { reason: 'reconnect_exhausted' });
    expect(health.collector).toEqual({
      state: 'gave-up',
      atUs: at(gaveUp),
      reason: 'reconnect_exhausted',
      index: gaveUp.index,
    });
  });

  it('reports a reconnect without a duration', () => {
    const health = new CollectorHealth();
    feed(health, 'monitor_reconnected', { reconnect_duration_ms: '12' });
    expect(health.collector).toMatchObject({ state: 'reconnected', afterMs: null });
  });

  it('reports a collector that failed to start, with the step', () => {
    const health = new CollectorHealth();
    const failed = feed(health, 'monitor_init_failed', { step: 'attach_targets' });
    expect(health.collector).toEqual({
      state: 'init-failed',
      atUs: at(failed),
      step: 'attach_targets',
      index: failed.index,
    });
    feed(health, 'monitor_init_failed', { step: '' });
    expect(health.collector).toMatchObject({ step: 'unknown step' });
  });

  it('describes crashed services and OOM kills as incidents', () => {
    const health = new CollectorHealth();
    const crash = feed(health, 'service_crashed', { service_name: 'chromium', phase: 'running' });
    feed(health, 'service_crashed', { service_name: 'neko', phase: 'gave_up', pid: 7 });
    feed(health, 'service_crashed', {});
    const oom = feed(health, 'system_oom_kill', { process_name: 'chromium', pid: 4242 });
    feed(health, 'system_oom_kill', { pid: '4242' });
    expect(health.incidents.map((incident) => [incident.kind, incident.text])).toEqual([
      ['crash', 'Service chromium crashed (running)'],
      ['crash', 'Service neko crashed (gave_up), and the supervisor gave up restarting it'],
      ['crash', 'Service (unnamed) crashed (unknown phase)'],
      ['oom', 'Out of memory: the kernel killed chromium (pid 4242)'],
      ['oom', 'Out of memory: the kernel killed a process'],
    ]);
    expect(health.incidents[0]).toMatchObject({ tsUs: at(crash), index: crash.index });
    expect(health.incidents[3]).toMatchObject({ tsUs: at(oom), index: oom.index });
    expect(health.collector).toEqual({ state: 'ok' });
  });

  it('keeps the newest 20 incidents of each kind, so crashes never push out an OOM kill', () => {
    const health = new CollectorHealth();
    const oom = feed(health, 'system_oom_kill', { process_name: 'chromium' });
    const crashes = Array.from({ length: 25 }, () =>
      feed(health, 'service_crashed', { service_name: 'neko', phase: 'running' }),
    );
    expect(health.incidents).toHaveLength(21);
    expect(health.incidents[0]?.index).toBe(oom.index);
    expect(health.incidents[1]?.index).toBe(crashes[5]?.index);
  });

  it('shows one banner per kind of incident, the most serious first', () => {
    const health = new CollectorHealth();
    const oom = feed(health, 'system_oom_kill', { process_name: 'chromium', pid: 9 });
    const first = feed(health, 'service_crashed', { service_name: 'neko', phase: 'running' });
    const page = feed(health, 'page_crashed', { url: 'https://shop.test/' });
    const again = feed(health, 'service_crashed', { service_name: 'neko', phase: 'running' });
    const banners = incidentBanners(health.incidents, []);
    // the OOM kill first although older: a later crash does not hide it
    expect(banners.map((banner) => [banner.latest.text, banner.count])).toEqual([
      ['Out of memory: the kernel killed chromium (pid 9)', 1],
      ['Service neko crashed (running)', 2],
      ['A page crashed: its renderer process died: https://shop.test/', 1],
    ]);
    expect(banners[1]).toMatchObject({
      firstUs: at(first),
      indexes: [first.index, again.index],
      latest: { index: again.index },
    });
    // dismissed ones are left out; the rest keep their order
    expect(incidentBanners(health.incidents, [oom.index]).map((b) => b.group)).toEqual([
      'service:neko',
      'page',
    ]);
    expect(incidentBanners(health.incidents, [page.index, oom.index])).toHaveLength(1);
  });

  it('keeps saying a service was given up on when it crashes again after', () => {
    const health = new CollectorHealth();
    feed(health, 'service_crashed', { service_name: 'neko', phase: 'gave_up' });
    const later = feed(health, 'service_crashed', { service_name: 'neko', phase: 'running' });
    const [banner] = incidentBanners(health.incidents, []);
    expect(banner?.latest.text).toContain('gave up');
    expect(banner?.latest.index).toBe(later.index);
    expect(banner?.count).toBe(2);
  });

  it('reports a crashed page as an incident, with its URL', () => {
    const health = new CollectorHealth();
    const crash = feed(health, 'page_crashed', {
      target_id: 'T1',
      target_type: 'page',
      url: 'https://shop.example.test/checkout',
    });
    feed(health, 'page_crashed', { target_id: 'T2' });
    expect(health.incidents.map((incident) => [incident.kind, incident.text])).toEqual([
      ['crash', 'A page crashed: its renderer process died: https://shop.example.test/checkout'],
      ['crash', 'A page crashed: its renderer process died'],
    ]);
    expect(health.incidents[0]).toMatchObject({ index: crash.index });
  });

  it('forgets everything on clear', () => {
    const health = new CollectorHealth();
    feed(health, 'monitor_reconnect_failed', {});
    feed(health, 'system_oom_kill', {});
    health.clear();
    expect(health.collector).toEqual({ state: 'ok' });
    expect(health.incidents).toEqual([]);
  });
});
