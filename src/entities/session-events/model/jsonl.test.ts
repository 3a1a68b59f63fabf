import { describe, expect, it, vi } from 'vitest';
import type { TelemetryEnvelope } from '../../../types/api';
import { eventKeys } from './event-item';
import { exportFileName, exportJsonl, imageToBase64, parseJsonl } from './jsonl';
import type { EventItem, TimelineItem } from './types';

function toItem(envelope: TelemetryEnvelope, index: number): EventItem {
  return {
    kind: 'event',
    index,
    tsUs: envelope.event.ts,
    epoch: 0,
    seq: envelope.seq,
    event: envelope.event,
    ...eventKeys(envelope.event),
    summary: envelope.event.type,
    error: false,
    level: null,
  };
}

const envelopes: TelemetryEnvelope[] = [
  {
    seq: 1,
    event: {
      ts: 1_763_705_600_123_456,
      type: 'console_log',
      category: 'console',
      source: { kind: 'cdp', event: 'Runtime.consoleAPICalled', metadata: { a: 'b' } },
      data: { level: 'log', text: 'héllo 👋 "quoted"\n', args: ['x', '1'] },
    },
  },
  {
    seq: 2,
    event: {
      ts: 1_763_705_600_200_000,
      type: 'cdp_connect',
      category: 'connection',
      source: { kind: 'kernel_api' },
    },
  },
  {
    seq: 5,
    event: {
      ts: 1_763_705_600_300_000,
      type: 'network_response',
      category: 'network',
      source: { kind: 'cdp' },
      data: null,
      truncated: true,
    },
  },
  {
    seq: 6,
    event: {
      ts: 1_763_705_600_400_000,
      type: 'brand_new_type',
      category: 'brand_new_category',
      source: { kind: 'extension' },
      data: { nested: { deep: [1, null, true] } },
    },
  },
];

const noImages = (): Promise<string | null> => Promise.reject(new Error('not a screenshot'));

