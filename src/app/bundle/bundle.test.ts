import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeSavedLines } from '../../features/logs/api/log-decoder';
import { LogBuffer, type LogLine } from '../../features/logs/stores/log-buffer';
import { buildHar } from '../../features/network/model/har';
import { computeNetworkRows } from '../../entities/session-events/model/network-table';
import { computePages } from '../../entities/session-events/model/pages';
import type { EventItem, TimelineItem } from '../../entities/session-events/model/types';
import { createFileTimeline } from '../../entities/session-events/stores/file-timeline';
import {
  PNG_BASE64,
  PNG_DATA,
  stubObjectUrlsInEachTest,
  T0,
  telemetryEvent,
} from '../../entities/session-events/testing/telemetry-test-kit';
import { logFileStem } from './bundle-format';
import { readBundle } from './read-bundle';
import { showBundle, useOpenedBundle } from './open-bundle';
import { bundleFileName, writeBundleParts, type BundleInput } from './write-bundle';

stubObjectUrlsInEachTest();

const MS0 = T0 / 1000;

function timeline() {
  return createFileTimeline({
    name: 'session.jsonl',
    envelopes: [
      {
        seq: 1,
        event: telemetryEvent(1, {
          type: 'network_request',
          data: {
            request_id: 'r1',
            method: 'GET',
            url: 'https://shop.test/api/cart?x=1',
            headers: { Authorization: 'Bearer s3cret', Accept: 'application/json' },
          },
        }),
      },
      {
        seq: 2,
        event: telemetryEvent(2, {
          type: 'network_response',
          data: {
            request_id: 'r1',
            url: 'https://shop.test/api/cart?x=1',
            status: 500,
            headers: { 'Set-Cookie': 'sid=abc', 'Content-Type': 'application/json' },
            body: '{"error":"inventory"}',
          },
        }),
      },
      {
        seq: 3,
        event: telemetryEvent(3, { type: 'monitor_screenshot', data: { png: PNG_BASE64 } }),
      },
      { seq: 7, event: telemetryEvent(7, { type: 'console_error', data: { text: 'boom' } }) },
    ],
    problems: [],
    annotations: [
      {
        line: 4,
        annotation: {
          kind: 'gap',
          ts: T0 + 4e6,
          from: 4,
          to: 6,
          cause: 'mid-stream',
          recovered: 1,
        },
      },
      { line: 5, annotation: { kind: 'mark', ts: T0 + 5e6, text: 'cart broke <b>here</b>' } },
    ],
    capacity: 100,
  });
}

function logLines(): LogLine[] {
  const buffer = new LogBuffer(100);
  buffer.append(
    decodeSavedLines([
      { text: '2024-01-01T00:00:01Z INFO chromium started', readMs: MS0 + 5_000, notice: false },
      { text: 'no time here', readMs: Number.NaN, notice: false },
      { text: 'a line\nwith a break', readMs: MS0 + 5_020, notice: false },
      {
        text: 'reconnected: lines written while disconnected are not shown',
        readMs: MS0 + 9_000,
        notice: true,
      },
      { text: '[1:2:0101/000008.500:ERROR:x.cc(1)] boom', readMs: MS0 + 9_500, notice: false },
    ]),
  );
  return buffer.lines(false);
}

function input(overrides: Partial<BundleInput> = {}): BundleInput {
  const source = timeline();
  const items: TimelineItem[] = [];
  source.buffer.forEach((item) => items.push(item));
  const rows = computeNetworkRows(source.buffer, (item) => source.buffer.network.exchangeOf(item));
  const reveal = overrides.reveal ?? false;
  return {
    session: { id: 'abc123', created_at: '2024-01-01T00:00:00Z', ended_at: null },
    app: { name: 'Session Console', version: '9.9.9' },
    created: new Date(MS0 + 60_000),
    items,
    imageBytes: async (item: EventItem) => (item.screenshot ? PNG_DATA : null),
    har: buildHar(rows, computePages(source.buffer), { reveal, version: '9.9.9' }),
    logs: [
      {
        source: { kind: 'supervisor', target: 'chromium', follow: false },
        label: 'chromium',
        lines: logLines(),
        filters: {
          include: 'ERROR',
          exclude: '',
          search: 'boom',
          hidden_levels: ['debug'],
          time_source: 'auto',
        },
      },
      {
        source: { kind: 'path', target: '/var/log/app.log', follow: true },
        label: 'app.log',
        lines: [],
        filters: { include: '', exclude: '', search: '', hidden_levels: [], time_source: 'read' },
      },
    ],
    view: 'tp=network&nf=status-code%3A500',
    reveal,
    screenshots: true,
    ...overrides,
  };
}

