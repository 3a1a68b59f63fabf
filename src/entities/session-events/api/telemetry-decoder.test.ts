import { describe, expect, it, vi } from 'vitest';
import { makeEventItem, liveEventItem, readEvent } from '../model/event-item';
import { decodeEnvelope } from '../model/decode';
import { errorGroupKey } from '../model/error-groups';
import { isTopLevelNavigation } from '../model/overview-columns';
import { NetworkIndex } from '../model/network';
import { NetworkPairing, TimelineCounts } from '../model/timeline-indexes';
import type { EventItem } from '../model/types';
import { FrameStaging } from './frame-staging';
import { createSseParser } from '../../../lib/sse/sse-parser';
import { FrameCutter } from '../../../lib/sse/stream-reader';
import type { SseMessage } from '../../../lib/sse/attempt';
import { frameText } from '../model/event-item';
import type { TelemetryFrame } from './telemetry-batch';
import { telemetryDecoder } from './telemetry-decoder';

const RECEIVED_MS = 1_763_705_600_000;

/** Messages through the worker's side and back, as the page receives them. */
function roundTripMessages(messages: SseMessage[]): TelemetryFrame[] {
  const bytes = new FrameStaging();
  const wires = messages.map((message) => telemetryDecoder.decode(message, RECEIVED_MS, bytes));
  return telemetryDecoder.unpack(telemetryDecoder.pack(wires, bytes).packed).toArray();
}

/** Frames through the worker's side and back, with no bytes from the reader. */
function roundTrip(texts: string[]): TelemetryFrame[] {
  return roundTripMessages(texts.map((data) => ({ data, event: '', id: '' })));
}

/** What a frame read by the worker holds, each field read from its batch. */
function cut(frame: TelemetryFrame | undefined) {
  if (!frame?.ok) return frame;
  const { batch, at } = frame;
  return {
    ok: frame.ok,
    text: frameText(frame),
    seq: batch.seq(at),
    ts: batch.ts(at),
    type: batch.type(at),
    category: batch.category(at),
    summary: batch.summary(at),
    error: batch.error(at),
    level: batch.level(at),
    requestId: batch.requestId(at),
    redirect: batch.redirect(at),
    errorKey: batch.errorKey(at),
    eager: frame.eager,
    topNavigation: batch.topNavigation(at),
    pageData: batch.pageData(at),
    truncated: batch.truncated(at),
    atUs: frame.atUs,
  };
}

function decoded(text: string) {
  const result = decodeEnvelope(text);
  if (!result.ok) throw new Error('fixture');
  return result.event;
}

const envelope = (seq: number, event: Record<string, unknown>) => JSON.stringify({ seq, event });

const consoleError = envelope(7, {
  ts: 1_763_705_600_123_456,
  type: 'console_error',
  category: 'console',
  source: { kind: 'cdp', event: 'Runtime.exceptionThrown' },
  data: { level: 'error', text: 'TypeError: x is undefined', stack_trace: { callFrames: [] } },
});
const request = envelope(8, {
  ts: 1_763_705_600_223_456,
  type: 'network_request',
  category: 'network',
  source: { kind: 'cdp' },
  data: { request_id: 'r9', method: 'GET', url: 'https://shop.test/a', is_redirect: true },
});
const noTs = envelope(9, { type: 'custom_thing', category: 'x', data: 'plain' });