/** jsdom's Blob has no text(): read it the way a browser without it would. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

async function lines(blob: Blob): Promise<string[]> {
  return (await readText(blob)).split('\n');
}

describe('exportJsonl and parseJsonl', () => {
  it('round-trips envelopes exactly as on the wire', async () => {
    const blob = await exportJsonl(envelopes.map(toItem), noImages);
    const text = await readText(blob);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n')[1]).toBe(
      '{"seq":2,"event":{"ts":1763705600200000,"type":"cdp_connect","category":"connection","source":{"kind":"kernel_api"}}}',
    );
    const parsed = parseJsonl(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.envelopes.map(({ seq, event }) => ({ seq, event }))).toEqual(envelopes);
    expect(parsed.envelopes.map((e) => e.line)).toEqual([1, 2, 3, 4]);
  });

  it('masks the session browser’s own credentials in headers unless asked for them', async () => {
    const request = toItem(
      {
        seq: 7,
        event: {
          ts: 7,
          type: 'network_request',
          category: 'network',
          source: { kind: 'cdp' },
          data: {
            url: 'https://shop.test/api',
            headers: {
              Authorization: 'Bearer s3cret',
              Cookie: 'sid=abc',
              'X-Api-Key': 'k3y',
              Accept: 'application/json',
            },
          },
        },
      },
      0,
    );
    const headersIn = async (blob: Blob): Promise<unknown> =>
      parseJsonl(await readText(blob)).envelopes[0]?.event.data?.headers;

    const masked = await readText(await exportJsonl([request], noImages));
    for (const secret of ['s3cret', 'sid=abc', 'k3y']) expect(masked).not.toContain(secret);
    expect(await headersIn(await exportJsonl([request], noImages))).toEqual({
      Authorization: '<masked>',
      Cookie: '<masked>',
      'X-Api-Key': '<masked>',
      Accept: 'application/json',
    });
    expect(await headersIn(await exportJsonl([request], noImages, { reveal: true }))).toEqual({
      Authorization: 'Bearer s3cret',
      Cookie: 'sid=abc',
      'X-Api-Key': 'k3y',
      Accept: 'application/json',
    });
  });

  it('puts screenshot images back into data.png, and marks released ones', async () => {
    const shot = (seq: number, url: string | null): EventItem => ({
      ...toItem(
        {
          seq,
          event: {
            ts: seq,
            type: 'monitor_screenshot',
            category: 'screenshot',
            source: { kind: 'cdp' },
            data: {},
          },
        },
        seq,
      ),
      screenshot: { url, bytes: 3 },
    });
    const readImage = vi.fn((item: EventItem) =>
      Promise.resolve(item.screenshot?.url ? 'iVBORw0=' : null),
    );
    const blob = await exportJsonl([shot(1, 'blob:1'), shot(2, null)], readImage);
    const { envelopes: back } = parseJsonl(await readText(blob));
    expect(back[0]?.event.data).toEqual({ png: 'iVBORw0=' });
    expect(back[1]?.event.data).toEqual({ png_released: true });
    expect(readImage).toHaveBeenCalledTimes(2);
  });

  it('does not read an image for a screenshot event that carried none', async () => {
    const readImage = vi.fn(() => Promise.resolve('x'));
    const item = toItem(
      {
        seq: 1,
        event: {
          ts: 1,
          type: 'monitor_screenshot',
          category: 'screenshot',
          source: { kind: 'cdp' },
          data: {},
        },
      },
      0,
    );
    const [line] = await lines(await exportJsonl([item], readImage));
    expect(JSON.parse(line ?? '')).toMatchObject({ event: { data: {} } });
    expect(readImage).not.toHaveBeenCalled();
  });

  it('exports 100,000 events', async () => {
    const many = function* (): Generator<EventItem> {
      for (let n = 0; n < 100_000; n++) {
        yield toItem({ seq: n + 1, event: { ...envelopes[0]!.event, ts: n } }, n);
      }
    };
    const blob = await exportJsonl(many(), noImages);
    const parsed = parseJsonl(await readText(blob));
    expect(parsed.envelopes).toHaveLength(100_000);
    expect(parsed.envelopes[99_999]?.seq).toBe(100_000);
  });
});

describe('annotations in an export', () => {
  const items: TimelineItem[] = [
    { kind: 'gap', index: 0, tsUs: 1_000, epoch: 0, from: 1, to: 4, cause: 'replay-start' },
    toItem(envelopes[0]!, 1),
    {
      kind: 'marker',
      index: 2,
      tsUs: 2_000,
      epoch: 0,
      marker: 'mark',
      text: 'clicked "Buy" \u2028',
    },
    { kind: 'marker', index: 3, tsUs: 3_000, epoch: 0, marker: 'imported', text: 'Opened a file' },
    {
      kind: 'gap',
      index: 4,
      tsUs: 4_000,
      epoch: 0,
      from: 10,
      to: 19,
      cause: 'mid-stream',
      recovered: 7,
    },
    { kind: 'marker', index: 5, tsUs: 5_000, epoch: 1, marker: 'restarted', text: 'Restarted.' },
    { kind: 'unreadable', index: 6, tsUs: 6_000, epoch: 1, raw: '{oops', reason: 'not JSON' },
  ];

  it('keeps marks, gaps (with what was recovered), markers and unreadable frames, in place', async () => {
    const text = await readText(await exportJsonl(items, noImages));
    const parsed = parseJsonl(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.envelopes.map((e) => e.line)).toEqual([2]);
    expect(parsed.annotations).toEqual([
      { line: 1, annotation: { kind: 'gap', ts: 1_000, from: 1, to: 4, cause: 'replay-start' } },
      { line: 3, annotation: { kind: 'mark', ts: 2_000, text: 'clicked "Buy" \u2028' } },
      {
        line: 4,
        annotation: { kind: 'gap', ts: 4_000, from: 10, to: 19, cause: 'mid-stream', recovered: 7 },
      },
      {
        line: 5,
        annotation: { kind: 'marker', marker: 'restarted', ts: 5_000, text: 'Restarted.' },
      },
      { line: 6, annotation: { kind: 'unreadable', ts: 6_000, raw: '{oops', reason: 'not JSON' } },
    ]);
  });

  it('writes annotation lines a reader of wire envelopes skips: no seq, no event', async () => {
    const all = (await lines(await exportJsonl(items, noImages))).filter(Boolean);
    const notes = all
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((v) => !('seq' in v));
    expect(notes).toHaveLength(5);
    for (const note of notes) expect(Object.keys(note)).toEqual(['session_console']);
  });

  it('reports a note it cannot read as a problem and goes on', () => {
    const text = [
      '{"session_console":{"kind":"mark","ts":"soon","text":"x"}}',
      '{"session_console":{"kind":"gap","ts":1,"from":1,"to":2,"cause":"aliens"}}',
      '{"session_console":{"kind":"marker","marker":"exploded","ts":1,"text":"x"}}',
      '{"session_console":{"kind":"mark","ts":9,"text":"kept"}}',
    ].join('\n');
    const parsed = parseJsonl(text);
    expect(parsed.problems.map((p) => p.line)).toEqual([1, 2, 3]);
    expect(parsed.annotations).toEqual([
      { line: 4, annotation: { kind: 'mark', ts: 9, text: 'kept' } },
    ]);
  });
});

describe('parseJsonl', () => {
  it('accepts CRLF, a byte order mark and blank lines', () => {
    const text =
      '\uFEFF{"seq":1,"event":{"ts":1,"type":"a","category":"c","source":{"kind":"cdp"}}}\r\n\r\n  \n{"seq":2,"event":{"ts":2,"type":"b","category":"c","source":{"kind":"cdp"}}}';
    const parsed = parseJsonl(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.envelopes.map((e) => [e.line, e.seq, e.event.type])).toEqual([
      [1, 1, 'a'],
      [4, 2, 'b'],
    ]);
  });

  it('reports bad lines with their number and reason, cut to 2 KB, and goes on', () => {
    const long = `{"seq":${'9'.repeat(5000)}`;
    const text = [
      'not json',
      '{"seq":0,"event":{"type":"a"}}',
      '{"seq":3,"event":{"type":"a","category":"c","ts":3}}',
      '[1,2]',
      '{"seq":4}',
      long,
      '{"seq":5,"event":{"category":"c"}}',
    ].join('\n');
    const { envelopes: good, problems } = parseJsonl(text);
    expect(good.map((e) => e.seq)).toEqual([3]);
    expect(problems.map((p) => p.line)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(problems[0]?.reason).toMatch(/^not JSON/);
    expect(problems[0]?.raw).toBe('not json');
    expect(problems[4]?.raw).toHaveLength(2048);
    expect(problems[5]?.reason).toBe('event.type is missing');
  });

  it('never throws on empty or odd input', () => {
    expect(parseJsonl('')).toEqual({ envelopes: [], problems: [], annotations: [] });
    expect(parseJsonl('\uFEFF\r\n')).toEqual({ envelopes: [], problems: [], annotations: [] });
    expect(parseJsonl('\u0000').problems).toHaveLength(1);
  });
});

describe('imageToBase64', () => {
  it('encodes the bytes of a blob, also when larger than one chunk', async () => {
    const bytes = new Uint8Array(100_000).map((_, n) => (n * 7) % 256);
    const encoded = await imageToBase64(new Blob([bytes], { type: 'image/png' }));
    expect(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))).toEqual(bytes);
    expect(await imageToBase64(new Blob([]))).toBe('');
  });
});

describe('exportFileName', () => {
  const when = new Date(2026, 10, 21, 6, 13, 59);

  it('stamps the local date and minute, and marks filtered exports', () => {
    expect(exportFileName('abc-123_X', when, false)).toBe(
      'telemetry-abc-123_X-20261121-0613.jsonl',
    );
    expect(exportFileName('abc', when, true)).toBe('telemetry-abc-20261121-0613-filtered.jsonl');
  });

  it('keeps only safe characters of the session id', () => {
    expect(exportFileName('../a b/ç:d', when, false)).toBe('telemetry-_a_b_d-20261121-0613.jsonl');
    expect(exportFileName('', when, false)).toBe('telemetry-session-20261121-0613.jsonl');
  });
});
