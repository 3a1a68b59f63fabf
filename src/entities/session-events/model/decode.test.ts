import { describe, expect, it } from 'vitest';
import { decodeEnvelope, type DecodedEnvelope } from './decode';

/** A captured `console_log` frame from the upstream stream. */
const CAPTURED = {
  seq: 41,
  event: {
    ts: 1_716_224_400_123_456,
    type: 'console_log',
    category: 'console',
    source: {
      kind: 'cdp',
      event: 'Runtime.consoleAPICalled',
      metadata: { cdp_session_id: 'A1B2' },
    },
    data: {
      level: 'info',
      text: 'hydrated',
      args: ['hydrated', '12ms'],
      url: 'https://shop.test/',
      nav_seq: 2,
    },
  },
};

const decode = (value: unknown): DecodedEnvelope => decodeEnvelope(JSON.stringify(value));
const withEvent = (change: Record<string, unknown>) =>
  decode({ seq: 1, event: { ...CAPTURED.event, ...change } });

function decoded(result: DecodedEnvelope) {
  if (!result.ok) throw new Error(`not decoded: ${result.reason}`);
  return result;
}

describe('decodeEnvelope', () => {
  it('decodes a valid envelope, keeping every field as sent', () => {
    expect(decode(CAPTURED)).toEqual({ ok: true, seq: 41, event: CAPTURED.event });
  });

  it.each([
    ['missing', {}],
    ['zero', { seq: 0 }],
    ['negative', { seq: -3 }],
    ['a float', { seq: 1.5 }],
    ['a string', { seq: '7' }],
    ['beyond safe integers', { seq: 2 ** 53 + 2 }],
  ])('rejects a seq that is %s', (_, seq) => {
    expect(decode({ ...seq, event: CAPTURED.event })).toEqual({
      ok: false,
      reason: 'seq is missing or not a positive integer',
    });
  });

  it('leaves only the source out when asked to skip it (a reader that only describes events)', () => {
    const skipped = decoded(decodeEnvelope(JSON.stringify(CAPTURED), 'skip'));
    expect(skipped.event).toEqual({ ...CAPTURED.event, source: { kind: 'unknown' } });
    expect(decoded(decodeEnvelope(JSON.stringify(CAPTURED))).event.source).toEqual(
      CAPTURED.event.source,
    );
  });

  it('rejects an envelope without an event object', () => {
    const reason = 'event is missing or not an object';
    expect(decode({ seq: 1 })).toEqual({ ok: false, reason });
    expect(decode({ seq: 1, event: [CAPTURED.event] })).toEqual({ ok: false, reason });
    expect(decode({ seq: 1, event: 'console_log' })).toEqual({ ok: false, reason });
  });

  it('rejects an event without a type', () => {
    const reason = 'event.type is missing';
    expect(withEvent({ type: undefined })).toEqual({ ok: false, reason });
    expect(withEvent({ type: '' })).toEqual({ ok: false, reason });
    expect(withEvent({ type: 3 })).toEqual({ ok: false, reason });
  });

  it("files an event without a category under 'unknown'", () => {
    expect(decoded(withEvent({ category: undefined })).event.category).toBe('unknown');
    expect(decoded(withEvent({ category: 7 })).event.category).toBe('unknown');
  });

  it('keeps unknown types and categories', () => {
    const { event } = decoded(withEvent({ type: 'proxy_error', category: 'proxy' }));
    expect([event.type, event.category]).toEqual(['proxy_error', 'proxy']);
  });

  it('keeps data that is not an object under data.value', () => {
    expect(decoded(withEvent({ data: 'plain text' })).event.data).toEqual({ value: 'plain text' });
    expect(decoded(withEvent({ data: [1, 2] })).event.data).toEqual({ value: [1, 2] });
    expect(decoded(withEvent({ data: 0 })).event.data).toEqual({ value: 0 });
  });

  it('keeps null data, and no data as no data', () => {
    expect(decoded(withEvent({ data: null })).event.data).toBeNull();
    expect(decoded(withEvent({ data: undefined })).event).not.toHaveProperty('data');
  });

  it('marks a truncated event only when truncated is true', () => {
    expect(decoded(withEvent({ truncated: true, data: null })).event).toMatchObject({
      truncated: true,
      data: null,
    });
    expect(decoded(withEvent({ truncated: 'yes' })).event).not.toHaveProperty('truncated');
  });

  it('survives a junk source and metadata', () => {
    expect(decoded(withEvent({ source: 'cdp' })).event.source).toEqual({ kind: 'unknown' });
    expect(decoded(withEvent({ source: { kind: '', event: 5 } })).event.source).toEqual({
      kind: 'unknown',
    });
    expect(
      decoded(
        withEvent({ source: { kind: 'extension', metadata: { a: 1, b: { c: true }, d: 'x' } } }),
      ).event.source,
    ).toEqual({ kind: 'extension', metadata: { a: '1', b: '{"c":true}', d: 'x' } });
    expect(decoded(withEvent({ source: { kind: 'cdp', metadata: ['x'] } })).event.source).toEqual({
      kind: 'cdp',
    });
  });

  it('turns a frame that is not JSON or not an object into a reason', () => {
    const broken = decodeEnvelope('{"seq": 1, "event": ');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reason).toMatch(/^not JSON: /);
    expect(decodeEnvelope('')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not JSON/),
    });
    expect(decodeEnvelope('[1]')).toEqual({ ok: false, reason: 'not a JSON object' });
    expect(decodeEnvelope('null')).toEqual({ ok: false, reason: 'not a JSON object' });
  });

  it('copes with huge numbers', () => {
    const far = decodeEnvelope(`{"seq":3,"event":{"ts":1e400,"type":"x","category":"y"}}`);
    expect(Number.isNaN(decoded(far).event.ts)).toBe(true);
    const big = decodeEnvelope(`{"seq":3,"event":{"ts":1e20,"type":"x","category":"y"}}`);
    expect(decoded(big).event.ts).toBe(1e20);
    expect(decoded(withEvent({ ts: 1.9 })).event.ts).toBe(1);
    expect(decodeEnvelope(`{"seq":1e400,"event":{"type":"x"}}`).ok).toBe(false);
  });

  it('keeps a hostile string verbatim', () => {
    const hostile =
      '<img src=x onerror=alert(1)></script>\u202e\u0000{{constructor.constructor("x")()}}\uD800';
    const { event } = decoded(withEvent({ type: hostile, data: { text: hostile } }));
    expect(event.type).toBe(hostile);
    expect(event.data?.text).toBe(hostile);
  });

  it('keeps a `__proto__` data key as plain data', () => {
    const { event } = decoded(
      decodeEnvelope('{"seq":1,"event":{"type":"x","data":{"__proto__":{"polluted":true}}}}'),
    );
    expect(Object.hasOwn(event.data ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps a `__proto__` metadata key', () => {
    const { event } = decoded(
      decodeEnvelope(
        '{"seq":1,"event":{"type":"x","source":{"kind":"cdp","metadata":{"__proto__":"v"}}}}',
      ),
    );
    expect(Object.entries(event.source.metadata ?? {})).toEqual([['__proto__', 'v']]);
  });
});