async function bytesOf(parts: Promise<Uint8Array[]>): Promise<Uint8Array> {
  const chunks = await parts;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

function opened(result: ReturnType<typeof readBundle>) {
  if (!result.ok) throw new Error(result.reason);
  return result.bundle;
}

describe('the debug bundle', () => {
  it('holds every part with a manifest, and opens again as the same session', async () => {
    const bytes = await bytesOf(writeBundleParts(input()));
    const names = Object.keys(unzipSync(bytes)).sort();
    expect(names).toEqual([
      'logs/01-chromium.lines.json',
      'logs/01-chromium.log',
      'logs/02-app.lines.json',
      'logs/02-app.log',
      'manifest.json',
      'network.har',
      'screenshots/000001.png',
      'telemetry.jsonl',
    ]);
    const manifest = JSON.parse(
      new TextDecoder().decode(unzipSync(bytes)['manifest.json']),
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      format: 'session-console-bundle',
      version: 1,
      app: { name: 'Session Console', version: '9.9.9' },
      session: { id: 'abc123' },
      secrets: 'masked',
      telemetry: {
        events: 4,
        marks: [{ at: new Date(MS0 + 5_000).toISOString(), text: 'cart broke <b>here</b>' }],
        gaps: [{ from: 4, to: 6, cause: 'mid-stream', recovered: 1, missing: 2 }],
      },
      network: { requests: 1 },
      screenshots: { included: true, count: 1, files: ['screenshots/000001.png'] },
      view: 'tp=network&nf=status-code%3A500',
      time_range: {
        from: new Date(MS0 + 1_000).toISOString(),
        to: new Date(MS0 + 8_500).toISOString(),
      },
    });

    const bundle = opened(readBundle(bytes));
    expect(bundle.missing).toEqual([]);
    expect(bundle.facts).toEqual({
      sessionId: 'abc123',
      sessionCreated: '2024-01-01T00:00:00Z',
      created: new Date(MS0 + 60_000).toISOString(),
      secrets: 'masked',
      screenshotsIncluded: true,
      view: 'tp=network&nf=status-code%3A500',
    });
    expect(bundle.envelopes.map((envelope) => envelope.seq)).toEqual([1, 2, 3, 7]);
    expect(bundle.envelopes[2]?.event.data).toEqual({ png: PNG_BASE64 });
    expect(bundle.annotations.map((line) => line.annotation.kind)).toEqual(['gap', 'mark']);

    // the lines, their read times, notices and the line with a break come back as they were
    const [chromium, app] = bundle.logs;
    expect(chromium?.source).toEqual({ kind: 'supervisor', target: 'chromium', follow: false });
    expect(chromium?.filters?.search).toBe('boom');
    expect(chromium?.lines).toEqual(
      logLines().map((line) => ({ text: line.plain, readMs: line.timeMs, notice: line.notice })),
    );
    expect(app?.lines).toEqual([]);
    // and read as a stream again, each line states its time as before
    const again = new LogBuffer(100);
    again.append(decodeSavedLines(chromium?.lines ?? []));
    expect(again.lines(false).map((line) => [line.statedMs, line.inherited])).toEqual(
      logLines().map((line) => [line.statedMs, line.inherited]),
    );
  });

  it('masks secret headers in the telemetry and the HAR unless asked for them', async () => {
    const read = async (reveal: boolean) => {
      const files = unzipSync(await bytesOf(writeBundleParts(input({ reveal }))));
      return {
        jsonl: new TextDecoder().decode(files['telemetry.jsonl']),
        har: new TextDecoder().decode(files['network.har']),
      };
    };
    const masked = await read(false);
    for (const text of [masked.jsonl, masked.har]) {
      expect(text).not.toContain('s3cret');
      expect(text).not.toContain('sid=abc');
      expect(text).toContain('<masked>');
      expect(text).toContain('application/json');
    }
    const revealed = await read(true);
    expect(revealed.jsonl).toContain('Bearer s3cret');
    expect(revealed.har).toContain('sid=abc');
  });

  it('leaves screenshots out when asked, and says so where the image was', async () => {
    const bytes = await bytesOf(writeBundleParts(input({ screenshots: false })));
    expect(Object.keys(unzipSync(bytes)).some((name) => name.startsWith('screenshots/'))).toBe(
      false,
    );
    const bundle = opened(readBundle(bytes));
    expect(bundle.facts.screenshotsIncluded).toBe(false);
    expect(bundle.envelopes[2]?.event.data).toEqual({ png_omitted: true });
  });

  it('opens what it has of a damaged bundle, and says what is missing', async () => {
    const files = unzipSync(await bytesOf(writeBundleParts(input())));
    delete files['screenshots/000001.png'];
    delete files['logs/02-app.log'];
    files['logs/01-chromium.lines.json'] = strToU8('{not json');
    const bundle = opened(readBundle(zipSync(files)));
    expect(bundle.missing).toEqual([
      'screenshots/000001.png: absent',
      'logs/01-chromium.log: its read times could not be read; lines show their own',
      'logs/02-app.log: absent',
    ]);
    expect(bundle.logs).toHaveLength(1);
    // without the read times, the line with a break is two lines, none lost
    expect(bundle.logs[0]?.lines.map((line) => line.text)).toHaveLength(6);
    expect(bundle.envelopes).toHaveLength(4);
  });

  it('says why a file is not a bundle it can open', () => {
    const reason = (bytes: Uint8Array) => {
      const result = readBundle(bytes);
      return result.ok ? 'opened' : result.reason;
    };
    expect(reason(strToU8('<html>not a zip</html>'))).toMatch(/^it is not a zip file/);
    expect(reason(zipSync({ 'notes.txt': strToU8('hi') }))).toBe(
      'it has no manifest.json: not a Session Console bundle',
    );
    expect(reason(zipSync({ 'manifest.json': strToU8('{') }))).toBe(
      'its manifest.json is not JSON',
    );
    expect(reason(zipSync({ 'manifest.json': strToU8('{"format":"other"}') }))).toBe(
      'its manifest.json is not a Session Console bundle’s',
    );
    expect(
      reason(
        zipSync({ 'manifest.json': strToU8('{"format":"session-console-bundle","version":2}') }),
      ),
    ).toMatch(/newer Session Console \(bundle version 2; this one reads 1\)/);
  });

  it('names its files safely', () => {
    expect(logFileStem(0, '/var/log/app.log')).toBe('01-var_log_app');
    expect(logFileStem(11, '../../etc/passwd')).toBe('12-etc_passwd');
    expect(logFileStem(2, '')).toBe('03-log');
    expect(bundleFileName('id/with:odd', new Date(2024, 0, 2, 3, 4))).toBe(
      'bundle-id_with_odd-20240102-0304.zip',
    );
  });
});

describe('an opened bundle’s relative times', () => {
  it('count from the session’s creation, as in the session’s own view, not from the first event', () => {
    const manifest = {
      format: 'session-console-bundle',
      version: 1,
      session: { id: 'abc123', created_at: '2024-01-01T00:00:00.250Z', ended_at: null },
      logs: [],
    };
    const event = {
      seq: 1,
      event: { ...telemetryEvent(1), ts: Date.UTC(2024, 0, 1, 0, 13) * 1000 },
    };
    const bytes = zipSync({
      'manifest.json': strToU8(JSON.stringify(manifest)),
      'telemetry.jsonl': strToU8(`${JSON.stringify(event)}\n`),
    });
    expect(showBundle('session.zip', readBundle(bytes))).toBeNull();
    const timeline = useOpenedBundle.getState()?.timeline;
    expect(timeline?.buffer.originUs).toBe(Date.parse('2024-01-01T00:00:00.250Z') * 1000);
  });
});