describe('telemetryDecoder', () => {
  it('hands the page what the timeline needs of each event, worked out in the worker', () => {
    const [error, redirect, plain] = roundTrip([consoleError, request, noTs]).map(cut);
    expect(error).toEqual({
      ok: true,
      text: consoleError,
      seq: 7,
      ts: 1_763_705_600_123_456,
      type: 'console_error',
      category: 'console',
      summary: 'TypeError: x is undefined',
      error: true,
      level: 'error',
      requestId: null,
      redirect: false,
      errorKey: errorGroupKey({ ...makeEventItem(7, decoded(consoleError), 0, 0), index: 0 }),
      eager: false,
      topNavigation: false,
      // an error counts in its page visit, found by its tab and navigation (none here)
      pageData: '{}',
      truncated: false,
      atUs: RECEIVED_MS * 1000,
    });
    expect(error?.ok && error.errorKey).toBe('["TypeError: x is undefined"]');
    expect(redirect).toMatchObject({
      requestId: 'r9',
      redirect: true,
      level: null,
      error: false,
      errorKey: null,
      pageData: '',
    });
    expect(plain).toMatchObject({ ok: true, seq: 9, type: 'custom_thing', category: 'x' });
    expect(Number.isNaN(plain?.ok && plain.ts)).toBe(true);
  });

  it('tells an event whose data the server dropped, as its `truncated` says', () => {
    const dropped = envelope(10, {
      ts: 10,
      type: 'network_response',
      category: 'network',
      data: null,
      truncated: true,
    });
    const frames = roundTrip([dropped, request, consoleError]).map(cut);
    expect(frames.map((frame) => frame?.ok && frame.truncated)).toEqual([true, false, false]);
  });

  it('travels to the page in two buffers, the texts and the columns, read there as they were sent', () => {
    const bytes = new FrameStaging();
    const texts = [consoleError, request, '{"seq":', noTs];
    const wires = texts.map((data) =>
      telemetryDecoder.decode({ data, event: '', id: '' }, RECEIVED_MS, bytes),
    );
    const { packed, transfer } = telemetryDecoder.pack(wires, bytes);
    // as postMessage clones it: one buffer that several views share stays one buffer
    const received = structuredClone(packed, { transfer });
    expect(transfer).toHaveLength(2);
    expect(
      new Set([received.seqs, received.ends, received.flags].map((view) => view.buffer)).size,
    ).toBe(1);
    const frames = telemetryDecoder.unpack(received).toArray().map(cut);
    expect(frames).toEqual(roundTrip(texts).map(cut));
    expect(frames.map((frame) => frame?.ok && frame.seq)).toEqual([7, 8, false, 9]);
  });

  it('stages batch after batch in one staging as each would be staged alone', () => {
    // one staging serves a stream's every batch: its columns grow past their first size and are
    // written over by the next batch, where an unreadable frame takes the place of a read one
    const staging = new FrameStaging();
    const many = Array.from({ length: 150 }, (_, k) =>
      k % 3 === 0 ? consoleError.replace('"seq":7', `"seq":${k + 1}`) : request,
    );
    const batches = [many, ['{"seq":', noTs, 'not json'], [request], many.slice(0, 70)];
    for (const texts of batches) {
      const wires = texts.map((data) =>
        telemetryDecoder.decode({ data, event: '', id: '' }, RECEIVED_MS, staging),
      );
      const { packed } = telemetryDecoder.pack(wires, staging);
      // columns of exactly the batch's frames, whatever the staging held before
      expect(packed.times).toHaveLength(texts.length);
      expect(packed.seqs).toHaveLength(texts.length);
      const frames = telemetryDecoder.unpack(packed).toArray().map(cut);
      expect(frames).toEqual(roundTrip(texts).map(cut));
    }
    const [unreadable] = telemetryDecoder
      .unpack(
        telemetryDecoder.pack(
          [telemetryDecoder.decode({ data: '{"seq":', event: '', id: '' }, RECEIVED_MS, staging)],
          staging,
        ).packed,
      )
      .toArray();
    expect(unreadable).toMatchObject({ ok: false, text: '{"seq":' });
  });

  it('reads an unreadable frame in a place a read frame held in an earlier batch as unreadable', () => {
    const staging = new FrameStaging();
    const first = telemetryDecoder.decode(
      { data: request, event: '', id: '' },
      RECEIVED_MS,
      staging,
    );
    telemetryDecoder.pack([first], staging);
    const again = telemetryDecoder.decode({ data: '[1]', event: '', id: '' }, RECEIVED_MS, staging);
    const { packed } = telemetryDecoder.pack([again], staging);
    expect([packed.seqs[0], packed.flags[0], packed.spans[0], packed.spans[1]]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(packed.types[0]).toBe(0);
    expect(telemetryDecoder.unpack(packed).at(0)).toMatchObject({ ok: false, text: '[1]' });
  });

  it('keeps an unreadable frame with its text and the reason', () => {
    const [frame] = roundTrip(['{"seq":1,"event":']);
    expect(frame).toMatchObject({ ok: false, text: '{"seq":1,"event":' });
    expect(frame?.ok === false && frame.reason).toMatch(/^not JSON/);
  });

  it('tells navigations of the top frame from those of an iframe, as the parsed event does', () => {
    const navigation = (seq: number, data: Record<string, unknown>) =>
      envelope(seq, { ts: seq, type: 'page_navigation', category: 'page', data });
    const texts = [
      navigation(1, { url: 'https://a.test/' }),
      navigation(2, { url: 'https://a.test/', parent_frame_id: '' }),
      navigation(3, { url: 'https://ads.test/', parent_frame_id: 'F1' }),
      envelope(4, { ts: 4, type: 'page_load', category: 'page', data: {} }),
    ];
    const frames = roundTrip(texts);
    expect(frames.map((frame) => frame.ok && frame.batch.topNavigation(frame.at))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    for (const text of texts) {
      const [frame] = roundTrip([text]);
      if (!frame?.ok) throw new Error('not read');
      const item = liveEventItem(frame, 0) as EventItem;
      const parsed = { ...makeEventItem(frame.seq, decoded(text), 0, 0), index: 0 };
      expect(isTopLevelNavigation(item)).toBe(isTopLevelNavigation(parsed));
      // an item made elsewhere without the flag reads it from its event
      const { topNavigation, ...unflagged } = parsed;
      expect(isTopLevelNavigation(unflagged)).toBe(topNavigation);
    }
  });

  it('takes a text’s bytes where the reader says they are, before the reader reuses them', () => {
    const encoder = new TextEncoder();
    // one read's buffer as the reader hands it over: frames, their ids and the blank lines
    const body = `id: 7\ndata: ${consoleError}\n\nid: 8\ndata: ${request}\n\n`;
    const read = encoder.encode(body);
    const at = (text: string) => {
      const start = body.indexOf(text);
      return { bytes: read, bytesStart: start, bytesEnd: start + text.length };
    };
    const bytes = new FrameStaging();
    const first = telemetryDecoder.decode(
      { data: consoleError, event: '', id: '7', ...at(consoleError) },
      RECEIVED_MS,
      bytes,
    );
    const second = telemetryDecoder.decode(
      { data: request, event: '', id: '8', ...at(request) },
      RECEIVED_MS,
      bytes,
    );
    read.fill(0x7a); // the next read, into the same buffer
    const frames = telemetryDecoder.unpack(telemetryDecoder.pack([first, second], bytes).packed);
    expect(frames.toArray().map((frame) => cut(frame)?.text)).toEqual([consoleError, request]);
    expect(frames.toArray().map(cut)).toEqual(roundTrip([consoleError, request]).map(cut));
  });

  it('cuts every text and summary of a mixed batch back out of the bytes and string it travels in', () => {
    const hostile = envelope(10, {
      ts: 2,
      type: 'console_log',
      category: 'console',
      data: { level: 'log', text: 'ünïcödé 🚀 \u202e reversed' },
    });
    const texts = [consoleError, '', '{"seq":1,"event":', hostile, request, 'x'];
    const frames = roundTrip(texts);
    expect(frames.map((frame) => cut(frame)?.text)).toEqual(texts);
    const summaries = frames.map((frame) => {
      const read = cut(frame);
      return read?.ok ? read.summary : 'unreadable';
    });
    expect(summaries).toEqual([
      'TypeError: x is undefined',
      'unreadable',
      'unreadable',
      'ünïcödé 🚀 \u202e reversed',
      'GET https://shop.test/a (redirect)',
      'unreadable',
    ]);
  });

  it('leaves screenshots for the page to read whole (their image becomes an object URL there)', () => {
    const [frame] = roundTrip([
      envelope(3, {
        ts: 1,
        type: 'monitor_screenshot',
        category: 'monitor',
        data: { png: 'AA==' },
      }),
    ]);
    expect(cut(frame)).toMatchObject({ ok: true, eager: true });
  });
});

/**
 * A stream's frames read as the stream worker reads them, with frames found in each read first
 * (FrameCutter with telemetryDecoder.scan) and the rest parsed, and by the parser alone, each
 * packed and unpacked: the frames the page receives, and how many were found in their read.
 */
function readBothWays(stream: Uint8Array, cuts: readonly number[]) {
  const read = (wires: unknown[], bytes: FrameStaging) =>
    telemetryDecoder
      .unpack(telemetryDecoder.pack(wires as never[], bytes).packed)
      .toArray()
      .map(cut);
  const aloneBytes = new FrameStaging();
  const alone: unknown[] = [];
  const parser = createSseParser((message) =>
    alone.push(telemetryDecoder.decode(message, RECEIVED_MS, aloneBytes)),
  );
  parser.push(new TextDecoder().decode(stream));

  const bytes = new FrameStaging();
  const wires: unknown[] = [];
  const inParser = createSseParser((message) =>
    wires.push(telemetryDecoder.decode(message, RECEIVED_MS, bytes)),
  );
  const pieceDecoder = new TextDecoder();
  const frame = { end: 0 };
  let found = 0;
  const cutter = new FrameCutter(
    (piece, start, limit, text) => {
      const wire = telemetryDecoder.scan?.(piece, start, limit, RECEIVED_MS, bytes, frame, text);
      if (wire === undefined) return -1;
      found += 1;
      wires.push(wire);
      return frame.end;
    },
    (piece) => inParser.push(pieceDecoder.decode(piece, { stream: true })),
    telemetryDecoder.scansText,
  );
  // each piece is read into the same buffer, as the reader reads them
  const buffer = new Uint8Array(stream.length);
  let from = 0;
  for (const at of [...cuts, stream.length]) {
    buffer.set(stream.subarray(from, at));
    cutter.push(buffer.subarray(0, at - from));
    buffer.fill(0x7a);
    from = at;
  }
  inParser.push(pieceDecoder.decode());
  return { alone: read(alone, aloneBytes), found: read(wires, bytes), count: found };
}

describe('telemetryDecoder.scan', () => {
  const escaped = envelope(11, {
    ts: 3,
    type: 'console_log',
    category: 'console',
    data: { level: 'log', text: 'line one\nline "two" \\ \u001b[31mred' },
  });
  const accented = envelope(12, {
    ts: 4,
    type: 'console_log',
    category: 'console',
    data: { level: 'log', text: 'café 😀' },
  });
  const frames = [
    `id: 7\ndata: ${consoleError}\n\n`,
    `id: 8\ndata: ${request}\n\n`,
    ':\n\n',
    `data: ${escaped}\n\n`,
    'id: 13\ndata: {"seq":13,"event":\n\n',
    `id: 9\ndata: ${noTs}\n\n`,
    `id: 14\nevent: other\ndata: ${request.replace('"seq":8', '"seq":14')}\n\n`,
    `data: ${request.replace('"seq":8', '"seq":15')}\ndata: \n\n`,
    'id: 16\ndata:\n\n',
    'id: 18\ndata: \n\n',
    `data: ${consoleError.replace('"seq":7', '"seq":17')}\nid: 17\n\n`,
  ];
  const encoder = new TextEncoder();

  it('reads each frame of the contract’s shape from its read as the parser’s message reads', () => {
    const stream = encoder.encode(frames.join(''));
    const whole = readBothWays(stream, []);
    expect(whole.found).toEqual(whole.alone);
    expect(whole.alone).toHaveLength(8);
    // with and without an id line, escapes and an unreadable frame among them
    expect(whole.count).toBe(5);
    expect(whole.alone.map((frame) => frame?.text)).toContain(escaped);
    for (let at = 0; at <= stream.length; at += 1) {
      const { alone, found } = readBothWays(stream, [at]);
      expect(found, String(at)).toEqual(alone);
    }
    for (let step = 1; step < 40; step += 7) {
      const cuts = Array.from({ length: Math.floor(stream.length / step) }, (_, k) => k * step);
      const { alone, found } = readBothWays(stream, cuts);
      expect(found, `every ${step} bytes`).toEqual(alone);
    }
  });

  it('leaves a read whose text is not its bytes character for byte, or that holds a CR, to the parser', () => {
    const plain = `id: 7\ndata: ${consoleError}\n\nid: 8\ndata: ${request}\n\n`;
    const cases = [
      `${plain}id: 12\ndata: ${accented}\n\n${plain}`,
      `${plain}id: 9\r\ndata: ${noTs}\r\n\r\n${plain}`,
      // a CR ends the data line: the parser reads the frame, and a comment after it
      `${plain}data: ${noTs}\r: note\n\n${plain}`,
      `\uFEFF${plain}${plain}${plain}`,
    ];
    for (const body of cases) {
      const stream = encoder.encode(body);
      const whole = readBothWays(stream, []);
      expect(whole.found, body).toEqual(whole.alone);
      expect(whole.count, body).toBe(0);
      // the reads after it are read again: the first frame of each was cut, and went to the parser
      const middle = stream.indexOf(0x0a, stream.length / 2);
      const cutUp = readBothWays(stream, [middle, Math.floor((stream.length * 3) / 4)]);
      expect(cutUp.found, body).toEqual(cutUp.alone);
      expect(cutUp.count, body).toBeGreaterThan(0);
    }
    expect(
      readBothWays(encoder.encode(cases[0] as string), []).alone.map((f) => f?.text),
    ).toContain(accented);
  });
});

describe('live event items', () => {
  const live = (text: string): EventItem => {
    const [frame] = roundTrip([text]);
    if (!frame?.ok) throw new Error('not read');
    // an instance, not a copy: `event` is a getter
    return liveEventItem(frame, 2) as EventItem;
  };

  it('are the items the same event makes when parsed on the page', () => {
    for (const text of [consoleError, request, noTs]) {
      const item = live(text);
      const decoded = decodeEnvelope(text);
      if (!decoded.ok) throw new Error('fixture');
      const parsed = {
        ...makeEventItem(decoded.seq, decoded.event, 2, RECEIVED_MS * 1000),
        index: 0,
      };
      for (const key of [
        'seq',
        'epoch',
        'tsUs',
        'type',
        'category',
        'requestId',
        'redirect',
        'summary',
        'error',
        'level',
      ] as const) {
        expect(item[key], key).toEqual(parsed[key]);
      }
      // worked out in the worker for the live item, from the event for the parsed one
      expect(errorGroupKey(item)).toBe(errorGroupKey(parsed));
      expect(item.event).toEqual(parsed.event);
    }
  });

  it('count by type, category and level as the same events parsed on the page do', () => {
    const texts = [consoleError, request, noTs, request, consoleError];
    const frames = roundTrip(texts);
    const liveCounts = new TimelineCounts();
    const pageCounts = new TimelineCounts();
    texts.forEach((text, index) => {
      const frame = frames[index];
      if (!frame?.ok) throw new Error('not read');
      // the instance itself: its fields are getters on its prototype
      const item = liveEventItem(frame, 2) as EventItem;
      item.index = index;
      liveCounts.add(item);
      const decoded = decodeEnvelope(text);
      if (!decoded.ok) throw new Error('fixture');
      pageCounts.add({ ...makeEventItem(decoded.seq, decoded.event, 2, 0), index });
    });
    for (const counts of [liveCounts, pageCounts]) {
      expect(Object.fromEntries(counts.typeCounts)).toEqual({
        console_error: 2,
        network_request: 2,
        custom_thing: 1,
      });
      expect(Object.fromEntries(counts.categoryCounts)).toEqual({ console: 2, network: 2, x: 1 });
      expect(Object.fromEntries(counts.levelCounts)).toEqual({ error: 2 });
    }
  });

  it('hold their place in their batch, not copies of what the batch holds', () => {
    const [frame] = roundTrip([consoleError]);
    if (!frame?.ok) throw new Error('not read');
    const item = liveEventItem(frame, 3);
    // a retained item is traced by every garbage collection: its summary, type, level, time and
    // group key are read from the batch, so no string of them and no boxed time is its own
    expect(Object.values(item).filter((value) => typeof value === 'string')).toEqual([]);
    expect(Object.values(item).filter((value) => typeof value === 'number')).toEqual([0, 3, 0]);
    expect(item).toMatchObject({ kind: 'event', seq: 7, type: 'console_error', level: 'error' });
  });

  it('parse the event when it is first read and keep it; a pass over many items does not keep it', () => {
    const [frame] = roundTrip([consoleError]);
    if (!frame?.ok) throw new Error('not read');
    const item = liveEventItem(frame, 0) as EventItem;
    const passing = readEvent(item);
    expect(passing.data?.text).toBe('TypeError: x is undefined');
    expect(readEvent(item)).not.toBe(passing);
    const kept = item.event;
    expect(item.event).toBe(kept);
    expect(readEvent(item)).toBe(kept);
  });

  it('decode text from their batch’s bytes, cut summary and request id from its string, and take a new summary', () => {
    const [frame] = roundTrip([request]);
    if (!frame?.ok) throw new Error('not read');
    const item = liveEventItem(frame, 0) as EventItem & { text: string };
    expect(item.text).toBe(request);
    expect(item.requestId).toBe('r9');
    expect(item.summary).toBe('GET https://shop.test/a (redirect)');
    item.summary = 'net::ERR_FAILED · GET https://shop.test/a';
    expect(item.summary).toBe('net::ERR_FAILED · GET https://shop.test/a');
    expect(item.text).toBe(request);
  });

  it('name a failed load after its request when its summary is first read, not when it arrives', () => {
    const failed = envelope(10, {
      ts: 1_763_705_600_323_456,
      type: 'network_loading_failed',
      category: 'network',
      data: { request_id: 'r9', error_text: 'net::ERR_FAILED' },
    });
    const items = roundTrip([request, failed]).map((frame, index) => {
      if (!frame?.ok) throw new Error('not read');
      const item = liveEventItem(frame, 0) as EventItem;
      item.index = index;
      return item;
    });
    const pairing = new NetworkPairing(new NetworkIndex());
    const parse = vi.spyOn(JSON, 'parse');
    try {
      for (const item of items) pairing.add(item);
      // a busy stream's failures are mostly never shown: neither event is parsed as they arrive
      expect(parse).not.toHaveBeenCalled();
      expect(items[1]?.summary).toBe('net::ERR_FAILED · GET https://shop.test/a');
      expect(parse).toHaveBeenCalledTimes(2);
      expect(items[1]?.summary).toBe('net::ERR_FAILED · GET https://shop.test/a');
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
    // a failure whose request is not held keeps the summary it came with
    const [alone, untouched] = roundTrip([failed, failed]).map((frame) => {
      if (!frame?.ok) throw new Error('not read');
      return liveEventItem(frame, 0) as EventItem;
    });
    if (!alone || !untouched) throw new Error('not read');
    new NetworkPairing(new NetworkIndex()).add(alone);
    expect(alone.summary).toBe(untouched.summary);
  });
});
