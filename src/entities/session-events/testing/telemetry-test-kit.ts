/** Builders of telemetry events and buffer items for the store and model tests. */
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { FrameStaging } from '../api/frame-staging';
import type { FrameBatch } from '../api/telemetry-batch';
import { telemetryDecoder } from '../api/telemetry-decoder';
import { liveEventItem, makeEventItem } from '../model/event-item';
import type { EventItem, GapCause, MarkerKind, TelemetryEvent } from '../model/types';
import type { NewItem } from '../stores/telemetry-buffer';

/** 2024-01-01T00:00:00Z in microseconds: the time the built events start from. */
export const T0 = 1_704_067_200_000_000;

/** A 1×1 PNG, base64 as it comes in `monitor_screenshot` data. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_BYTES = atob(PNG_BASE64).length;
/** The same PNG as bytes, as a bundle stores it. */
export const PNG_DATA = Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0));

const CATEGORY_PREFIXES: [string, string][] = [
  ['monitor_screenshot', 'screenshot'],
  ['console_', 'console'],
  ['network_', 'network'],
  ['page_', 'page'],
  ['interaction_', 'interaction'],
  ['monitor_', 'monitor'],
  ['system_', 'system'],
  ['service_', 'system'],
];

/** The category the upstream sends a known type under; `other` for the rest. */
export function categoryOf(type: string): string {
  return CATEGORY_PREFIXES.find(([prefix]) => type.startsWith(prefix))?.[1] ?? 'other';
}

export interface EventSpec {
  type?: string;
  data?: Record<string, unknown> | null;
  /** Defaults to T0 + seq seconds. */
  ts?: number;
  category?: string;
}

/** A wire event (as decoded) for seq `seq`. */
export function telemetryEvent(seq: number, spec: EventSpec = {}): TelemetryEvent {
  const type = spec.type ?? 'console_log';
  return {
    ts: spec.ts ?? T0 + seq * 1_000_000,
    type,
    category: spec.category ?? categoryOf(type),
    source: { kind: 'cdp' },
    data: spec.data === undefined ? { text: `event ${seq}` } : spec.data,
  };
}

/** An event item as the timeline builds it (summary, error flag, level, search text, image). */
export function eventAt(seq: number, spec: EventSpec = {}, epoch = 0): NewItem {
  const event = telemetryEvent(seq, spec);
  return makeEventItem(seq, event, epoch, event.ts);
}

/**
 * Events of a live stream as the timeline holds them: their frames read by the stream worker's
 * decoder, packed and unpacked into one batch, each item a place in it (event-item.ts). The batch
 * too, to watch what is read of it.
 */
export function liveEventsAt(
  events: TelemetryEvent[],
  epoch = 0,
): { items: EventItem[]; batch: FrameBatch } {
  const bytes = new FrameStaging();
  const wires = events.map((event, seq) =>
    telemetryDecoder.decode(
      { data: JSON.stringify({ seq: seq + 1, event }), event: '', id: '' },
      0,
      bytes,
    ),
  );
  const batch = telemetryDecoder.unpack(telemetryDecoder.pack(wires, bytes).packed);
  const items = batch.toArray().map((frame, index) => {
    if (!frame.ok) throw new Error(`frame ${index} not read: ${frame.reason}`);
    const item = liveEventItem(frame, epoch) as EventItem;
    item.index = index;
    return item;
  });
  return { items, batch };
}

export function screenshotAt(seq: number, epoch = 0): NewItem {
  return eventAt(seq, { type: 'monitor_screenshot', data: { png: PNG_BASE64 } }, epoch);
}

export function gapItem(
  from: number,
  to: number,
  cause: GapCause = 'mid-stream',
  epoch = 0,
): NewItem {
  return { kind: 'gap', from, to, cause, tsUs: T0 + to * 1_000_000, epoch };
}

export function markerItem(marker: MarkerKind, epoch = 0, tsUs = T0): NewItem {
  return { kind: 'marker', marker, text: `${marker} marker`, tsUs, epoch };
}

export function unreadableItem(raw: string, tsUs = T0, epoch = 0): NewItem {
  return { kind: 'unreadable', raw, reason: 'not JSON', tsUs, epoch };
}

export interface ObjectUrlStubs {
  create: Mock<(blob: Blob) => string>;
  revoke: Mock<(url: string) => void>;
  restore: () => void;
}

/** jsdom has no object URLs: hands out `blob:test/1`, `blob:test/2`… and records revocations. */
export function stubObjectUrls(): ObjectUrlStubs {
  let made = 0;
  const create = vi.fn((_blob: Blob) => `blob:test/${++made}`);
  const revoke = vi.fn((_url: string) => undefined);
  const target = URL as unknown as Record<string, unknown>;
  const saved = { create: target.createObjectURL, revoke: target.revokeObjectURL };
  target.createObjectURL = create;
  target.revokeObjectURL = revoke;
  return {
    create,
    revoke,
    restore() {
      target.createObjectURL = saved.create;
      target.revokeObjectURL = saved.revoke;
    },
  };
}

/** For the tests of a file that make screenshots: stubObjectUrls around each test. */
export function stubObjectUrlsInEachTest(): void {
  let urls: ObjectUrlStubs | undefined;
  beforeEach(() => {
    urls = stubObjectUrls();
  });
  afterEach(() => urls?.restore());
}
